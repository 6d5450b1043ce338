import { describe, expect, it } from 'vitest';
import { emptyIndexNote } from './empty-index.js';
import type { IndexedFile } from './types.js';

/** An index of files by path and language, none skipped unless given. */
function index(files: [string, string | null][], skipped = 0) {
  return {
    files: new Map(
      files.map(([path, language]) => [path, { path, language } as IndexedFile] as const),
    ),
    skipped: Array.from({ length: skipped }, (_, at) => ({ path: `b${at}.bin`, reason: 'binary' })),
  };
}

describe('emptyIndexNote', () => {
  it('says nothing when any file is code, parsed or not (trial 26: shell scripts were no code)', () => {
    for (const code of [
      ['src/a.ts', 'typescript'],
      ['App.swift', null],
      ['bin/tool.sh', null],
      ['db/schema.sql', null],
      ['Dockerfile', null],
      ['contracts/Token.sol', null],
    ] as [string, string | null][]) {
      expect(emptyIndexNote('/r', index([['README.md', null], code]), 'x'), code[0]).toBeNull();
    }
  });

  it('names the files that are not code, and .gitignore when it may have left the code out', () => {
    expect(emptyIndexNote('/r', index([['README.md', null]]), 'the map is empty')).toBe(
      'no code was indexed in /r (1 file indexed, none of them code: README.md); the map is empty. Run it on a folder that holds source code in a supported language.',
    );
    const ignoring = index([
      ['.gitignore', null],
      ['README.md', null],
      ['config.json', null],
      ['docs/a.md', null],
    ]);
    expect(emptyIndexNote('/r', ignoring, 'x')).toBe(
      'no code was indexed in /r (4 files indexed, none of them code: .gitignore, README.md, config.json and 1 more; check what .gitignore leaves out); x. Run it on a folder that holds source code in a supported language.',
    );
    // A name with a space or a comma is quoted, so the list reads as the files it names.
    expect(
      emptyIndexNote(
        '/r',
        index([
          ['my notes.txt', null],
          ['a,b.md', null],
        ]),
        'x',
      ),
    ).toContain('none of them code: "a,b.md", "my notes.txt");');
  });

  it('says why nothing was indexed', () => {
    expect(emptyIndexNote('/r', index([]), 'x')).toBe(
      'nothing was indexed in /r (0 files indexed: the folder holds no files outside .gitignore and vendored folders); x. Run it on a folder that holds source code in a supported language.',
    );
    expect(emptyIndexNote('/r', index([], 2), 'x')).toContain(
      '(0 files indexed, 2 files skipped as binary, generated, vendored, too large, secret or unreadable)',
    );
  });
});
