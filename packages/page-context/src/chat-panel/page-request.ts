/**
 * What the chat panel does with the page, loaded lazily (`import('./page-request.js')`) so that the
 * reader — the Markdown renderer, the DOM outline, the diff, the tools — is a chunk of its own,
 * fetched with the tokenizer when a message is first sent or the inspector opens, not part of the
 * app's first load.
 */
import { type PageContextPayload, toPageContextPayload } from '../chat/page-context-payload.js';
import { readPage } from '../read/read-page.js';
import { loadTokenizer } from '../render/lazy-tokenizer.js';
import { type PageTools, type ToToolsOptions, toTools } from '../tools/to-tools.js';
import type { PageContextRegistry } from '../types.js';

export { runToolByHand } from '../tools/run-tool-by-hand.js';

/** What was sent with a request (or would be): the payload, and its exact token count. */
export interface SentPageContext {
  payload: PageContextPayload;
  /** Exact o200k_base tokens of `payload.markdown`. */
  tokens: number;
  /** When it was read, ms since the epoch. */
  sentAt: number;
}

/**
 * Reads the whole page (registry and DOM outline of `document.body`) for a request, once the
 * tokenizer has loaded so the count is exact.
 * @param registry - the page's registry.
 * @param budgetTokens - most tokens of the Markdown.
 * @returns the payload for the request body and its tokens.
 * @throws SightlineError `INVALID_ARGUMENT` when the tokenizer chunk cannot be loaded.
 */
export async function readPageForRequest(
  registry: PageContextRegistry,
  budgetTokens: number,
): Promise<SentPageContext> {
  await loadTokenizer();
  const page = readPage(registry, { root: document.body, budgetTokens });
  const payload = await toPageContextPayload(page);
  return { payload, tokens: page.tokens, sentAt: Date.now() };
}

/**
 * Starts loading the tokenizer, so that the first request does not wait for it.
 * @returns a promise that settles when it has loaded or failed (a failed load is retried by the
 *   next request).
 */
export function preparePageRequest(): Promise<void> {
  return loadTokenizer().catch(() => {});
}

/**
 * The page's tools now, to run a tool call.
 * @param registry - the page's registry.
 * @param options - confirmation and progress callbacks (see `toTools`).
 * @returns the tools by name.
 */
export function pageToolsNow(registry: PageContextRegistry, options: ToToolsOptions): PageTools {
  return toTools(registry.snapshot(), options);
}
