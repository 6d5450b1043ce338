import type { IndexedFile, RepositoryIndex } from '@sightline/codebase';
import { describe, expect, it } from 'vitest';
import { moduleName, titleNameMatches } from './title-name.js';

function indexOf(paths: string[]): RepositoryIndex {
  const entries = paths.map((path): [string, IndexedFile] => [
    path,
    {
      path,
      language: 'java',
      size: 1,
      lineCount: 10,
      mtimeMs: 0,
      definitions: [],
      references: [],
    },
  ]);
  return { root: '/repo', files: new Map(entries), skipped: [] };
}

describe('moduleName', () => {
  it('is the base name without extensions, or the folder of a module entry file', () => {
    expect(moduleName('src/main/java/org/csv/CSVParser.java')).toBe('CSVParser');
    expect(moduleName('src/cards/top-languages-card.js')).toBe('top-languages-card');
    expect(moduleName('src/types.d.ts')).toBe('types');
    expect(moduleName('src/parser/index.ts')).toBe('parser');
    expect(moduleName('src/net/mod.rs')).toBe('net');
    expect(moduleName('pkg/__init__.py')).toBe('pkg');
    expect(moduleName('index.js')).toBe('index');
  });
});

describe('titleNameMatches', () => {
  const index = indexOf([
    'src/sym/ByteQuadsCanonicalizer.java',
    'src/sym/CharsToNameCanonicalizer.java',
    'src/json/ReaderBasedJsonParser.java',
    'src/json/UTF8StreamJsonParser.java',
    'src/json/JsonWriteContext.java',
    'src/util/BufferRecycler.java',
  ]);
  const all = [...index.files.keys()];

  it('gives the whole share to a file whose name the title uses whole', () => {
    const matches = titleNameMatches(index, 'ByteQuadsCanonicalizer loses entries', all);
    expect(matches.get('src/sym/ByteQuadsCanonicalizer.java')?.share).toBe(1);
    // `Canonicalizer` alone is part of both canonicalizers' names, not the whole of either.
    const other = matches.get('src/sym/CharsToNameCanonicalizer.java')?.share ?? 0;
    expect(other).toBeGreaterThan(0);
    expect(other).toBeLessThan(1);
  });

  it('weighs a rare word of a name above one that many names share', () => {
    const matches = titleNameMatches(index, 'Reader based parsing of json', all);
    const reader = matches.get('src/json/ReaderBasedJsonParser.java')?.share ?? 0;
    const stream = matches.get('src/json/UTF8StreamJsonParser.java')?.share ?? 0;
    // `json` is in three names, `reader` and `based` in one: the reader parser leads.
    expect(reader).toBeGreaterThan(stream);
    expect(matches.get('src/json/UTF8StreamJsonParser.java')?.terms).toEqual(['json']);
  });

  it('matches prose spellings of a name by its stemmed words', () => {
    const matches = titleNameMatches(index, 'Buffer recycling leaks memory', all);
    expect(matches.get('src/util/BufferRecycler.java')?.terms).toContain('buffer');
  });

  it('scores nothing for an empty title or files the title does not name', () => {
    expect(titleNameMatches(index, '', all).size).toBe(0);
    expect(titleNameMatches(index, 'Crash on startup', all).size).toBe(0);
  });
});
