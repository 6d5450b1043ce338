/**
 * Model specs: the one-string form a user names a model in (`--model`, `SIGHTLINE_MODEL`), parsed
 * into its provider and model id without constructing anything.
 *
 * Accepted forms:
 * - `anthropic:<model>` — Anthropic Messages API.
 * - `openai:<model>` — OpenAI Responses API.
 * - `openai-compatible:<baseURL>#<model>` — any server speaking the OpenAI Chat Completions
 *   protocol (Ollama `http://localhost:11434/v1`, llama.cpp server, vLLM, LM Studio).
 */
import { redactUrlsIn, SightlineError } from '@sightline/core';

/** Providers a spec can name. */
export type ModelProvider = 'anthropic' | 'openai' | 'openai-compatible';

/** Environment variables read by model resolution (defaults to `process.env`). */
export type ModelEnv = Readonly<Record<string, string | undefined>>;

/** A parsed model spec. */
export type ModelSpec =
  | { provider: 'anthropic' | 'openai'; id: string }
  | { provider: 'openai-compatible'; id: string; baseURL: string };

/** Human-readable list of accepted spec forms, used in error messages and CLI help. */
export const MODEL_SPEC_FORMS =
  '`anthropic:<model>` (e.g. anthropic:claude-sonnet-4-5), `openai:<model>` (e.g. openai:gpt-4.1-mini) ' +
  'or `openai-compatible:<baseURL>#<model>` (e.g. openai-compatible:http://localhost:11434/v1#qwen2.5-coder:14b)';

/**
 * Parses a model spec. Makes no network call and reads no key.
 * @param spec - `anthropic:<model>`, `openai:<model>` or `openai-compatible:<baseURL>#<model>`.
 * @param source - the flag or environment variable the spec came from, named in the error.
 * @returns the provider, the model id as the provider spells it (tags such as `:14b` kept) and,
 *   for `openai-compatible`, the base URL.
 * @throws SightlineError `UNKNOWN_MODEL` when the spec has none of the accepted forms (an
 *   openai-compatible base URL must be http or https).
 */
export function parseModelSpec(spec: string, source?: string): ModelSpec {
  const colon = spec.indexOf(':');
  const provider = spec.slice(0, colon).trim();
  const rest = spec.slice(colon + 1).trim();
  if (colon <= 0 || rest === '')
    throw unknownModel(spec, 'it has no `provider:` prefix or no model', source);
  if (provider === 'anthropic' || provider === 'openai') return { provider, id: rest };
  if (provider === 'openai-compatible') {
    const hash = rest.lastIndexOf('#');
    const baseURL = rest.slice(0, hash);
    const id = rest.slice(hash + 1).trim();
    if (hash > 0 && id !== '' && !URL.canParse(baseURL)) {
      throw unknownModel(spec, `its base URL ${invalidUrlReason(baseURL)}`, source);
    }
    if (hash <= 0 || id === '') {
      throw unknownModel(
        spec,
        'an openai-compatible spec needs a base URL, `#`, then the model',
        source,
      );
    }
    const { protocol, username, password } = new URL(baseURL);
    if (protocol !== 'http:' && protocol !== 'https:') {
      throw unknownModel(
        spec,
        `the base URL must be http:// or https://, not ${protocol}//`,
        source,
      );
    }
    if (username || password) {
      throw unknownModel(
        spec,
        'its base URL holds a user name or password (user:password@), which fetch does not send and logs would show: give the key in OPENAI_COMPATIBLE_API_KEY (sent as a Bearer token) and leave it out of the URL',
        source,
      );
    }
    return { provider, id, baseURL };
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

/** The highest TCP port (a 16-bit number). */
const MAX_PORT = 65_535;

/**
 * Why a base URL does not parse, as the error says it: a port out of range is named (the WHATWG
 * URL parser refuses one above {@link MAX_PORT} without saying so), anything else quoted.
 */
function invalidUrlReason(baseURL: string): string {
  const port = /^[a-z][\w+.-]*:\/\/[^/?#]*:(\d+)(?:[/?#]|$)/i.exec(baseURL)?.[1];
  if (port && Number(port) > MAX_PORT)
    return `has port ${port}, above the highest port (${MAX_PORT}): fix the port`;
  return `"${redactUrlsIn(baseURL)}" is not a URL: write it as http://host:port/path`;
}

/** ` (from SIGHTLINE_MODEL)`, or '' when the source is not known. */
export const fromSource = (source: string | undefined) => (source ? ` (from ${source})` : '');

function unknownModel(spec: string, reason: string, source: string | undefined): SightlineError {
  const fix = source ? `Set ${source} to ${MODEL_SPEC_FORMS}` : `Use ${MODEL_SPEC_FORMS}`;
  // As messages and logs may show it: a URL's password or `api_key` value as ***.
  const shown = redactUrlsIn(spec);
  return new SightlineError({
    code: 'UNKNOWN_MODEL',
    message: `Cannot read the model spec "${shown}"${fromSource(source)}: ${reason}. ${fix}.`,
    details: { spec: shown, ...(source ? { source } : {}) },
  });
}
