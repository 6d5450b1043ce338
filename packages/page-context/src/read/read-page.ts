/**
 * Reading the page now: the registry's snapshot, its Markdown (with the DOM outline of what did
 * not opt in when a root is given), the turn to send (the whole page, or what changed since the
 * previous read) and the tools. `usePageSnapshot()` is this function bound to the provider's
 * registry; the chat panel imports it lazily (a chunk of its own, loaded with the tokenizer when
 * a message is first sent), so an app's first load carries only the registry and its hooks.
 */
import {
  type PageContextReading,
  type PageContextTurn,
  pageContextTurn,
} from '../diff/page-context-turn.js';
import { describePageWith } from '../fallback/describe-page.js';
import { countingNow } from '../render/lazy-tokenizer.js';
import { renderMarkdown, type ToMarkdownOptions } from '../render/to-markdown.js';
import { type PageTools, toTools } from '../tools/to-tools.js';
import type { PageContextRegistry, PageSnapshot } from '../types.js';

/** Options of {@link readPage}. */
export interface ReadPageSnapshotOptions extends Omit<ToMarkdownOptions, 'budgetTokens'> {
  /** Most tokens of `markdown` (counted exactly). Default: no limit (with `root`: 4,000). */
  budgetTokens?: number;
  /**
   * The page's root element: when given, parts of the page that did not opt in are outlined too
   * (`describePage`). Absent: only the registry's nodes.
   */
  root?: Element;
  /**
   * What was read for the previous turn of the same conversation. When given, `markdown` is what
   * changed since (`pageContextTurn`), or the whole page again when that is not smaller.
   */
  previous?: PageSnapshotRead;
}

/** What the agent sends: the snapshot, its Markdown, and the tools that act on the page. */
export interface PageSnapshotRead {
  /** The registry's tree at read time. */
  snapshot: PageSnapshot;
  /** The Markdown to put in the model's context: the whole page, or a delta (see `kind`). */
  markdown: string;
  /** Tokens of `markdown`: exact, or an estimate until the tokenizer has loaded (see `exact`). */
  tokens: number;
  /**
   * True when `tokens` (and the budget) were counted exactly. In a browser the first read starts
   * loading the tokenizer and counts with an estimate (4 characters a token) until it is there.
   */
  exact: boolean;
  /** `snapshot` when `markdown` is the whole page, `delta` when it is what changed. */
  kind: PageContextTurn['kind'];
  /** The whole page, also when `markdown` is a delta; pass the read as `previous` next turn. */
  reading: PageContextReading;
  /** AI SDK tools: one per declared action, plus `expand_node`. */
  tools: PageTools;
}

/**
 * Reads a registry's page now.
 * @param registry - the page's registry.
 * @param options - budget (tokens), root element for the DOM outline, the previous read.
 * @returns the snapshot, the Markdown to send and its tokens, the full reading and the tools.
 * @throws SightlineError `INVALID_ARGUMENT` when `budgetTokens` is NaN.
 */
export function readPage(
  registry: PageContextRegistry,
  { root, previous, ...requested }: ReadPageSnapshotOptions = {},
): PageSnapshotRead {
  const { options, exact } = countingNow(requested);
  const snapshot = registry.snapshot();
  const tools = toTools(snapshot);
  let reading: PageContextReading;
  if (root) {
    const { markdown, tokens, outline } = describePageWith(root, registry, snapshot, options);
    reading = { snapshot, markdown, tokens, outline };
  } else {
    const { markdown, tokens } = renderMarkdown(snapshot, options);
    reading = { snapshot, markdown, tokens };
  }
  const turn = pageContextTurn(previous?.reading, reading, options);
  return { snapshot, ...turn, exact, reading, tools };
}
