/**
 * Model-call plumbing shared by the investigation loop and the structurer: a readable model name,
 * and the translation of provider failures (network, authentication, unknown model) into one
 * `MODEL_CALL_FAILED` error that says what to check, quoting the server's words only as the
 * secret gate lets them out.
 */
import { gateMessage } from '@sightline/codebase';
import { apiKeyVariable, SightlineError } from '@sightline/core';
import {
  APICallError,
  type LanguageModel,
  NoObjectGeneratedError,
  RetryError,
  ToolChoiceViolationError,
  wrapLanguageModel,
} from 'ai';
import { abortedError } from './abort.js';
import { causeChain, errorCodes } from './cause-chain.js';
import { describeTlsFailure } from './tls-failure.js';

/**
 * Names a model the way specs do: `anthropic:claude-sonnet-4-5` for the model object of
 * `anthropic.messages` / `claude-sonnet-4-5` (the provider's first dotted segment, a colon, the id).
 * @returns the name; a string model (AI Gateway id) is returned as is.
 */
export function describeModel(model: LanguageModel): string {
  if (typeof model === 'string') return model;
  return `${model.provider.split('.')[0]}:${model.modelId}`;
}

/** The API key a model's provider reads, for messages: `OPENAI_API_KEY`, or the provider's key. */
function keyOf(modelName: string): string {
  const provider = modelName.split(':')[0] ?? '';
  // Fresh-user trial 24: every provider's variable was listed, not the one this model reads.
  return apiKeyVariable(provider) ?? `the API key of ${provider}`;
}

/** How servers without tool calling refuse a request with tools (Ollama, vLLM, llama.cpp). */
const NO_TOOL_SUPPORT =
  /does not support tools|tools? (?:are|is) not supported|tool(?: call(?:ing)?)? (?:is )?not supported|"auto" tool choice requires/i;

/** What to do when no server answers at the URL. */
const START_OR_FIX = 'Start the server, or fix the URL or host in --model.';
/** What to do when a server took the request and dropped it. */
const CHECK_LOGS =
  'The server or a proxy before it dropped the request: check its logs, then run again.';

/**
 * Network failures by Node's error code (undici's `UND_ERR_SOCKET` is its "other side closed",
 * before the answer or part-way through it): what happened, and what to do.
 */
const CONNECTION_FAILURES: Record<string, { what: string; todo: string }> = {
  ECONNREFUSED: { what: 'refused the connection: nothing listens there', todo: START_OR_FIX },
  ENOTFOUND: { what: 'could not be found: the host name does not resolve', todo: START_OR_FIX },
  EAI_AGAIN: {
    what: 'could not be found: the host name does not resolve (yet)',
    todo: START_OR_FIX,
  },
  ECONNRESET: { what: 'closed the connection before it finished answering', todo: CHECK_LOGS },
  UND_ERR_SOCKET: { what: 'closed the connection before it finished answering', todo: CHECK_LOGS },
  EHOSTUNREACH: { what: 'cannot be reached: no route to the host', todo: START_OR_FIX },
  ENETUNREACH: { what: 'cannot be reached: the network is down', todo: START_OR_FIX },
};

/** The first network error code (`ECONNREFUSED` …) along an error's cause chain. */
function networkCode(error: unknown): string | undefined {
  return errorCodes(error).find((code) => code in CONNECTION_FAILURES);
}

/** True when a message along an error's cause chain matches `pattern`. */
function chainMentions(error: unknown, pattern: RegExp): boolean {
  for (const current of causeChain(error)) {
    if (current instanceof Error && pattern.test(current.message)) return true;
  }
  return false;
}

/**
 * Says what happened when the model server is down or failed: a connection that could not be
 * made, or an HTTP 5xx answer. These are reported as soon as the AI SDK's retries are spent (its
 * default: 2 retries, 2 s then 4 s apart), never as a timeout.
 * @returns the message, or undefined for any other failure.
 */
/**
 * Statuses of a server that does not serve the request at that URL (404 Not Found, 405 Method Not
 * Allowed, 501 Not Implemented: a static web server answers a POST so, RFC 9110 §15.5.5, §15.5.6,
 * §15.6.2). With a body that is not JSON they come from something other than the model API; with
 * JSON they are the API's own answer (an unknown model id is a JSON 404).
 */
const NOT_SERVED = new Set([404, 405, 501]);

/** Whether a response body parses as JSON. */
function isJsonBody(body: string | undefined): boolean {
  if (body === undefined) return false;
  try {
    JSON.parse(body);
    return true;
  } catch {
    return false;
  }
}

/**
 * What to say of a server that answered with something other than its API's JSON (an HTML page
 * at a URL without `/v1`, a health check's JSON): the AI SDK's `Invalid JSON response`, which
 * says nothing of where to look; or a {@link NOT_SERVED} status without JSON (a plain web server
 * answering HTTP 501 to the POST, which read as "broken or overloaded": fresh-user trial 44).
 * @returns the message, or `undefined` for any other failure.
 */
