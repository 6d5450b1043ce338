/**
 * `search_stored`: lines matching a regular expression across the stored entries of a scope,
 * grouped by path, capped in matches and tokens.
 */
import { countFittingItems, pluralize } from '@sightline/core';
import { numberLines } from '../history/numbered-lines.js';
import type { CompactionStore, StoreMatch } from '../stores/compaction-store.js';
import { assertStorePrefix } from '../stores/store-paths.js';
import type { StoreScope } from './store-scope.js';

/** Input of `search_stored`. */
export interface SearchStoredInput {
  pattern: string;
  path_prefix?: string;
}

/** What `search_stored` returns on success. */
export interface SearchStoredOutput {
  /** Matches grouped by path, as the model reads them. */
  text: string;
  matches: StoreMatch[];
  /** True when more matches may exist than were returned. */
  truncated: boolean;
}

/** What `search_stored` searches and how much it may return. */
export interface SearchStoredContext {
  store: CompactionStore;
  scope: StoreScope;
  /** Most matches per call. */
  maxMatches: number;
  /** Most tokens of one output (o200k_base). */
  maxOutputTokens: number;
  /** How the searched part is named in the output, e.g. "this session's store". */
  scopeName: string;
}

/**
 * Searches the stored entries in scope.
 * @param input - `pattern` (RE2), `path_prefix` (narrows the search).
 * @param context - see {@link SearchStoredContext}.
 * @returns the matches, or a note that nothing matched.
 * @throws SightlineError `STORE_PATH_INVALID` for a bad or out-of-scope prefix; whatever the
 * store's `grep` throws for an invalid pattern.
 */
export async function searchStored(
  { pattern, path_prefix }: SearchStoredInput,
  { store, scope, maxMatches, maxOutputTokens, scopeName }: SearchStoredContext,
): Promise<SearchStoredOutput> {
  const prefixes = scope.narrow(path_prefix);
  if (path_prefix !== undefined) {
    assertStorePrefix(path_prefix);
    if (prefixes.length === 0) throw scope.outside(path_prefix);
  }
  const found: StoreMatch[] = [];
  for (const prefix of prefixes) {
    found.push(
      ...(await store.grep(pattern, { prefix, maxMatches: maxMatches + 1 - found.length })),
    );
    if (found.length > maxMatches) break;
  }
  const where = path_prefix ?? scopeName;
  if (found.length === 0) {
    return {
      text: `No lines match /${pattern}/ in ${where}. Try a shorter or case-insensitive pattern ((?i)word).`,
      matches: [],
      truncated: false,
    };
  }
  const render = (count: number) => {
    const out = [`Lines matching /${pattern}/ in ${where}:`];
    let currentPath = '';
    for (const match of found.slice(0, count)) {
      if (match.path !== currentPath) {
        currentPath = match.path;
        out.push(match.path);
      }
      out.push(numberLines([match.text], match.line, { maxLineChars: 500 }).lines[0] ?? '');
    }
    out.push(
      count < found.length
        ? `[Showing the first ${pluralize(count, 'match', 'matches')}; more exist. Narrow the pattern or path_prefix, or read around a line with read_stored.]`
        : '[To see the lines around a match, call read_stored with its path and an offset a few lines before it.]',
    );
    return out.join('\n');
  };
  const wanted = Math.min(found.length, maxMatches);
  const shown = Math.max(1, countFittingItems(wanted, maxOutputTokens, render));
  return { text: render(shown), matches: found.slice(0, shown), truncated: shown < found.length };
}
