import type { IndexedFile } from '@sightline/codebase';
import { describe, expect, it } from 'vitest';
import { reasonsForRange } from './range-reasons.js';

/** `lib/cli.js` of json5 2.2.1, as indexed: `JSON5` at line 6, `usage` at lines 137–152. */
const CLI: IndexedFile = {
  path: 'lib/cli.js',
  language: 'javascript',
  size: 1,
  lineCount: 152,
  mtimeMs: 0,
  definitions: [
    ['JSON5', [6, 6]],
    ['parseArgs', [73, 131]],
    ['usage', [137, 152]],
  ].map(([name, lines]) => ({
    name: name as string,
    kind: 'function' as const,
    path: 'lib/cli.js',
    lines: lines as [number, number],
    scope: [],
    signature: '',
  })),
  references: [],
};

describe('reasonsForRange', () => {
  it('says where a named definition outside the range is, and keeps those inside as they are', () => {
    expect(
      reasonsForRange(
        [
          'BM25 match: console, log',
          'BM25 match in `usage`: log, console',
          'BM25 match in `parseArgs`: argv',
          'defines `JSON5` mentioned in the report',
          'defines `usage`, called by `main` that the report names',
          'defines `JSON5.parse`, named by the error message',
          'PageRank 0.068 (focus: JSON5)',
        ],
        CLI,
        [137, 152],
      ),
    ).toEqual([
      'BM25 match: console, log',
      'BM25 match in `usage`: log, console',
      'elsewhere in the file (line 73): BM25 match in `parseArgs`: argv',
      'elsewhere in the file (line 6): defines `JSON5` mentioned in the report',
      'defines `usage`, called by `main` that the report names',
      // `JSON5.parse` is looked up by its member name, which this file does not define.
      'defines `JSON5.parse`, named by the error message',
      'PageRank 0.068 (focus: JSON5)',
    ]);
  });

  it('holds a definition for the range when they overlap (a method inside, a class around)', () => {
    expect(reasonsForRange(['defines `parseArgs` mentioned'], CLI, [100, 110])).toEqual([
      'defines `parseArgs` mentioned',
    ]);
    expect(reasonsForRange(['defines `usage` mentioned'], CLI, [130, 160])).toEqual([
      'defines `usage` mentioned',
    ]);
  });

  it('checks a frame line of this file against the range, not a frame into another file', () => {
    expect(
      reasonsForRange(
        [
          'innermost in-app frame: lib/cli.js:140 in usage, where TypeError was raised',
          'in-app frame 2 of the stack (a caller): lib/cli.js:8',
          'innermost in-app frame: dist/index.js:8 (a bundle frame, traced to the source line it copies)',
        ],
        CLI,
        [137, 152],
      ),
    ).toEqual([
      'innermost in-app frame: lib/cli.js:140 in usage, where TypeError was raised',
      'elsewhere in the file (line 8): in-app frame 2 of the stack (a caller): lib/cli.js:8',
      'innermost in-app frame: dist/index.js:8 (a bundle frame, traced to the source line it copies)',
    ]);
  });

  it('names the twin a definition was found in when the file shown does not define it', () => {
    expect(
      reasonsForRange(['defines `render` mentioned in the report'], CLI, [137, 152], 'dist/cli.js'),
    ).toEqual(['in dist/cli.js: defines `render` mentioned in the report']);
  });
});