function describeNotModelApi(modelName: string, last: unknown): string | undefined {
  if (!APICallError.isInstance(last)) return undefined;
  const invalidJson = last.message.startsWith('Invalid JSON response');
  const notServed =
    last.statusCode !== undefined &&
    NOT_SERVED.has(last.statusCode) &&
    !isJsonBody(last.responseBody);
  if (!invalidJson && !notServed) return undefined;
  const origin = URL.canParse(last.url) ? new URL(last.url).origin : last.url;
  const what = /^\s*</.test(last.responseBody ?? '')
    ? "an HTML page, not its API's JSON"
    : invalidJson
      ? 'JSON that is not its API’s answer'
      : 'no JSON: it does not serve that request';
  const status = last.statusCode ? ` HTTP ${last.statusCode}` : '';
  return `The server of model ${modelName} at ${origin} answered${status} with ${what}: the URL probably points at something other than the model API. Check the server URL in --model (an OpenAI-compatible server's ends in /v1 as a rule) and that the server speaks that provider's protocol.`;
}

/** The origin of the server a failed attempt called, or `its URL` when the failure does not say. */
function serverOrigin(last: unknown): string {
  if (!APICallError.isInstance(last)) return 'its URL';
  return URL.canParse(last.url) ? new URL(last.url).origin : last.url;
}

function describeUnavailable(modelName: string, last: unknown, reason: string): string | undefined {
  const url = serverOrigin(last);
  if (chainMentions(last, /\bbad port\b/i)) {
    const port = URL.canParse(url) ? new URL(url).port : '';
    return `The model server of ${modelName} at ${url} cannot be reached: Node's fetch refuses to connect to port ${port || 'of that URL'} (a port the Fetch standard blocks). Run the server on another port and fix it in --model.`;
  }
  const code = networkCode(last);
  if (code) {
    const { what, todo } = CONNECTION_FAILURES[code] as { what: string; todo: string };
    return `The model server of ${modelName} at ${url} ${what} (${code}). ${todo}`;
  }
  const statusCode = APICallError.isInstance(last) ? last.statusCode : undefined;
  if (statusCode && statusCode >= 500) {
    return `The model server of ${modelName} at ${url} failed: it answered HTTP ${statusCode} (${reason}). The server is up but broken or overloaded: check its logs, or try again later.`;
  }
  return undefined;
}

/**
 * `message` without its closing dots and spaces, so that it reads inside a sentence: what
 * `.replace(/[.\s]+$/, '')` gives, in linear time (the pattern read every run of dots and spaces
 * from each of its characters: a 64 KiB message, which a server may send, took 2.5 s).
 */
function withoutClosingDots(message: string): string {
  let end = message.length;
  // `trim` drops exactly the characters of `\s`.
  while (end > 0 && (message[end - 1] === '.' || message[end - 1]?.trim() === '')) end -= 1;
  return message.slice(0, end);
}

/** True for the abort a call or step timeout causes. */
function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

/** True for the AI SDK's abort of its retry back-off ("Delay was aborted"), which drops the failure it was about to retry. */
function isRetryDelayAborted(error: unknown): boolean {
  return isTimeout(error) && /delay was aborted/i.test((error as Error).message);
}

/**
 * The model with each failed attempt recorded in `failures` (emptied by an attempt that
 * succeeds), so that a failure the AI SDK dropped when the time ran out during its retry
 * back-off can still be told. Only models of the current specification (v3) can be wrapped.
 */
function recordingFailures(model: LanguageModel, failures: unknown[]): LanguageModel {
  if (typeof model === 'string' || model.specificationVersion !== 'v3') return model;
  const record = async <R>(attempt: () => PromiseLike<R>): Promise<R> => {
    try {
      const result = await attempt();
      failures.length = 0;
      return result;
    } catch (error) {
      failures.push(error);
      throw error;
    }
  };
  return wrapLanguageModel({
    model,
    middleware: {
      specificationVersion: 'v3',
      wrapGenerate: ({ doGenerate }) => record(doGenerate),
      wrapStream: ({ doStream }) => record(doStream),
    },
  });
}

/**
 * Runs one model call. Sightline errors and structured-output parse failures (handled by the
 * structurer's re-ask) pass through; a tool call where the step allowed none (the AI SDK enforces
 * `toolChoice`) becomes `MODEL_OUTPUT_INVALID`; anything else becomes `MODEL_CALL_FAILED`.
 * @param modelName - name used in the message (see {@link describeModel}).
 * @param model - the model the call uses; it is given back to `call` wrapped so that its failed
 *   attempts are seen (a refused connection stays a refused connection when the time runs out
 *   while the AI SDK waits to retry it).
 * @param call - the call, e.g. `(model) => generateText({ model, ... })`.
 * @param abortSignal - the caller's signal passed to the call, if any: a failure after it fired
 *   is the cancellation, not a model failure.
 * @returns what `call` resolves to.
 * @throws SightlineError `ABORTED` when `abortSignal` fired; `MODEL_CALL_FAILED` with
 *   `details.model`, for HTTP failures `details.statusCode`, `details.unavailable` when the
 *   server could not be reached, answered 5xx, limited the rate (HTTP 429, then also
 *   `details.rateLimited`) or did not answer in time (then also `details.timedOut`), `details.keyRejected` when it refused the API key (HTTP 401 or 403), and `details.tlsFailed` when
 *   the TLS handshake failed (plain HTTP at an `https:` URL, an untrusted certificate); `MODEL_OUTPUT_INVALID` when the
 *   model broke the step's tool choice.
 */
