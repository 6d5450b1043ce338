import { describe, expect, it } from 'vitest';
import { findDefinitions } from './find-definitions.js';
import type { Definition, DefinitionKind, IndexedFile, RepositoryIndex } from './types.js';

function definition(
  path: string,
  name: string,
  kind: DefinitionKind,
  line: number,
  scope: string[] = [],
): Definition {
  return { name, kind, path, lines: [line, line + 2], scope, signature: `${kind} ${name}` };
}

function indexOf(definitions: Definition[]): RepositoryIndex {
  const files = new Map<string, IndexedFile>();
  for (const item of definitions) {
    const file = files.get(item.path) ?? {
      path: item.path,
      language: 'typescript',
      size: 1,
      lineCount: 100,
      mtimeMs: 0,
      definitions: [],
      references: [],
    };
    file.definitions.push(item);
    files.set(item.path, file);
  }
  return { root: '/repo', files, skipped: [] };
}

const parseInTest = definition('src/parser.test.ts', 'parse', 'function', 3);
const parseMethod = definition('src/parser.ts', 'parse', 'method', 20, ['Parser']);
const parseFunction = definition('src/z-util.ts', 'parse', 'function', 5);
const parseOther = definition('src/lexer.ts', 'parse', 'method', 8, ['Lexer']);
const upperParse = definition('src/legacy.ts', 'Parse', 'function', 1);
const parserClass = definition('src/parser.ts', 'Parser', 'class', 10);
const index = indexOf([
  parseInTest,
  parseMethod,
  parseFunction,
  parseOther,
  upperParse,
  parserClass,
]);

describe('findDefinitions', () => {
  it('returns exact matches, source before tests, then by kind, path and line', () => {
    expect(findDefinitions(index, 'parse')).toEqual([
      parseFunction,
      parseOther,
      parseMethod,
      parseInTest,
    ]);
  });

  it('falls back to a case-insensitive match only when nothing matches exactly', () => {
    expect(findDefinitions(index, 'Parse')).toEqual([upperParse]);
    expect(findDefinitions(index, 'PARSER')).toEqual([parserClass]);
  });

  it('filters by kind', () => {
    expect(findDefinitions(index, 'parse', { kind: 'method' })).toEqual([parseOther, parseMethod]);
  });

  it('matches qualified names against the scope', () => {
    expect(findDefinitions(index, 'Parser.parse')).toEqual([parseMethod]);
    expect(findDefinitions(index, 'Lexer::parse')).toEqual([parseOther]);
    expect(findDefinitions(index, 'lexer#PARSE')).toEqual([parseOther]);
  });

  it('returns nothing for unknown or empty names', () => {
    expect(findDefinitions(index, 'missing')).toEqual([]);
    expect(findDefinitions(index, '  ')).toEqual([]);
  });
});
