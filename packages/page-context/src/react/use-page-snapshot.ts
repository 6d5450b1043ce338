/**
 * `usePageSnapshot()`: the agent side. Returns a stable `read` function to call when a message is
 * sent; it reads the registry at that moment, so the calling component never re-renders when
 * page data changes.
 */
import { useCallback } from 'react';
import { type PageTools, toTools } from '../actions/to-tools.js';
import { describePageWith } from '../fallback/describe-page.js';
import { renderMarkdown, type ToMarkdownOptions } from '../render/to-markdown.js';
import type { PageSnapshot } from '../types.js';
import { useRequiredRegistry } from './page-context-provider.js';

/** Options of a {@link PageSnapshotReader} call. */
export interface ReadPageSnapshotOptions extends Omit<ToMarkdownOptions, 'budgetTokens'> {
  /** Most tokens of `markdown` (counted exactly). Default: no limit (with `root`: 4,000). */
  budgetTokens?: number;
  /**
   * The page's root element: when given, parts of the page that did not opt in are outlined too
   * (`describePage`). Absent: only the registry's nodes.
   */
  root?: Element;
}

/** What the agent sends: the snapshot, its Markdown, and the tools that act on the page. */
export interface PageSnapshotRead {
  /** The registry's tree at read time. */
  snapshot: PageSnapshot;
  /** The Markdown to put in the model's context. */
  markdown: string;
  /** Exact tokens of `markdown`. */
  tokens: number;
  /** AI SDK tools: one per declared action, plus `expand_node`. */
  tools: PageTools;
}

/** Reads the page now. */
export type PageSnapshotReader = (options?: ReadPageSnapshotOptions) => PageSnapshotRead;

/**
 * Gives the agent side a reader of the current page context.
 * @returns a function, stable for the provider's lifetime, that snapshots the registry when called;
 *   in a browser it throws SightlineError `INVALID_ARGUMENT` until `registerEncoding` was called
 *   (or `countTokens` is passed), since `markdown` is counted exactly.
 * @throws SightlineError `INVALID_ARGUMENT` outside a `<PageContextProvider>`.
 * @example
 * const read = usePageSnapshot();
 * const send = (text: string) => {
 *   const { markdown, tools } = read({ budgetTokens: 2_000 });
 *   return streamText({ model, system: markdown, tools, prompt: text });
 * };
 */
export function usePageSnapshot(): PageSnapshotReader {
  const registry = useRequiredRegistry('usePageSnapshot');
  return useCallback(
    ({ root, ...options }: ReadPageSnapshotOptions = {}) => {
      const snapshot = registry.snapshot();
      const tools = toTools(snapshot);
      if (root) {
        const { markdown, tokens } = describePageWith(root, registry, snapshot, options);
        return { snapshot, markdown, tokens, tools };
      }
      const { markdown, tokens } = renderMarkdown(snapshot, options);
      return { snapshot, markdown, tokens, tools };
    },
    [registry],
  );
}
