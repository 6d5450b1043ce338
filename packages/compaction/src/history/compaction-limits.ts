/**
 * The two sizes that bound a compaction besides its trigger: the `target` a compaction goes down
 * to (hysteresis, so the next steps append without compacting again) and the hard prompt limit
 * (window minus an output reserve) that no prompt may pass when anything can still be masked.
 */
import type { ModelProfile } from '@sightline/core';
import type { ContextSize } from './context-size.js';

/**
 * Default `target`: half the window. Practice compacts well below its trigger: Claude Code's auto
 * compaction replaces the whole history by a summary (e.g. 468,102 → 28,759 tokens, a
 * `compact_boundary` event quoted in anthropics/claude-code issue #72600), and deepagents keeps
 * 10 % of the window after triggering at 85 % (`libs/deepagents` summarization defaults). Half the
 * window leaves 35 % of it between target and the default trigger for new steps that append
 * without compacting, while keeping more than a summary-only reset.
 */
export const DEFAULT_COMPACTION_TARGET: ContextSize = { fraction: 0.5 };

/**
 * Output tokens reserved from the window for the hard prompt limit: the model's `maxOutputTokens`,
 * at most 20,000. Source: Claude Code `services/compact/autoCompact.ts`
 * (`reservedOutput = min(maxOutputTokens, 20_000)`, quoted in Ruya-AI/cozempic issue #38); Anthropic
 * rejects a request whose prompt plus `max_tokens` exceeds the window.
 */
export const MAX_OUTPUT_RESERVE_TOKENS = 20_000;

/**
 * The most tokens a prompt may have: the window minus the output reserve.
 * @param profile - `contextWindow` and `maxOutputTokens`, in tokens.
 * @returns `contextWindow − min(maxOutputTokens, 20,000)`, in tokens.
 */
export function promptTokenLimit(
  profile: Pick<ModelProfile, 'contextWindow' | 'maxOutputTokens'>,
): number {
  return profile.contextWindow - Math.min(profile.maxOutputTokens, MAX_OUTPUT_RESERVE_TOKENS);
}
