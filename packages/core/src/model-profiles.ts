/**
 * Model profiles: the context window, output limit and token encoding of the models Sightline
 * is used with. Compaction thresholds and token budgets are fractions of these numbers.
 *
 * Sources (checked 2026): Anthropic "Models overview" (docs.anthropic.com), OpenAI model pages
 * (platform.openai.com/docs/models), Google "Gemini models" (ai.google.dev/gemini-api/docs/models),
 * and the model cards of the local models (context length as configured by default in Ollama may be
 * smaller: set `num_ctx`, then pass a custom profile). Prices: each `pricing` names its page and
 * the month it was read; Google prices are left out (they vary by prompt length).
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
  /** List prices, for cost estimates; absent when not known (local models cost nothing here). */
  pricing?: ModelPricing;
}

/**
 * List prices of a model in US dollars per million tokens, with when and where they were read.
 * Estimates only: providers change prices, and discounts (batch, long context) are not modelled.
 */
export interface ModelPricing {
  /** Uncached input tokens. */
  inputPerMillion: number;
  /** Input tokens read from the prompt cache. */
  cachedInputPerMillion: number;
  /** Input tokens written to the prompt cache (Anthropic's 5-minute cache; OpenAI: the input price). */
  cacheWritePerMillion: number;
  /** Output tokens (reasoning included). */
  outputPerMillion: number;
  /** When the prices were last checked against `source`, `YYYY-MM-DD`. */
  asOf: string;
  /** The page they were read from. */
  source: string;
}

/**
 * The day every price below was last checked against its source (a price found wrong is corrected
 * on that day). Checked 2026-12-01: all Anthropic prices against Anthropic's pricing table; OpenAI
 * prices against OpenAI's model pages (gpt-5, gpt-5-nano read there directly; the others agreed
 * with copies of OpenAI's pricing table). No price had changed since 2025-11.
 */
const PRICES_CHECKED = '2026-12-01';
/** Anthropic's pricing table (docs.anthropic.com redirects here). */
const ANTHROPIC_PRICES = 'https://platform.claude.com/docs/en/about-claude/pricing';
/** OpenAI's page of one model, whose "Text tokens" table lists its input, cached-input and output prices. */
const openaiModelPage = (id: string) => `https://developers.openai.com/api/docs/models/${id}`;

/** Anthropic prices: cache reads 0.1×, 5-minute cache writes 1.25× the input price (same page). */
const anthropicPricing = (input: number, output: number): ModelPricing => ({
  inputPerMillion: input,
  cachedInputPerMillion: input / 10,
  cacheWritePerMillion: input * 1.25,
  outputPerMillion: output,
  asOf: PRICES_CHECKED,
  source: ANTHROPIC_PRICES,
});

const anthropic = (
  id: string,
  contextWindow: number,
  maxOutputTokens: number,
  [input, output]: readonly [input: number, output: number],
): ModelProfile => ({
  id,
  provider: 'anthropic',
  contextWindow,
  maxOutputTokens,
  encoding: 'o200k_base',
  pricing: anthropicPricing(input, output),
});
/** OpenAI: prices `[input, cached input, output]`; writing the prompt cache costs nothing extra. */
const openai = (
  id: string,
  contextWindow: number,
  maxOutputTokens: number,
  [input, cached, output]: readonly [input: number, cached: number, output: number],
  encoding: Encoding = 'o200k_base',
): ModelProfile => ({
  id,
  provider: 'openai',
  contextWindow,
  maxOutputTokens,
  encoding,
  pricing: {
    inputPerMillion: input,
    cachedInputPerMillion: cached,
    cacheWritePerMillion: input,
    outputPerMillion: output,
    asOf: PRICES_CHECKED,
    source: openaiModelPage(id),
  },
});
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
    anthropic('claude-opus-4-5', 200_000, 64_000, [5, 25]),
    anthropic('claude-opus-4-1', 200_000, 32_000, [15, 75]),
    anthropic('claude-sonnet-4-5', 200_000, 64_000, [3, 15]),
    anthropic('claude-sonnet-4', 200_000, 64_000, [3, 15]),
    anthropic('claude-haiku-4-5', 200_000, 64_000, [1, 5]),
    anthropic('claude-3-5-haiku', 200_000, 8_192, [0.8, 4]),
    openai('gpt-5', 400_000, 128_000, [1.25, 0.125, 10]),
    openai('gpt-5-mini', 400_000, 128_000, [0.25, 0.025, 2]),
    openai('gpt-5-nano', 400_000, 128_000, [0.05, 0.005, 0.4]),
    openai('gpt-4.1', 1_047_576, 32_768, [2, 0.5, 8]),
    openai('gpt-4.1-mini', 1_047_576, 32_768, [0.4, 0.1, 1.6]),
    openai('gpt-4.1-nano', 1_047_576, 32_768, [0.1, 0.025, 0.4]),
    openai('gpt-4o', 128_000, 16_384, [2.5, 1.25, 10]),
    openai('gpt-4o-mini', 128_000, 16_384, [0.15, 0.075, 0.6]),
    openai('o3', 200_000, 100_000, [2, 0.5, 8]),
    openai('o4-mini', 200_000, 100_000, [1.1, 0.275, 4.4]),
    openai('gpt-4-turbo', 128_000, 4_096, [10, 10, 30], 'cl100k_base'),
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
