/**
 * The polling walk every paged provider shares: read pages from the newest item down, keep what
 * changed since the cursor (the newest time seen), and stop at the first page that reaches back to
 * it. A rate limit or outage with a requested wait mid-way returns what was read so far with the
 * old cursor and the wait: ingest is idempotent, so the next poll re-reading them loses and
 * doubles nothing.
 */
import { ProviderError } from './provider-http.js';
import type { PollResult, RawReport } from './types.js';

/** One page of a list call. */
export interface ProviderPage<Item> {
  items: Item[];
  /** The next page's token or URL; null on the last page. */
  next: string | null;
}

/** Options of {@link pollPages}. */
export interface PollPagesOptions<Item> {
  /** The previous poll's cursor: the newest item time seen (any `Date.parse` form); null at first. */
  cursor: string | null;
  /** Most pages read in one poll. */
  maxPages: number;
  /** Reads one page; `next` is null for the first. @throws ProviderError */
  page(next: string | null): Promise<ProviderPage<unknown>>;
  /** Whether a listed item is one to read (a review, an issue object); the others are skipped. */
  isItem(item: unknown): item is Item;
  /** When the item was created or last changed; undefined skips the item. */
  timeOf(item: Item): string | undefined;
  /** The item as a raw report; undefined skips it. */
  toReport(item: Item): Promise<RawReport | undefined> | RawReport | undefined;
  /**
   * The provider lists newest first, so a page holding an item older than the cursor ends the
   * walk. False reads up to `maxPages` whatever the order. Default true.
   */
  newestFirst?: boolean;
}

/**
 * Walks the pages and returns the new items as reports. Items as old as the cursor are read again
 * (two items may share a second); the duplicates are dropped at ingest.
 * @returns the reports, the next cursor (the newest item time seen, as the provider wrote it) and
 *   the wait a rate limit asked for.
 * @throws ProviderError when a call fails without a requested wait (bad credentials, 5xx, bad body).
 */
export async function pollPages<Item>(options: PollPagesOptions<Item>): Promise<PollResult> {
  const { cursor, newestFirst = true } = options;
  const cursorMs = cursor === null ? Number.NaN : Date.parse(cursor);
  // An unreadable cursor reads everything again, as a first poll does.
  const since = Number.isNaN(cursorMs) ? Number.NEGATIVE_INFINITY : cursorMs;
  const reports: RawReport[] = [];
  let newest = Number.isNaN(cursorMs) ? null : cursor;
  let newestMs = since;
  let next: string | null = null;
  try {
    for (let page = 0; page < options.maxPages && (page === 0 || next); page++) {
      const result = await options.page(next);
      let reachedCursor = false;
      for (const item of result.items.filter(options.isItem)) {
        const time = options.timeOf(item);
        const ms = time === undefined ? Number.NaN : Date.parse(time);
        if (Number.isNaN(ms)) continue;
        if (ms < since) {
          reachedCursor = true;
          continue;
        }
        const report = await options.toReport(item);
        if (report) reports.push(report);
        if (ms > newestMs) [newest, newestMs] = [time ?? null, ms];
      }
      next = newestFirst && reachedCursor ? null : result.next;
    }
  } catch (error) {
    if (error instanceof ProviderError && error.retryAfterMs !== undefined) {
      return { reports, cursor, retryAfterMs: error.retryAfterMs };
    }
    throw error;
  }
  return { reports, cursor: newest };
}

/** An ISO 8601 time in UTC; now when the provider's is missing or unreadable. */
export function isoTime(time: string | number | undefined): string {
  const ms = time === undefined ? Number.NaN : new Date(time).getTime();
  return new Date(Number.isNaN(ms) ? Date.now() : ms).toISOString();
}
