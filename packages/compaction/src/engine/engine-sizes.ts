/**
 * The sizes the compaction engine works with, resolved once from its options and the model
 * profile: the trigger, the target a compaction goes down to, and the prompt limit.
 */
import { type ModelProfile, SightlineError } from '@sightline/core';
import { DEFAULT_COMPACTION_TARGET, promptTokenLimit } from '../history/compaction-limits.js';
import type { ContextSize } from '../history/context-size.js';
import { resolveContextSize } from '../history/context-size.js';

/** Resolved sizes, in tokens except `triggerMessages`. */
export interface EngineSizes {
  /** Context tokens from which compaction runs; `undefined` for a trigger in messages. */
  triggerTokens: number | undefined;
  /** Messages from which compaction runs, for a trigger in messages. */
  triggerMessages: number | undefined;
  /** What a compaction brings the context down to (capped at the trigger and the limit). */
  targetTokens: number;
  /** The prompt limit: `contextWindow − min(maxOutputTokens, 20,000)`. */
  limitTokens: number;
  /**
   * Growth the context may take between two compactions once the target is out of reach: the
   * trigger-to-target band (the limit-to-target band for a trigger in messages).
   */
  bandTokens: number;
}

/**
 * Resolves and checks the engine's sizes.
 * @param options - `trigger`, `keepRecent` (checked only), `target` (default
 * `DEFAULT_COMPACTION_TARGET`).
 * @param profile - the model's window and output limit.
 * @returns the {@link EngineSizes}.
 * @throws SightlineError `INVALID_ARGUMENT` for an invalid size, or a target in messages.
 */
export function resolveEngineSizes(
  options: { trigger: ContextSize; keepRecent: ContextSize; target?: ContextSize },
  profile: Pick<ModelProfile, 'contextWindow' | 'maxOutputTokens'>,
): EngineSizes {
  const triggerTokens = resolveContextSize(options.trigger, profile);
  // Validate `keepRecent` at construction rather than at the first compaction.
  resolveContextSize(options.keepRecent, profile);
  const requestedTarget = resolveContextSize(options.target ?? DEFAULT_COMPACTION_TARGET, profile);
  if (requestedTarget === undefined) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: 'Invalid compaction target: pass { tokens } or { fraction }, not { messages }.',
    });
  }
  const limitTokens = promptTokenLimit(profile);
  // A target above the trigger (a low custom trigger) or the limit would never be reached: cap it.
  const targetTokens = Math.min(requestedTarget, triggerTokens ?? limitTokens, limitTokens);
  return {
    triggerTokens,
    triggerMessages: 'messages' in options.trigger ? options.trigger.messages : undefined,
    targetTokens,
    limitTokens,
    bandTokens: Math.max(1, (triggerTokens ?? limitTokens) - targetTokens),
  };
}
