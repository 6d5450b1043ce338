import type { RepositoryIndex } from '@sightline/codebase';
import { parseReport } from '@sightline/intake';
import { describe, expect, it } from 'vitest';
import { unreadableEntries, unreadableFrameBefore } from './unreadable-frames.js';

const TRACE = `TypeError: Cannot read properties of undefined (reading 'length')
    at Object.table (/srv/app/node_modules/markdown-it/lib/rules_block/table.js:42:10)
    at ParserBlock.tokenize (/srv/app/node_modules/markdown-it/lib/parser_block.js:80:12)
    at MarkdownIt.parse (/srv/app/node_modules/markdown-it/lib/index.js:520:13)`;

/** What an index whose walk could not read `paths` (files, and folders ending with `/`) lists. */
const indexWith = (paths: string[]) =>
  unreadableEntries({
    skipped: [
      { path: 'big.bin', reason: 'too-large' },
      ...paths.map((path) => ({ path, reason: 'unreadable' })),
    ],
  } as unknown as RepositoryIndex);

describe('unreadableFrameBefore', () => {
  const report = parseReport(TRACE);
  const resolved = report.exceptions[0]?.frames[1]?.raw ?? '';

  it('finds the frame before the resolved one in an unreadable folder or file', () => {
    expect(unreadableFrameBefore(report, indexWith(['lib/rules_block/']), resolved)).toMatchObject({
      path: 'lib/rules_block/table.js',
      frame: { function: 'Object.table', line: 42 },
    });
    expect(
      unreadableFrameBefore(report, indexWith(['lib/rules_block/table.js']), resolved)?.path,
    ).toBe('lib/rules_block/table.js');
  });

  it('finds none when nothing was unreadable, or only frames after the resolved one are', () => {
    expect(unreadableFrameBefore(report, indexWith([]), resolved)).toBeUndefined();
    expect(unreadableFrameBefore(report, indexWith(['lib/index.js']), resolved)).toBeUndefined();
    // A path that only ends like an unreadable entry is another file.
    expect(unreadableFrameBefore(report, indexWith(['block/table.js']), resolved)).toBeUndefined();
  });
});
