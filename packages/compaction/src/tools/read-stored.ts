/**
 * `read_stored`: numbered lines of a stored entry, with offset and limit, capped in lines and
 * tokens, with a note saying how to read on.
 */
import { countFittingItems, pluralize, SightlineError } from '@sightline/core';
import { numberLines } from '../history/numbered-lines.js';
import type { CompactionStore } from '../stores/compaction-store.js';
import { assertStorePath } from '../stores/store-paths.js';
import type { StoreScope } from './store-scope.js';

/** Input of `read_stored`. */
export interface ReadStoredInput {
  path: string;
  offset?: number;
  limit?: number;
}

/** What `read_stored` returns on success. */
export interface ReadStoredOutput {
  /** Numbered lines and notes, as the model reads them. */
  text: string;
  path: string;
  /** Lines shown, 1-based inclusive. */
  lines: [number, number];
  totalLines: number;
  /** Offset to continue from, when lines are left. */
  nextOffset: number | undefined;
}

/** What `read_stored` reads from and how much it may return. */
export interface ReadStoredContext {
  store: CompactionStore;
  scope: StoreScope;
  /** Most lines per call. */
  maxReadLines: number;
  /** Most tokens of one output (o200k_base). */
  maxOutputTokens: number;
}

/**
 * Reads lines of a stored entry.
 * @param input - `path`, `offset` (first line, 1-based, default 1), `limit` (lines).
 * @param context - see {@link ReadStoredContext}.
 * @returns the numbered lines.
 * @throws SightlineError `STORE_PATH_INVALID` (bad or out-of-scope path), `STORE_ENTRY_NOT_FOUND`
 * (naming what is stored beside it), `INVALID_ARGUMENT` (offset past the end).
 */
export async function readStored(
  { path, offset = 1, limit }: ReadStoredInput,
  { store, scope, maxReadLines, maxOutputTokens }: ReadStoredContext,
): Promise<ReadStoredOutput> {
  assertStorePath(path);
  if (!scope.contains(path)) throw scope.outside(path);
  const window = await store
    .read(path, { offset, limit: Math.min(limit ?? maxReadLines, maxReadLines) })
    .catch(async (error) => {
      if (!SightlineError.isInstance(error) || error.code !== 'STORE_ENTRY_NOT_FOUND') throw error;
      throw await notFound(store, path);
    });
  if (window.totalLines > 0 && offset > window.totalLines) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: `offset ${offset} is past the end: ${path} has ${pluralize(window.totalLines, 'line')}. Use an offset from 1 to ${window.totalLines}.`,
    });
  }
  const lines = window.content === '' && window.totalLines === 0 ? [] : window.content.split('\n');
  const { lines: numbered, cut } = numberLines(lines, offset);
  const render = (count: number) => {
    const last = offset + count - 1;
    const out = [
      lines.length === 0
        ? `${path} is empty (0 lines).`
        : `${path} (lines ${offset}-${last} of ${window.totalLines})`,
      ...numbered.slice(0, count),
    ];
    if (last < window.totalLines) {
      out.push(
        `[Showing lines ${offset}-${last} of ${window.totalLines}. To read on, call read_stored with offset=${last + 1}.]`,
      );
    }
    if (cut > 0) out.push(`[${pluralize(cut, 'line')} longer than 2,000 characters cut with "…".]`);
    return out.join('\n');
  };
  const shown = Math.max(
    Math.min(1, lines.length),
    countFittingItems(lines.length, maxOutputTokens, render),
  );
  const last = offset + shown - 1;
  return {
    text: render(shown),
    path,
    lines: [offset, last],
    totalLines: window.totalLines,
    nextOffset: last < window.totalLines ? last + 1 : undefined,
  };
}

async function notFound(store: CompactionStore, path: string): Promise<SightlineError> {
  const folder = path.slice(0, path.lastIndexOf('/') + 1);
  const siblings = await store.list(folder).catch(() => []);
  const names = siblings.slice(0, 10).map((entry) => entry.path);
  const hint =
    names.length > 0
      ? ` Stored under ${folder}: ${names.join(', ')}${siblings.length > names.length ? ', …' : ''}.`
      : ' Use search_stored to find what you are looking for.';
  return new SightlineError({
    code: 'STORE_ENTRY_NOT_FOUND',
    message: `Nothing is stored at ${path}.${hint}`,
    details: { path },
  });
}
