import { describe, expect, it } from 'vitest';
import { countTokens, registerEncoding, truncateToTokens } from './tokens.js';

describe('countTokens', () => {
  it('counts exactly with o200k_base by default and cl100k_base on request', () => {
    expect(countTokens('')).toBe(0);
    expect(countTokens('hello world')).toBe(2);
    expect(countTokens('hello world', { encoding: 'cl100k_base' })).toBe(2);
    const code = 'export function parseReport(input: string): Report {}';
    expect(countTokens(code)).toBeGreaterThan(5);
    expect(countTokens(code)).toBeLessThan(code.length);
  });

  it('truncates on a token boundary and leaves short text alone', () => {
    const text = 'one two three four five six seven eight nine ten';
    expect(truncateToTokens(text, 100)).toBe(text);
    const cut = truncateToTokens(text, 3);
    expect(countTokens(cut)).toBe(3);
    expect(text.startsWith(cut)).toBe(true);
    expect(truncateToTokens(text, 0)).toBe('');
  });
});

describe('registerEncoding', () => {
  // Runs last in this file: it replaces cl100k_base for the rest of the file.
  it('uses a registered encoding module instead of loading one (the browser path)', () => {
    registerEncoding('cl100k_base', {
      countTokens: (text) => text.length * 10,
      encode: () => [],
      decode: () => '',
    });
    expect(countTokens('abc', { encoding: 'cl100k_base' })).toBe(30);
  });
});
