import { SightlineError } from '@sightline/core';
import { describe, expect, it } from 'vitest';
import {
  COMMON_TERMS_FORMAT,
  COMMON_TERMS_VERSION,
  commonTermsOf,
  loadCommonTerms,
  shippedCommonTerms,
} from './common-terms.js';

describe('commonTermsOf', () => {
  it('keeps the terms at least the given share of the vocabularies hold, sorted', () => {
    const vocabularies = [
      new Set(['error', 'valu', 'ubjson']),
      new Set(['error', 'valu']),
      new Set(['error', 'tokio']),
      new Set(['valu']),
    ];
    expect(commonTermsOf(vocabularies, 0.5)).toEqual(['error', 'valu']);
    expect(commonTermsOf(vocabularies, 0.25)).toEqual(['error', 'tokio', 'ubjson', 'valu']);
    expect(commonTermsOf([], 0.1)).toEqual([]);
  });
});

describe('loadCommonTerms', () => {
  it('reads the terms of a file of its format and version', () => {
    const file = {
      format: COMMON_TERMS_FORMAT,
      version: COMMON_TERMS_VERSION,
      share: 0.1,
      repositories: ['a/b'],
      terms: 'error\nvalu',
    };
    expect(loadCommonTerms(file)).toEqual(new Set(['error', 'valu']));
  });

  it('refuses another format or version, saying how to rebuild it', () => {
    expect(() => loadCommonTerms({ format: COMMON_TERMS_FORMAT, version: 99, terms: '' })).toThrow(
      SightlineError,
    );
    expect(() => loadCommonTerms(undefined)).toThrow(/npm run train:common-terms/);
  });

  it('ships words of every code base as common, and names of one as not', () => {
    const common = shippedCommonTerms();
    for (const term of ['error', 'valu', 'pars', 'string']) expect(common.has(term)).toBe(true);
    for (const term of ['ubjson', 'nlohmann', 'wallet']) expect(common.has(term)).toBe(false);
  });
});
