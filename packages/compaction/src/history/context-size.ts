/** A size of context ({@link ContextSize}) and its resolution against a model profile. */
import { type ModelProfile, SightlineError } from '@sightline/core';

/**
 * A size of context, as a token count, a fraction of the model's context window, or a number of
 * messages. Pattern from deepagentsjs `libs/deepagents/src/middleware/summarization.ts` (`ContextSize`).
 */
export type ContextSize = { tokens: number } | { fraction: number } | { messages: number };

/**
 * Turns a {@link ContextSize} into a token count for a model.
 * @param size - `{ tokens }` is returned as is; `{ fraction }` (0–1) is multiplied by
 * `profile.contextWindow` and floored; `{ messages }` has no token equivalent.
 * @param profile - the model's profile; only `contextWindow` (tokens) is read.
 * @returns tokens (integer ≥ 0), or `undefined` for `{ messages }`: the caller resolves a message
 * count against the history it keeps (e.g. "keep the last 20 messages").
 * @throws SightlineError `INVALID_ARGUMENT` for a negative or non-finite number, a fraction above
 * 1, or a non-integer token or message count.
 * @example resolveContextSize({ fraction: 0.85 }, getModelProfile('gpt-4o')) // 108800
 */
export function resolveContextSize(
  size: ContextSize,
  profile: Pick<ModelProfile, 'contextWindow'>,
): number | undefined {
  if ('fraction' in size) {
    const { fraction } = size;
    if (!Number.isFinite(fraction) || fraction < 0 || fraction > 1) {
      throw invalid(`fraction must be between 0 and 1, got ${fraction}`);
    }
    return Math.floor(fraction * profile.contextWindow);
  }
  if ('tokens' in size) {
    assertCount('tokens', size.tokens);
    return size.tokens;
  }
  assertCount('messages', size.messages);
  return undefined;
}

function assertCount(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 0) {
    throw invalid(`${name} must be an integer ≥ 0, got ${value}`);
  }
}

function invalid(reason: string): SightlineError {
  return new SightlineError({
    code: 'INVALID_ARGUMENT',
    message: `Invalid context size: ${reason}. Pass { tokens }, { fraction } or { messages }.`,
  });
}
