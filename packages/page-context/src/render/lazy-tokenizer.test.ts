import { countTokens } from '@sightline/core';
import { describe, expect, it, vi } from 'vitest';
import { countingNow, estimateTokens, loadTokenizer, onTokenizerLoaded } from './lazy-tokenizer.js';
import type { ToMarkdownOptions } from './to-markdown.js';

/** No encoding loaded until `registerEncoding`, as in a browser before the chunk arrives. */
const tokenizer = vi.hoisted(() => ({ missing: true, registered: [] as string[] }));
vi.mock('@sightline/core', async (importOriginal) => {
  const core = await importOriginal<typeof import('@sightline/core')>();
  return {
    ...core,
    canCountTokens: () => !tokenizer.missing,
    registerEncoding: (...args: Parameters<typeof core.registerEncoding>) => {
      tokenizer.missing = false;
      tokenizer.registered.push(args[0]);
      core.registerEncoding(...args);
    },
  };
});

describe('the lazy tokenizer', () => {
  it('estimates until the encoding has loaded, loads it once, then counts exactly', async () => {
    const loaded: string[] = [];
    const stop = onTokenizerLoaded((encoding) => loaded.push(encoding));
    const before = countingNow<ToMarkdownOptions>({ budgetTokens: 100 });
    expect(before.exact).toBe(false);
    expect(before.options.countTokens?.('twelve chars')).toBe(3);
    expect(estimateTokens('')).toBe(0);
    await Promise.all([loadTokenizer(), loadTokenizer()]);
    expect(tokenizer.registered).toEqual(['o200k_base']);
    expect(loaded).toEqual(['o200k_base']);
    const after = countingNow<ToMarkdownOptions>({ budgetTokens: 100 });
    expect(after).toEqual({ options: { budgetTokens: 100 }, exact: true });
    expect(countTokens('hello world')).toBe(2);
    stop();
  });

  it('a counter of the caller is exact and needs no tokenizer', () => {
    const countTokensOwn = (text: string) => text.length;
    expect(countingNow({ countTokens: countTokensOwn }).exact).toBe(true);
  });
});
