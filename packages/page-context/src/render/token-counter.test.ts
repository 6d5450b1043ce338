import { countTokens } from '@sightline/core';
import { describe, expect, it } from 'vitest';
import { resolveTokenCounter } from './token-counter.js';

describe('resolveTokenCounter', () => {
  it('counts exactly with the encoding chosen by option, profile or default', () => {
    const text = 'Error rate in production rose to 2.1% after the deploy.';
    expect(resolveTokenCounter()(text)).toBe(countTokens(text));
    expect(resolveTokenCounter({ profile: 'gpt-4-turbo' })(text)).toBe(
      countTokens(text, { encoding: 'cl100k_base' }),
    );
    expect(resolveTokenCounter({ encoding: 'cl100k_base', profile: 'gpt-5' })(text)).toBe(
      countTokens(text, { encoding: 'cl100k_base' }),
    );
    expect(resolveTokenCounter()('x'.repeat(10_000))).toBe(countTokens('x'.repeat(10_000)));
  });

  it('returns a custom counter as is, and one shared counter per encoding', () => {
    const custom = (text: string) => text.length;
    expect(resolveTokenCounter({ countTokens: custom, encoding: 'cl100k_base' })).toBe(custom);
    expect(resolveTokenCounter({ encoding: 'o200k_base' })).toBe(resolveTokenCounter());
  });
});
