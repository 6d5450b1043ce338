/**
 * Model profiles: the context window, output limit and token encoding of the models Sightline
 * is used with. Compaction thresholds and token budgets are fractions of these numbers.
 *
 * Sources (checked 2026): Anthropic "Models overview" (docs.anthropic.com), OpenAI model pages
 * (platform.openai.com/docs/models), Google "Gemini models" (ai.google.dev/gemini-api/docs/models),
 * and the model cards of the local models (context length as configured by default in Ollama may be
 * smaller: set `num_ctx`, then pass a custom profile).
 */
import type { Encoding } from './tokens.js';

/** What Sightline needs to know about a model to budget its context. */
export interface ModelProfile {
  /** Model id as the provider spells it, e.g. `claude-sonnet-4-5`. */
  id: string;
  /** Provider family. */
  provider: 'anthropic' | 'openai' | 'google' | 'local';
  /** Total context window, in tokens (input + output). */
  contextWindow: number;
  /** Largest completion the model may produce, in tokens. */
  maxOutputTokens: number;
  /** Encoding used to count tokens exactly (a proxy where the provider's tokenizer is private). */
  encoding: Encoding;
}

const anthropic = (id: string, contextWindow: number, maxOutputTokens: number): ModelProfile => ({
  id,
  provider: 'anthropic',
  contextWindow,
  maxOutputTokens,
  encoding: 'o200k_base',
});
const openai = (
  id: string,
  contextWindow: number,
  maxOutputTokens: number,
  encoding: Encoding = 'o200k_base',
): ModelProfile => ({ id, provider: 'openai', contextWindow, maxOutputTokens, encoding });
const google = (id: string, contextWindow: number, maxOutputTokens: number): ModelProfile => ({
  id,
  provider: 'google',
  contextWindow,
  maxOutputTokens,
  encoding: 'o200k_base',
});
const local = (id: string, contextWindow: number, maxOutputTokens: number): ModelProfile => ({
  id,
  provider: 'local',
  contextWindow,
  maxOutputTokens,
  encoding: 'o200k_base',
});

/** Known model profiles, keyed by model id. */
export const MODEL_PROFILES: Readonly<Record<string, ModelProfile>> = Object.fromEntries(
  [
    anthropic('claude-opus-4-5', 200_000, 64_000),
    anthropic('claude-opus-4-1', 200_000, 32_000),
    anthropic('claude-sonnet-4-5', 200_000, 64_000),
    anthropic('claude-sonnet-4', 200_000, 64_000),
    anthropic('claude-haiku-4-5', 200_000, 64_000),
    anthropic('claude-3-5-haiku', 200_000, 8_192),
    openai('gpt-5', 400_000, 128_000),
    openai('gpt-5-mini', 400_000, 128_000),
    openai('gpt-5-nano', 400_000, 128_000),
    openai('gpt-4.1', 1_047_576, 32_768),
    openai('gpt-4.1-mini', 1_047_576, 32_768),
    openai('gpt-4.1-nano', 1_047_576, 32_768),
    openai('gpt-4o', 128_000, 16_384),
    openai('gpt-4o-mini', 128_000, 16_384),
    openai('o3', 200_000, 100_000),
    openai('o4-mini', 200_000, 100_000),
    openai('gpt-4-turbo', 128_000, 4_096, 'cl100k_base'),
    google('gemini-2.5-pro', 1_048_576, 65_536),
    google('gemini-2.5-flash', 1_048_576, 65_536),
    google('gemini-2.5-flash-lite', 1_048_576, 65_536),
    local('gpt-oss-20b', 131_072, 131_072),
    local('gpt-oss-120b', 131_072, 131_072),
    local('llama3.1', 131_072, 8_192),
    local('llama3.3', 131_072, 8_192),
    local('qwen2.5-coder', 32_768, 8_192),
    local('qwen3', 40_960, 8_192),
    local('qwen3-coder', 262_144, 65_536),
    local('deepseek-coder-v2', 163_840, 8_192),
    local('mistral-small', 131_072, 8_192),
    local('devstral', 131_072, 8_192),
  ].map((profile) => [profile.id, profile]),
);

/** Profile used when a model is unknown: a conservative 32k-token window. */
export const DEFAULT_MODEL_PROFILE: ModelProfile = local('unknown', 32_768, 4_096);

/**
 * Looks up the known profile of a model id. Matches exactly, then by the longest known id that
 * prefixes `modelId` (so dated snapshots such as `claude-sonnet-4-5-20250929` or tags such as
 * `qwen2.5-coder:14b` resolve to their family); a `provider/` prefix is ignored.
 * @param modelId - model id as the provider spells it.
 * @returns the profile, or `undefined` when no known model matches.
 */
export function findModelProfile(modelId: string): ModelProfile | undefined {
  const exact = MODEL_PROFILES[modelId];
  if (exact) return exact;
  const base = modelId.split('/').pop() ?? modelId;
  let best: ModelProfile | undefined;
  for (const profile of Object.values(MODEL_PROFILES)) {
    if (base.startsWith(profile.id) && (!best || profile.id.length > best.id.length)) {
      best = profile;
    }
  }
  return best;
}

/**
 * Finds the profile of a model id, as {@link findModelProfile} does, falling back to the
 * conservative default.
 * @param modelId - model id as the provider spells it.
 * @returns the profile, or {@link DEFAULT_MODEL_PROFILE} (with `id` set to `modelId`) when unknown.
 */
export function getModelProfile(modelId: string): ModelProfile {
  return findModelProfile(modelId) ?? { ...DEFAULT_MODEL_PROFILE, id: modelId };
}
