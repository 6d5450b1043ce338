import { describe, expect, it } from 'vitest';
import { resolveContextSize } from './context-size.js';

const profile = { contextWindow: 128_000 };

describe('resolveContextSize', () => {
  it('resolves tokens, fractions and leaves messages to the caller', () => {
    expect(resolveContextSize({ tokens: 5_000 }, profile)).toBe(5_000);
    expect(resolveContextSize({ fraction: 0.85 }, profile)).toBe(108_800);
    expect(resolveContextSize({ messages: 20 }, profile)).toBeUndefined();
  });

  it.each([
    { fraction: 1.5 },
    { fraction: -0.1 },
    { fraction: Number.NaN },
    { tokens: -1 },
    { tokens: 1.5 },
    { messages: -3 },
  ])('rejects %j', (size) => {
    expect(() => resolveContextSize(size, profile)).toThrow(/Invalid context size/);
  });
});
