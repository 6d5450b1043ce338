/**
 * The tokenizer loaded when first needed. Its rank tables are large (o200k_base: about 2 MB, 1 MB
 * gzip), so a browser app must not wait for them before its first render: readers count with an
 * estimate until `loadTokenizer` (started by the first read) has registered the encoding, then
 * exactly. Bundlers split the dynamic imports below into their own chunks. In Node every count is
 * exact from the start (the encoding loads on demand there).
 */
import {
  canCountTokens,
  type Encoding,
  type EncodingModule,
  registerEncoding,
  SightlineError,
} from '@sightline/core';
import { encodingOf, type TokenCounterOptions } from './token-counter.js';

/**
 * Characters per token of the estimate: OpenAI's rule of thumb for English text ("one token is
 * roughly 4 characters", help.openai.com, "What are tokens and how to count them?").
 */
export const CHARS_PER_TOKEN_ESTIMATE = 4;

/**
 * Estimated tokens of a text, used only until the exact counter has loaded.
 * @param text - any string.
 * @returns `ceil(length / 4)`.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN_ESTIMATE);
}

/**
 * The encodings the library loads by itself: o200k_base only, so a bundler emits one tokenizer
 * chunk. Another encoding's chunk exists only in apps that import it (see {@link loadTokenizer}).
 */
const loaders: Partial<Record<Encoding, () => Promise<EncodingModule>>> = {
  o200k_base: () => import('gpt-tokenizer/encoding/o200k_base'),
};
const pending = new Map<Encoding, Promise<void>>();
const listeners = new Set<(encoding: Encoding) => void>();

/**
 * Loads and registers an encoding (once; later calls share the first load).
 * @param encoding - default `o200k_base`.
 * @param loader - how to import another encoding's module, from the app's code so that only apps
 *   using it get its chunk: `loadTokenizer('cl100k_base', () => import('gpt-tokenizer/encoding/cl100k_base'))`.
 * @returns a promise that resolves when counting with `encoding` is exact; it rejects with
 *   SightlineError `INVALID_ARGUMENT` when the chunk cannot be loaded (offline), or for an encoding
 *   other than o200k_base given no `loader`; the next call tries again.
 */
export function loadTokenizer(
  encoding: Encoding = 'o200k_base',
  loader: (() => Promise<EncodingModule>) | undefined = loaders[encoding],
): Promise<void> {
  if (canCountTokens(encoding)) return Promise.resolve();
  let load = pending.get(encoding);
  if (!load) {
    if (!loader) {
      return Promise.reject(
        new SightlineError({
          code: 'INVALID_ARGUMENT',
          message: `No loader for the ${encoding} tokenizer in the browser: call loadTokenizer('${encoding}', () => import('gpt-tokenizer/encoding/${encoding}')) once (only apps that do get its chunk); counts stay estimates until then.`,
        }),
      );
    }
    load = loader().then(
      (module) => {
        registerEncoding(encoding, module);
        for (const listener of listeners) listener(encoding);
      },
      (cause: unknown) => {
        pending.delete(encoding);
        throw new SightlineError({
          code: 'INVALID_ARGUMENT',
          message: `The ${encoding} tokenizer chunk (gpt-tokenizer/encoding/${encoding}) could not be loaded; token counts stay estimates. Check that gpt-tokenizer is installed and the chunk is served.`,
          cause,
        });
      },
    );
    pending.set(encoding, load);
  }
  return load;
}

/**
 * Calls `listener` each time an encoding finishes loading (inspectors re-count then).
 * @param listener - receives the encoding.
 * @returns a function that stops the calls.
 */
export function onTokenizerLoaded(listener: (encoding: Encoding) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Exact counting when possible; otherwise an estimate, and the encoding starts loading (a failed
 * load is retried on the next read).
 * @param options - the caller's counting options.
 * @returns `options` to pass on (with `countTokens` set to the estimate when the encoding is not
 *   loaded yet) and `exact`, whether they count exactly.
 */
export function countingNow<Options extends TokenCounterOptions>(
  options: Options,
): { options: Options; exact: boolean } {
  if (options.countTokens) return { options, exact: true };
  const encoding = encodingOf(options);
  if (canCountTokens(encoding)) return { options, exact: true };
  loadTokenizer(encoding).catch(() => {});
  return { options: { ...options, countTokens: estimateTokens }, exact: false };
}
