/**
 * Model resolution: turns a model spec such as `anthropic:claude-sonnet-4-5` into an AI SDK
 * `LanguageModel` plus its {@link ModelProfile}. Construction only: nothing here calls the network,
 * so a wrong key or an unreachable server shows up at the first model call (`MODEL_CALL_FAILED`).
 *
 * Accepted forms (parsed by {@link parseModelSpec}):
 * - `anthropic:<model>` — Anthropic Messages API; key from `ANTHROPIC_API_KEY`.
 * - `openai:<model>` — OpenAI **Responses API** (what `openai(id)` means in `@ai-sdk/openai@3`,
 *   OpenAI's recommended API for tool use and structured output); key from `OPENAI_API_KEY`.
 * - `openai-compatible:<baseURL>#<model>` — any server speaking the OpenAI Chat Completions
 *   protocol (Ollama `http://localhost:11434/v1`, llama.cpp server, vLLM, LM Studio); key optional,
 *   from `OPENAI_COMPATIBLE_API_KEY`, sent only to `OPENAI_COMPATIBLE_BASE_URL` when that is set.
 *
 * Keys go only where they were configured: a provider's redirect to another origin is refused
 * (see {@link sameOriginFetch}), and `OPENAI_COMPATIBLE_API_KEY` with `OPENAI_COMPATIBLE_BASE_URL`
 * set is not sent to a spec naming another base URL; a server's error answer that echoes the key
 * has it taken out before the AI SDK reads it (key-echo.ts).
 */
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import {
  API_KEY_VARIABLES,
  getModelProfile,
  type ModelProfile,
  SightlineError,
  sameOriginFetch,
} from '@sightline/core';
import type { LanguageModel } from 'ai';
import { withoutKeyEcho } from './key-echo.js';
import { fromSource, type ModelEnv, type ModelProvider, parseModelSpec } from './model-spec.js';

/** Options of {@link resolveModel}. */
export interface ResolveModelOptions {
  /** Where API keys are read from. Default: `process.env`. */
  env?: ModelEnv;
  /**
   * Where the spec came from, named in error messages so the user knows what to fix: a flag
   * (`--model`, `--structurer-model`) or an environment variable (`SIGHTLINE_MODEL`,
   * `SIGHTLINE_STRUCTURER_MODEL`). Default: not named.
   */
  source?: string;
  /**
   * The `fetch` the provider sends its HTTP requests with (a proxy, a recorder in tests).
   * Default: the global `fetch`.
   */
  fetch?: typeof globalThis.fetch;
  /**
   * Where `anthropic:` and `openai:` requests go instead of the provider's API (a proxy, a gateway,
   * a local test server), e.g. `http://127.0.0.1:8080/v1`. Default: `ANTHROPIC_BASE_URL` /
   * `OPENAI_BASE_URL` from `env`, else the provider's own URL. Unused by `openai-compatible:`,
   * whose spec names its base URL.
   */
  baseURL?: string;
}

/** A constructed model, ready for `generateText`. */
export interface ResolvedModel {
  model: LanguageModel;
  /** Model id as the provider spells it, e.g. `claude-sonnet-4-5` or `qwen2.5-coder:14b`. */
  id: string;
  provider: ModelProvider;
  /** Context window and limits, from {@link getModelProfile} (a conservative default if unknown). */
  profile: ModelProfile;
}

/** Each provider's API key variable (core's list, checked here to cover every provider). */
const API_KEYS: Readonly<Record<ModelProvider, string>> = API_KEY_VARIABLES;

const BASE_URL_VARIABLES = {
  anthropic: 'ANTHROPIC_BASE_URL',
  openai: 'OPENAI_BASE_URL',
} as const;

/**
 * Constructs the model a spec names. Makes no network call.
 * @param spec - `anthropic:<model>`, `openai:<model>` or `openai-compatible:<baseURL>#<model>`.
 * @param options - see {@link ResolveModelOptions}.
 * @returns the model, its id, its provider and its profile.
 * @throws SightlineError `UNKNOWN_MODEL` when the spec has none of the accepted forms;
 *   `MISSING_API_KEY` when `ANTHROPIC_API_KEY` / `OPENAI_API_KEY` is unset or empty. Both name
 *   `options.source` when given.
 * @example
 * const { model, profile } = resolveModel('anthropic:claude-sonnet-4-5');
 */
export function resolveModel(
  spec: string,
  { env = process.env, source, fetch, baseURL }: ResolveModelOptions = {},
): ResolvedModel {
  const parsed = parseModelSpec(spec, source);
  const { provider, id } = parsed;
  const sameOrigin = sameOriginFetch(fetch, { server: 'The model server' });
  if (parsed.provider === 'openai-compatible') {
    const apiKey = keyFor(parsed.baseURL, env);
    const send = withoutKeyEcho(sameOrigin, apiKey);
    // Ollama (≥ 0.5), llama.cpp server, vLLM and LM Studio all accept `response_format:
    // json_schema`; without this flag the SDK sends `json_object` and the schema never reaches
    // the model, so structured output (the diagnosis structurer) would have to guess the shape.
    const model = createOpenAICompatible({
      name: 'openai-compatible',
      baseURL: parsed.baseURL,
      apiKey,
      supportsStructuredOutputs: true,
      fetch: send,
    })(id);
    return { model, id, provider, profile: getModelProfile(id) };
  }
  const apiKey = requireKey(env, parsed.provider, source);
  const send = withoutKeyEcho(sameOrigin, apiKey);
  const url = baseURL ?? (env[BASE_URL_VARIABLES[parsed.provider]]?.trim() || undefined);
  const settings = { apiKey, fetch: send, ...(url ? { baseURL: url } : {}) };
  const model =
    parsed.provider === 'anthropic' ? createAnthropic(settings)(id) : createOpenAI(settings)(id);
  return { model, id, provider, profile: getModelProfile(id) };
}

/**
 * `OPENAI_COMPATIBLE_API_KEY` when the spec's base URL is the one configured with it
 * (`OPENAI_COMPATIBLE_BASE_URL`, compared without a trailing slash), or when none is configured.
 */
function keyFor(baseURL: string, env: ModelEnv): string | undefined {
  const key = env[API_KEYS['openai-compatible']]?.trim() || undefined;
  const boundTo = env.OPENAI_COMPATIBLE_BASE_URL?.trim();
  const trim = (url: string) => url.replace(/\/+$/, '');
  return key && (!boundTo || trim(boundTo) === trim(baseURL)) ? key : undefined;
}

function requireKey(
  env: ModelEnv,
  provider: 'anthropic' | 'openai',
  source: string | undefined,
): string {
  const variable = API_KEYS[provider];
  const key = env[variable]?.trim();
  if (key) return key;
  const other = source ? `, or choose another model with ${source}` : ', or choose another model';
  throw new SightlineError({
    code: 'MISSING_API_KEY',
    message: `No API key for ${provider}${fromSource(source)}: set the ${variable} environment variable${other}.`,
    details: { provider, variable, ...(source ? { source } : {}) },
  });
}
