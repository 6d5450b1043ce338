/** Checks of `createCompaction` options that TypeScript cannot make for JavaScript callers. */
import { type ModelProfile, SightlineError } from '@sightline/core';
import type { ContextSize } from '../history/context-size.js';

const ENCODINGS: readonly string[] = ['o200k_base', 'cl100k_base'];
const SIZE_KEYS = ['tokens', 'fraction', 'messages'] as const;

/**
 * Throws a clear error for options `createCompaction` cannot work with: a missing or malformed
 * model profile, a size that is not exactly one of `{ tokens }`, `{ fraction }`, `{ messages }`,
 * or a `largeInputTokens` that is not a whole number ≥ 1. Number ranges of sizes are checked
 * later by `resolveContextSize`.
 * @param options - what the caller passed (any value).
 * @throws SightlineError `INVALID_ARGUMENT`, naming the option and what to pass.
 */
export function validateCompactionOptions(options: unknown): void {
  if (typeof options !== 'object' || options === null) {
    throw invalid('createCompaction needs an options object with at least a model `profile`');
  }
  const { profile, largeInputTokens } = options as Record<string, unknown>;
  assertProfile(profile);
  for (const name of ['offloadLimit', 'trigger', 'keepRecent', 'target'] as const) {
    const size = (options as Record<string, unknown>)[name];
    if (size !== undefined) assertSizeShape(name, size);
  }
  if (
    largeInputTokens !== undefined &&
    !(Number.isInteger(largeInputTokens) && (largeInputTokens as number) >= 1)
  ) {
    throw invalid(`largeInputTokens must be a whole number of tokens ≥ 1, got ${largeInputTokens}`);
  }
}

function assertProfile(profile: unknown): asserts profile is ModelProfile {
  const fix =
    "pass a model profile, e.g. getModelProfile('claude-sonnet-4-5') from @sightline/core";
  if (typeof profile !== 'object' || profile === null) throw invalid(`profile is missing: ${fix}`);
  const { contextWindow, maxOutputTokens, encoding } = profile as Record<string, unknown>;
  if (!Number.isInteger(contextWindow) || (contextWindow as number) < 1) {
    throw invalid(
      `profile.contextWindow must be a whole number of tokens ≥ 1, got ${contextWindow}; ${fix}`,
    );
  }
  if (!Number.isInteger(maxOutputTokens) || (maxOutputTokens as number) < 0) {
    throw invalid(
      `profile.maxOutputTokens must be a whole number of tokens ≥ 0, got ${maxOutputTokens}; ${fix}`,
    );
  }
  if (typeof encoding !== 'string' || !ENCODINGS.includes(encoding)) {
    throw invalid(
      `profile.encoding must be one of ${ENCODINGS.join(', ')}, got ${String(encoding)}; ${fix}`,
    );
  }
}

function assertSizeShape(name: string, size: unknown): asserts size is ContextSize {
  const keys = typeof size === 'object' && size !== null ? Object.keys(size) : [];
  if (keys.length !== 1 || !SIZE_KEYS.includes(keys[0] as (typeof SIZE_KEYS)[number])) {
    throw invalid(
      `${name} must be exactly one of { tokens: N }, { fraction: 0–1 } or { messages: N }, got ${JSON.stringify(size)}`,
    );
  }
}

function invalid(message: string): SightlineError {
  return new SightlineError({ code: 'INVALID_ARGUMENT', message: `${message}.` });
}
