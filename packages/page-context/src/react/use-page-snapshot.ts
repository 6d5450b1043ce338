/**
 * `usePageSnapshot()`: the agent side. Returns a stable `read` function to call when a message is
 * sent; it reads the registry at that moment, so the calling component never re-renders when
 * page data changes.
 */
import { useCallback } from 'react';
import {
  type PageContextReading,
  type PageContextTurn,
  pageContextTurn,
} from '../diff/page-context-turn.js';
import { describePageWith } from '../fallback/describe-page.js';
import { countingNow } from '../render/lazy-tokenizer.js';
import { renderMarkdown, type ToMarkdownOptions } from '../render/to-markdown.js';
import { type PageTools, toTools } from '../tools/to-tools.js';
import type { PageSnapshot } from '../types.js';
import { useRegistryOrDetached } from './page-context-provider.js';

/** Options of a {@link PageSnapshotReader} call. */
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

/** Reads the page now. */
export type PageSnapshotReader = (options?: ReadPageSnapshotOptions) => PageSnapshotRead;

/**
 * Gives the agent side a reader of the current page context.
 * @returns a function, stable for the provider's lifetime, that snapshots the registry when called.
 *   In a browser the first call starts loading the tokenizer (a lazy chunk) and counts with an
 *   estimate until it has loaded (`exact: false`); `await loadTokenizer()` first for exact counts.
 *   Outside a `<PageContextProvider>` it reads an empty page (and warns once in development).
 * @example
 * const read = usePageSnapshot();
 * let last: PageSnapshotRead | undefined; // per conversation
 * const send = (text: string) => {
 *   const page = read({ budgetTokens: 2_000, previous: last }); // a delta after the first turn
 *   last = page;
 *   return streamText({ model, messages: [...history, { role: 'user', content: `${page.markdown}\n\n${text}` }], tools: page.tools });
 * };
 */
export function usePageSnapshot(): PageSnapshotReader {
  const registry = useRegistryOrDetached('usePageSnapshot');
  return useCallback(
    ({ root, previous, ...requested }: ReadPageSnapshotOptions = {}) => {
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
    },
    [registry],
  );
}