export async function callModel<T>(
  modelName: string,
  model: LanguageModel,
  call: (model: LanguageModel) => Promise<T>,
  abortSignal?: AbortSignal,
): Promise<T> {
  const failures: unknown[] = [];
  try {
    return await call(recordingFailures(model, failures));
  } catch (error) {
    if (abortSignal?.aborted) throw abortedError(error);
    if (SightlineError.isInstance(error) || NoObjectGeneratedError.isInstance(error)) throw error;
    if (ToolChoiceViolationError.isInstance(error)) {
      throw new SightlineError({
        code: 'MODEL_OUTPUT_INVALID',
        message: `The model ${modelName} called a tool where none was allowed (the server may ignore tool choice). Use a model or server that supports tool choice.`,
        details: { model: modelName, errors: [], markdown: '' },
        cause: error,
      });
    }
    // With retries, the last error may be the timeout cutting a retry delay short: the attempts
    // before it say what really went wrong (connection refused, HTTP status …). The AI SDK throws
    // that abort alone, so the attempts are the ones recorded on the model.
    const attempts = RetryError.isInstance(error)
      ? error.errors
      : isRetryDelayAborted(error)
        ? [...failures, error]
        : [error];
    const last = attempts.findLast((attempt) => !isTimeout(attempt)) ?? attempts.at(-1);
    const statusCode = APICallError.isInstance(last) ? last.statusCode : undefined;
    // The server's words, which may echo what it was sent (a key of a known shape, a header):
    // through the secret gate, as every message shown (the key itself: key-echo.ts of models).
    const reason = await gateMessage(
      withoutClosingDots(last instanceof Error ? last.message : String(last)),
    );
    if (isTimeout(last)) {
      // The AI SDK reports an abort during its retry back-off as "Delay was aborted"; when the
      // failure it was about to retry was not recorded (a model that cannot be wrapped), say so.
      const retrying = isRetryDelayAborted(last);
      throw new SightlineError({
        code: 'MODEL_CALL_FAILED',
        message: retrying
          ? `The model ${modelName} did not answer in time: a call failed and the time ran out while waiting to retry it. Check that the server is up and reachable, or allow more time per step (--timeout SECONDS) to see the failure.`
          : `The model ${modelName} did not answer in time (${reason}). Check that the server is up and the model is loaded, or allow more time per step (--timeout SECONDS).`,
        // A server that does not answer in time is as unavailable as one that refuses (exit 6).
        details: { model: modelName, timedOut: true, unavailable: true },
        cause: error,
      });
    }
    /** The failure as a `MODEL_CALL_FAILED` error, its HTTP status in the details when known. */
    const failed = (message: string, flags: Record<string, boolean> = {}) =>
      new SightlineError({
        code: 'MODEL_CALL_FAILED',
        message,
        details: { model: modelName, ...flags, ...(statusCode ? { statusCode } : {}) },
        cause: error,
      });
    if (NO_TOOL_SUPPORT.test(reason)) {
      throw failed(
        `The model ${modelName} does not support tool calling (${reason}), and the investigation needs it. Use a model with tool calling (Ollama: one tagged "tools", such as qwen2.5-coder or llama3.1; llama.cpp: start llama-server with --jinja), or investigate offline without --model.`,
        { noToolSupport: true },
      );
    }
    if (statusCode === 401 || statusCode === 403) {
      throw failed(
        `The model server of ${modelName} refused the API key: it answered HTTP ${statusCode} (${reason}). Check ${keyOf(modelName)}: that it is current, complete and allowed to use this model.`,
        { keyRejected: true },
      );
    }
    if (statusCode === 429) {
      throw failed(
        `The model server of ${modelName} is limiting requests: it answered HTTP 429 (${reason}) to the call and to its retries. Nothing is wrong with the report or the repository: wait and run again, run fewer investigations at once, or raise the rate limit of the key or plan.`,
        { unavailable: true, rateLimited: true },
      );
    }
    const notApi = describeNotModelApi(modelName, last);
    if (notApi) throw failed(notApi, { notModelApi: true });
    // A TLS handshake that failed is the URL's or the machine's configuration, not a server down.
    const tls = describeTlsFailure(modelName, serverOrigin(last), last);
    if (tls) throw failed(tls, { tlsFailed: true });
    const unavailable = describeUnavailable(modelName, last, reason);
    if (unavailable) throw failed(unavailable, { unavailable: true });
    throw failed(
      `The call to model ${modelName} failed${statusCode ? ` (HTTP ${statusCode})` : ''}: ${reason}. Check the API key, the network or server URL, and that the model id exists for this provider.`,
    );
  }
}
