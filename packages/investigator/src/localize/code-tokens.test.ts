import { describe, expect, it } from 'vitest';
import {
  adjacentWordPairs,
  phraseTerms,
  splitIdentifier,
  termSurfaces,
  tokenizeCode,
} from './code-tokens.js';

describe('code tokens', () => {
  it('splits camelCase, PascalCase, acronyms, snake_case and digits', () => {
    expect(splitIdentifier('parseHTTPResponse2')).toEqual(['parse', 'http', 'response']);
    expect(splitIdentifier('balance_pairs')).toEqual(['balance', 'pairs']);
    expect(splitIdentifier('FlatESLint')).toEqual(['flat', 'es', 'lint']);
  });

  it('keeps the compound, stems, and drops stop words and keywords', () => {
    expect(tokenizeCode('const hasStandardBrowserEnv = this.delimiters;')).toEqual([
      'hasstandardbrowserenv',
      'standard',
      'browser',
      'env',
      'delimit',
    ]);
  });

  it('turns prose phrases into compounds that meet identifiers', () => {
    expect(adjacentWordPairs('an HTML block, closed')).toEqual([
      ['an', 'HTML'],
      ['HTML', 'block'],
    ]);
    expect(phraseTerms('the HTML block')).toContain(tokenizeCode('html_block')[0]);
  });

  it('skips words too long to be names (a pasted blob), which stemming would take quadratic time on', () => {
    const blob = 'x'.repeat(10_000);
    expect(tokenizeCode(`${blob} cartTotal ${blob.toUpperCase()}`)).toEqual(
      tokenizeCode('cartTotal'),
    );
    expect([...termSurfaces(`${blob} cart`).values()]).toEqual(['cart']);
    expect(phraseTerms(`${blob} block`)).toEqual([]);
  });

  it('maps terms back to the words that produced them', () => {
    const surfaces = termSurfaces('navigator.userAgent of the HTML block');
    expect(surfaces.get('navig')).toBe('navigator');
    expect(surfaces.get('userag')).toBe('userAgent');
    expect(surfaces.get(tokenizeCode('html_block')[0] ?? '')).toBe('HTML block');
  });
});

describe('splitIdentifier on long runs of capitals', () => {
  it('splits before the last capital of a run followed by a lower-case letter', () => {
    expect(splitIdentifier('HTTPServerError')).toEqual(['http', 'server', 'error']);
    expect(splitIdentifier('ABCDEfGh')).toEqual(['abcd', 'ef', 'gh']);
  });

  it('reads an identifier of a million capitals', () => {
    const capitals = 'A'.repeat(1_000_000);
    expect(splitIdentifier(`${capitals}_AAa`)).toEqual([capitals.toLowerCase(), 'a', 'aa']);
  });
});
