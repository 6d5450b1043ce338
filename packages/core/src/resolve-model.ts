/**
 * Model resolution: turns a model spec such as `anthropic:claude-sonnet-4-5` into an AI SDK
 * `LanguageModel` plus its {@link ModelProfile}. Construction only: nothing here calls the network,
 * so a wrong key or an unreachable server shows up at the first model call (`MODEL_CALL_FAILED`).
 *
 * Accepted forms:
 * - `anthropic:<model>` — Anthropic Messages API; key from `ANTHROPIC_API_KEY`.
 * - `openai:<model>` — OpenAI **Responses API** (what `openai(id)` means in `@ai-sdk/openai@3`,
 *   OpenAI's recommended API for tool use and structured output); key from `OPENAI_API_KEY`.
 * - `openai-compatible:<baseURL>#<model>` — any server speaking the OpenAI Chat Completions
 *   protocol (Ollama `http://localhost:11434/v1`, llama.cpp server, vLLM, LM Studio); key optional,
 *   from `OPENAI_COMPATIBLE_API_KEY`.
 */
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import { SightlineError } from './errors.js';
import { getModelProfile, type ModelProfile } from './model-profiles.js';

/** Providers a spec can name. */
export type ModelProvider = 'anthropic' | 'openai' | 'openai-compatible';

/** Environment variables read by model resolution (defaults to `process.env`). */
export type ModelEnv = Readonly<Record<string, string | undefined>>;

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

/** Human-readable list of accepted spec forms, used in error messages and CLI help. */
export const MODEL_SPEC_FORMS =
  '`anthropic:<model>` (e.g. anthropic:claude-sonnet-4-5), `openai:<model>` (e.g. openai:gpt-4.1-mini) ' +
  'or `openai-compatible:<baseURL>#<model>` (e.g. openai-compatible:http://localhost:11434/v1#qwen2.5-coder:14b)';

const API_KEY_VARIABLES = {
  anthropic: 'ANTHROPIC_API_KEY',
  openai: 'OPENAI_API_KEY',
  'openai-compatible': 'OPENAI_COMPATIBLE_API_KEY',
} as const satisfies Record<ModelProvider, string>;

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
  { env = process.env, source, fetch }: ResolveModelOptions = {},
): ResolvedModel {
  const colon = spec.indexOf(':');
  const provider = spec.slice(0, colon).trim();
  const rest = spec.slice(colon + 1).trim();
  if (colon <= 0 || rest === '')
    throw unknownModel(spec, 'it has no `provider:` prefix or no model', source);

  if (provider === 'anthropic' || provider === 'openai') {
    const apiKey = requireKey(env, provider, source);
    const settings = { apiKey, ...(fetch ? { fetch } : {}) };
    const model =
      provider === 'anthropic' ? createAnthropic(settings)(rest) : createOpenAI(settings)(rest);
    return { model, id: rest, provider, profile: getModelProfile(rest) };
  }
  if (provider === 'openai-compatible') {
    const hash = rest.lastIndexOf('#');
    const baseURL = rest.slice(0, hash);
    const id = rest.slice(hash + 1).trim();
    if (hash <= 0 || id === '' || !URL.canParse(baseURL)) {
      throw unknownModel(
        spec,
        'an openai-compatible spec needs a base URL, `#`, then the model',
        source,
      );
    }
    const apiKey = env[API_KEY_VARIABLES['openai-compatible']] || undefined;
    // Ollama (≥ 0.5), llama.cpp server, vLLM and LM Studio all accept `response_format:
    // json_schema`; without this flag the SDK sends `json_object` and the schema never reaches
    // the model, so structured output (the diagnosis structurer) would have to guess the shape.
    const model = createOpenAICompatible({
      name: 'openai-compatible',
      baseURL,
      apiKey,
      supportsStructuredOutputs: true,
      ...(fetch ? { fetch } : {}),
    })(id);
    return { model, id, provider, profile: getModelProfile(id) };
  }
  throw unknownModel(spec, `provider \`${provider}\` is not supported`, source);
}

/**
 * Reads the model specs configured in the environment, for callers that got no `--model` flag.
 * @param env - default `process.env`.
 * @returns `model` from `SIGHTLINE_MODEL` and `structurer` from `SIGHTLINE_STRUCTURER_MODEL`
 *   (each `undefined` when unset or blank).
 */
export function modelSpecFromEnv(env: ModelEnv = process.env): {
  model?: string;
  structurer?: string;
} {
  const read = (name: string) => env[name]?.trim() || undefined;
  return { model: read('SIGHTLINE_MODEL'), structurer: read('SIGHTLINE_STRUCTURER_MODEL') };
}

/** ` (from SIGHTLINE_MODEL)`, or '' when the source is not known. */
const fromSource = (source: string | undefined) => (source ? ` (from ${source})` : '');

function requireKey(
  env: ModelEnv,
  provider: 'anthropic' | 'openai',
  source: string | undefined,
): string {
  const variable = API_KEY_VARIABLES[provider];
  const key = env[variable]?.trim();
  if (key) return key;
  const other = source ? `, or choose another model with ${source}` : ', or choose another model';
  throw new SightlineError({
    code: 'MISSING_API_KEY',
    message: `No API key for ${provider}${fromSource(source)}: set the ${variable} environment variable${other}.`,
    details: { provider, variable, ...(source ? { source } : {}) },
  });
}

function unknownModel(spec: string, reason: string, source: string | undefined): SightlineError {
  const fix = source ? `Set ${source} to ${MODEL_SPEC_FORMS}` : `Use ${MODEL_SPEC_FORMS}`;
  return new SightlineError({
    code: 'UNKNOWN_MODEL',
    message: `Cannot read the model spec "${spec}"${fromSource(source)}: ${reason}. ${fix}.`,
    details: { spec, ...(source ? { source } : {}) },
  });
}
