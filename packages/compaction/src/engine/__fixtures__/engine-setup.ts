/**
 * Test setup shared by the engine, `createCompaction` and eval tests: a small model profile, and
 * engine options with a memory store, exact per-message counting and no offloading.
 */
import type { ModelProfile } from '@sightline/core';
import type { CompactionEngineOptions } from '../compaction-engine-options.js';
import { countMessageTokens } from '../../history/message-tokens.js';
import { createMemoryStore } from '../../stores/memory-store.js';

/** A 4,000-token window with 500 output tokens, so that short scripted tasks cross the trigger. */
export const SMALL_PROFILE: ModelProfile = {
  id: 'small',
  provider: 'local',
  contextWindow: 4_000,
  maxOutputTokens: 500,
  encoding: 'o200k_base',
};

/**
 * Engine options for a test: session `s`, a fresh memory store, trigger at 85 % of the window,
 * 10 % kept recent, {@link countMessageTokens} per message, and an offload that moves nothing.
 * @param profile - the model the engine compacts for.
 * @param overrides - options that replace the defaults above.
 */
export function testEngineOptions(
  profile: ModelProfile,
  overrides: Partial<CompactionEngineOptions> = {},
): CompactionEngineOptions {
  return {
    session: 's',
    store: createMemoryStore(),
    profile,
    trigger: { fraction: 0.85 },
    keepRecent: { fraction: 0.1 },
    countMessage: (message) => countMessageTokens(message),
    offload: async (message) => ({ message, moved: [] }),
    ...overrides,
  };
}
