/**
 * `usePageSnapshot()`: the agent side. Returns a stable `read` function to call when a message is
 * sent; it reads the registry at that moment, so the calling component never re-renders when
 * page data changes.
 */
import { useCallback } from 'react';
import {
  type PageSnapshotRead,
  type ReadPageSnapshotOptions,
  readPage,
} from '../read/read-page.js';
import { useRegistryOrDetached } from './page-context-provider.js';

export type { PageSnapshotRead, ReadPageSnapshotOptions };

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
    (options: ReadPageSnapshotOptions = {}) => readPage(registry, options),
    [registry],
  );
}
