import type { IndexedFile, RepositoryIndex } from '@sightline/codebase';
import { describe, expect, it } from 'vitest';
import { proseLines } from './prose-lines.js';

/** An index of files of the given line counts: all proseLines reads of one. */
function indexOf(lineCounts: Record<string, number>): RepositoryIndex {
  const files = new Map(
    Object.entries(lineCounts).map(([path, lineCount]) => [
      path,
      { path, lineCount } as IndexedFile,
    ]),
  );
  return { root: '/srv/tiny-query', files } as RepositoryIndex;
}

const index = indexOf({ 'lib/utils.js': 9, 'lib/parse.js': 16, 'lib/stringify.js': 14 });

describe('proseLines', () => {
  it('reads a line named in prose, a compiler message and a permalink, by repository path', () => {
    const text = [
      'The merge goes wrong in lib/utils.js:8, see below.',
      '/home/me/tiny-query/lib/parse.js:15:3: warning: unused value',
      'Introduced in [this line](https://github.com/acme/tiny-query/blob/0a1b2c3/lib/stringify.js#L9-L11).',
      'Also lib/utils.js:4 (the first line of a file wins).',
    ].join('\n');
    expect([...proseLines(text, index)]).toEqual([
      ['lib/utils.js', 8],
      ['lib/parse.js', 15],
      ['lib/stringify.js', 9],
    ]);
  });

  it('names no line of a file the repository lacks, nor one past its end, nor a version', () => {
    const text = 'lib/other.js:3, lib/utils.js:900, node v20.11:1 and README.md without a line';
    expect([...proseLines(text, index)]).toEqual([]);
  });
});
