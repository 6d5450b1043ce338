import { describe, expect, it } from 'vitest';
import { findQuote, isMeaningfulQuote, normalizeWhitespace } from './find-quote.js';

const lines = ['function a() {', '  const x = 1;', '', '  return x;', '}', 'const x = 1;'];

describe('findQuote', () => {
  it('finds single-line, partial and multi-line quotes, whitespace-normalised', () => {
    expect(findQuote(lines, 'return x;', 4)).toEqual({ found: true, occurrences: [4] });
    expect(findQuote(lines, 'x = 1', 2)).toEqual({ found: true, occurrences: [2, 6] });
    expect(findQuote(lines, 'const x = 1;\n\n    return   x;', 2)).toEqual({
      found: true,
      occurrences: [2],
    });
  });

  it('accepts a start within the tolerance and rejects one beyond it', () => {
    expect(findQuote(lines, 'function a() {', 4).found).toBe(true);
    expect(findQuote(lines, 'function a() {', 5).found).toBe(false);
    expect(findQuote(lines, 'function a() {', 2, 0).found).toBe(false);
  });

  it('never finds an empty or absent quote', () => {
    expect(findQuote(lines, '  \n ', 1)).toEqual({ found: false, occurrences: [] });
    expect(findQuote(lines, 'return y;', 4)).toEqual({ found: false, occurrences: [] });
    expect(findQuote(lines, 'xreturn', 4)).toEqual({ found: false, occurrences: [] });
  });
});

describe('normalizeWhitespace', () => {
  it('collapses runs of whitespace and trims', () => {
    expect(normalizeWhitespace('\t a \n\n  b  ')).toBe('a b');
  });
});

describe('isMeaningfulQuote', () => {
  it('takes a quote with a name, a keyword or one-letter names, not braces or punctuation alone', () => {
    expect(
      [
        '}',
        '});',
        ')',
        '  ]  ',
        '',
        '{ }',
        'x',
        'return profile.name;',
        'if',
        'i <= n;',
        'ñu',
        '$el',
        'v[i];',
        'a});',
      ].map(isMeaningfulQuote),
    ).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      true,
      true,
      true,
      true,
      true,
      true,
      false,
    ]);
  });
});
