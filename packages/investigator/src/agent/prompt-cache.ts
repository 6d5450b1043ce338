/**
 * Prompt caching. An investigation re-sends the tools, the system prompt, the report with its map
 * and suspects, and the growing history on every step; providers serve a repeated prefix from
 * their prompt cache at a fraction of the price. The prefix stays byte-stable (one tool list for
 * every step, no timestamps, per-step notes only at the end, compaction rewriting the history
 * only when it must), and the breakpoints are marked where each provider wants them:
 *
 * - Anthropic caches up to explicit `cache_control` breakpoints (at most 4 per request): one on
 *   the system prompt (tools and system), one on the first message (the report, kept by
 *   compaction), one on the last message of the history (docs.anthropic.com, "Prompt caching").
 * - OpenAI caches the longest previously seen prefix of 1,024 tokens or more by itself; a
 *   `promptCacheKey` routes the steps of one investigation to the same cache
 *   (platform.openai.com/docs/guides/prompt-caching).
 */
import type { ModelMessage, SystemModelMessage } from 'ai';

/** Provider options that mark a cache breakpoint (Anthropic; other providers ignore them). */
const BREAKPOINT = { anthropic: { cacheControl: { type: 'ephemeral' } } } as const;

/**
 * The system prompt as a message with a cache breakpoint.
 * @param text - the system prompt.
 * @returns a system message for `generateText`'s `system`.
 */
export function cachedSystemPrompt(text: string): SystemModelMessage {
  return { role: 'system', content: text, providerOptions: BREAKPOINT };
}

/**
 * Marks cache breakpoints on the first and the last message of a step's history (a copy; the
 * history itself is not changed, so breakpoints never pile up).
 * @param messages - the history of this step, before any per-step note.
 * @returns the messages with the two breakpoints.
 */
export function withCacheBreakpoints(messages: readonly ModelMessage[]): ModelMessage[] {
  const last = messages.length - 1;
  return messages.map((message, index) =>
    index === 0 || index === last
      ? ({
          ...message,
          providerOptions: { ...message.providerOptions, ...BREAKPOINT },
        } as ModelMessage)
      : message,
  );
}

/**
 * Call-level provider options of the investigation loop: the OpenAI prompt cache key.
 * @param key - one key per investigation (its steps share their prefix).
 * @returns provider options for `generateText`.
 */
export function promptCacheOptions(key: string) {
  return { openai: { promptCacheKey: key } };
}
