import { countTokens } from '@sightline/core';
import { describe, expect, it } from 'vitest';
import { handIndex } from './__fixtures__/hand-index.js';
import { renderRepositoryMap } from './render-map.js';
import type { RepositoryIndex } from './types.js';

const index = handIndex({
  'src/parser.ts': {
    definitions: [
      { name: 'Parser', kind: 'class', lines: [3, 40], signature: 'export class Parser {' },
      {
        name: 'parseInline',
        kind: 'method',
        lines: [10, 20],
        scope: ['Parser'],
        signature: 'parseInline(src: string): Node[] {',
      },
      {
        name: 'parseBlock',
        kind: 'method',
        lines: [22, 38],
        scope: ['Parser'],
        signature: 'parseBlock(src: string): Node[] {',
      },
    ],
    references: ['tokenize', 'tokenize'],
  },
  'src/lexer.ts': {
    definitions: [
      { name: 'tokenize', lines: [5, 30], signature: 'export function tokenize(src: string) {' },
    ],
  },
  'src/main.ts': { references: ['Parser', 'parseInline'] },
  'README.md': {},
});

/** A bigger index: 60 files of 10 functions each, each file using the previous file's functions. */
function bigIndex(): RepositoryIndex {
  const files: Parameters<typeof handIndex>[0] = {};
  for (let f = 0; f < 60; f++) {
    const names = Array.from({ length: 10 }, (_, d) => `module${f}Function${d}`);
    const previous =
      f > 0 ? Array.from({ length: 10 }, (_, d) => `module${f - 1}Function${d}`) : [];
    files[`src/module-${f}.ts`] = {
      definitions: names.map((name) => ({
        name,
        signature: `export function ${name}(input: string, options?: Options): Result`,
      })),
      references: previous,
    };
  }
  return handIndex(files);
}

describe('renderRepositoryMap', () => {
  it('shows every file with line numbers and enclosing scopes when the budget allows', () => {
    const map = renderRepositoryMap(index, { tokens: 1000 });
    expect(map.text).toBe(
      [
        'src/lexer.ts:',
        '5│ export function tokenize(src: string) {',
        'src/parser.ts:',
        ' 3│ export class Parser {',
        '10│   parseInline(src: string): Node[] {',
        '22│   parseBlock(src: string): Node[] {',
        'README.md',
        'src/main.ts',
        '',
      ].join('\n'),
    );
    expect(map).toMatchObject({
      shownFiles: 4,
      omittedFiles: 0,
      shownSymbols: 4,
      omittedSymbols: 0,
    });
    expect(map.tokens).toBe(countTokens(map.text));
    expect(map.files.map((file) => [file.path, file.symbols.map((symbol) => symbol.name)])).toEqual(
      [
        ['src/lexer.ts', ['tokenize']],
        ['src/parser.ts', ['Parser', 'parseInline', 'parseBlock']],
        ['README.md', []],
        ['src/main.ts', []],
      ],
    );
  });

  it('shows the definition enclosing a frame line first, with its class for context', () => {
    const map = renderRepositoryMap(index, {
      tokens: 40,
      focus: { frames: [{ path: 'src/parser.ts', line: 25 }] },
    });
    expect(map.text.split('\n')[0]).toBe('src/parser.ts:');
    expect(map.files[0]?.symbols.map((symbol) => symbol.name)).toContain('parseBlock');
    expect(map.files[0]?.symbols.map((symbol) => symbol.name)).toContain('Parser');
    expect(map.tokens).toBeLessThanOrEqual(40);
  });

  it('orders files around the focus: frames first (innermost first), then mentioned names, then rank', () => {
    const map = renderRepositoryMap(index, {
      tokens: 1000,
      focus: {
        frames: [
          { path: 'src/lexer.ts', line: 12 },
          { path: 'src/parser.ts', line: 25 },
        ],
      },
    });
    expect(map.files.map((file) => file.path)).toEqual([
      'src/lexer.ts',
      'src/parser.ts',
      'README.md',
      'src/main.ts',
    ]);
    const reversed = renderRepositoryMap(index, {
      tokens: 1000,
      focus: {
        frames: [
          { path: 'src/parser.ts', line: 25 },
          { path: 'src/lexer.ts', line: 12 },
        ],
      },
    });
    expect(reversed.files.map((file) => file.path).slice(0, 2)).toEqual([
      'src/parser.ts',
      'src/lexer.ts',
    ]);
  });

  it('never exceeds the budget and counts what it left out', () => {
    const big = bigIndex();
    for (const budget of [20, 64, 128, 256, 512, 1024, 2048]) {
      const map = renderRepositoryMap(big, { tokens: budget });
      expect(map.tokens).toBeLessThanOrEqual(budget);
      expect(map.tokens).toBe(countTokens(map.text));
      expect(map.shownFiles + map.omittedFiles).toBe(60);
      expect(map.shownSymbols + map.omittedSymbols).toBe(600);
      expect(map.shownSymbols).toBe(map.files.reduce((sum, file) => sum + file.symbols.length, 0));
      expect(map.text.trimEnd().split('\n').at(-1)).toBe(
        `(${map.omittedFiles} more files and ${map.omittedSymbols} more symbols not shown)`,
      );
      // Budget well used: one more ranked definition would not have fitted by much.
      expect(map.tokens).toBeGreaterThan(budget - 40);
    }
  });

  it('shows more with a bigger budget, and counts tokens in the chosen encoding', () => {
    const big = bigIndex();
    const small = renderRepositoryMap(big, { tokens: 256 });
    const large = renderRepositoryMap(big, { tokens: 1024, encoding: 'cl100k_base' });
    expect(large.shownSymbols).toBeGreaterThan(small.shownSymbols);
    expect(large.tokens).toBe(countTokens(large.text, { encoding: 'cl100k_base' }));
  });

  it('puts definitions of a focus identifier first', () => {
    const map = renderRepositoryMap(bigIndex(), {
      tokens: 100,
      focus: { identifiers: ['module42Function7'] },
    });
    expect(map.text.split('\n').slice(0, 2)).toEqual([
      'src/module-42.ts:',
      '71│ export function module42Function7(input: string, options?: Options): Result',
    ]);
  });

  it('returns an empty map when not even the summary fits, and an empty one for an empty index', () => {
    expect(renderRepositoryMap(bigIndex(), { tokens: 3 })).toEqual({
      text: '',
      tokens: 0,
      files: [],
      shownFiles: 0,
      omittedFiles: 60,
      shownSymbols: 0,
      omittedSymbols: 600,
    });
    expect(renderRepositoryMap(handIndex({}), { tokens: 100 })).toEqual({
      text: '',
      tokens: 0,
      files: [],
      shownFiles: 0,
      omittedFiles: 0,
      shownSymbols: 0,
      omittedSymbols: 0,
    });
  });
});

