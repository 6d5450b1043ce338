import { describe, expect, it } from 'vitest';
import { CACHE_RULES, measureCacheableShare, type SentRequest } from './cacheable-share.js';

const BREAKPOINT = { anthropic: { cacheControl: { type: 'ephemeral' } } };
/** A text of about `words` tokens. */
const words = (count: number, seed: string) =>
  Array.from({ length: count }, (_, index) => `${seed}${index}`).join(' ');

const system = { role: 'system', content: words(800, 's'), providerOptions: BREAKPOINT };
const user = (text: string, marked = false) => ({
  role: 'user',
  content: [{ type: 'text', text }],
  ...(marked ? { providerOptions: BREAKPOINT } : {}),
});
const TOOLS = [{ type: 'function', name: 'grep', inputSchema: { type: 'object' } }];

/** Step 1: system + report; step 2 adds one exchange; step 3 one more. */
const RUN: SentRequest[] = [
  { tools: TOOLS, prompt: [system, user(words(600, 'r'), true)] },
  { tools: TOOLS, prompt: [system, user(words(600, 'r')), user(words(300, 'a'), true)] },
  {
    tools: TOOLS,
    prompt: [system, user(words(600, 'r')), user(words(300, 'a')), user(words(300, 'b'), true)],
  },
];

describe('measureCacheableShare', () => {
  it('reads, on Anthropic, the prefix written at the previous step’s last breakpoint', () => {
    const measured = measureCacheableShare(RUN, CACHE_RULES.anthropic);
    const [first, second, third] = measured.steps;
    expect(first?.cacheableTokens).toBe(0);
    // Step 2 repeats step 1 whole (the breakpoint moved, the text did not); step 3 repeats step 2.
    expect(second?.cacheableTokens).toBe(first?.inputTokens);
    expect(third?.cacheableTokens).toBe(second?.inputTokens);
    expect(measured.share).toBeCloseTo(
      ((first?.inputTokens ?? 0) + (second?.inputTokens ?? 0)) / measured.inputTokens,
      6,
    );
  });

  it('reads nothing on Anthropic without breakpoints, or below the minimum length', () => {
    const unmarked = RUN.map((request) => ({
      ...request,
      prompt: request.prompt.map(({ providerOptions: _marks, ...message }) => message),
    }));
    expect(measureCacheableShare(unmarked, CACHE_RULES.anthropic).cacheableTokens).toBe(0);
    const huge = { provider: 'anthropic', minTokens: 1_000_000 } as const;
    expect(measureCacheableShare(RUN, huge).cacheableTokens).toBe(0);
  });

  it('reads, on OpenAI, the shared prefix in 128-token steps from 1,024', () => {
    const measured = measureCacheableShare(RUN, CACHE_RULES.openai);
    const [first, second] = measured.steps;
    expect(first?.cacheableTokens).toBe(0);
    expect(second?.cacheableTokens).toBeGreaterThanOrEqual(1024);
    expect(((second?.cacheableTokens ?? 0) - 1024) % 128).toBe(0);
    expect(second?.cacheableTokens).toBeLessThanOrEqual(first?.inputTokens ?? 0);
    expect((first?.inputTokens ?? 0) - (second?.cacheableTokens ?? 0)).toBeLessThan(128 + 16);
  });

  it('loses the cache from the first changed byte: a timestamp in the system prompt', () => {
    const stamped = RUN.map((request, index) => ({
      ...request,
      prompt: [{ ...system, content: `${index}:00 ${system.content}` }, ...request.prompt.slice(1)],
    }));
    expect(measureCacheableShare(stamped, CACHE_RULES.openai).cacheableTokens).toBe(0);
    expect(measureCacheableShare(stamped, CACHE_RULES.anthropic).cacheableTokens).toBe(0);
  });
});