describe('renderRepositoryMap: runs of near-identical members', () => {
  const states = ['start', 'comment', 'string', 'number', 'identifier', 'escape', 'end'];
  /** A lexer: an object of 7 states `name ()` (one line each, 10 apart), then two functions. */
  const lexer = handIndex({
    'lib/lexer.js': {
      definitions: [
        { name: 'lexStates', kind: 'variable', lines: [1, 80], signature: 'const lexStates = {' },
        ...states.map((name, position) => ({
          name,
          kind: 'method' as const,
          lines: [2 + position * 10, 10 + position * 10] as [number, number],
          scope: ['lexStates'],
          signature: `${name} () {`,
        })),
        {
          name: 'token',
          kind: 'field',
          lines: [75, 75],
          scope: ['lexStates'],
          signature: 'token: null,',
        },
        { name: 'lex', lines: [82, 90], signature: 'function lex () {' },
        { name: 'read', lines: [92, 99], signature: 'function read () {' },
      ],
    },
  });

  it('shows the first two of a long run and counts the rest with their lines', () => {
    expect(renderRepositoryMap(lexer, { tokens: 1000 }).text).toBe(
      [
        'lib/lexer.js:',
        ' 1│ const lexStates = {',
        ' 2│   start () {',
        '12│   comment () {',
        '  │   … 5 more like these (lines 22–70)',
        '75│   token: null,',
        '82│ function lex () {',
        '92│ function read () {',
        '',
      ].join('\n'),
    );
  });

  it('never collapses a member the focus names, and leaves short runs alone', () => {
    const focused = renderRepositoryMap(lexer, {
      tokens: 1000,
      focus: { identifiers: ['escape'] },
    }).text;
    expect(focused).toContain('52│   escape () {');
    expect(focused).toContain('  │   … 3 more like these (lines 22–50)');
    const short = handIndex({
      'lib/lexer.js': {
        definitions: [
          { name: 'lexStates', kind: 'variable', lines: [1, 40], signature: 'const lexStates = {' },
          ...states.slice(0, 4).map((name, position) => ({
            name,
            kind: 'method' as const,
            lines: [2 + position * 10, 10 + position * 10] as [number, number],
            scope: ['lexStates'],
            signature: `${name} () {`,
          })),
        ],
      },
    });
    expect(renderRepositoryMap(short, { tokens: 1000 }).text).not.toContain('more like these');
  });
});
