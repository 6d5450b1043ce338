/**
 * The inbox's first page asked for as soon as the console's first (small) script runs, while the
 * rest of the console — React, the pages, their libraries — is still being fetched and evaluated
 * (most of a cold load's time), then handed to the inbox's query when it asks for the same page.
 * Without it the request would leave only once the inbox had mounted. The idea is the "render as
 * you fetch" pattern of React's documentation (react.dev, "Suspense for data fetching").
 */
import type { InboxQueryParams } from '@sightline/service';
import { api } from './client.js';

/** Groups the inbox fetches at once (the API's largest page). */
export const INBOX_PAGE_SIZE = 200;

type InboxAnswer = ReturnType<typeof api.inbox>;

/** An early request: its answer, and the answer itself once it has arrived. */
interface EarlyRequest {
  answer: InboxAnswer;
  arrived?: Awaited<InboxAnswer>;
}

const early = new Map<string, EarlyRequest>();

/** The same key for the same query, whatever the order of its fields (empty ones left out). */
function keyOf(params: InboxQueryParams): string {
  const fields = Object.entries(params)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([name, value]) => `${name}=${String(value)}`);
  return fields.sort().join('&');
}

/**
 * Starts `GET /api/groups` for `params` now; its answer waits for {@link takeEarlyInbox}. A failure
 * is not reported here: the query that takes the answer gets it (and retries as it would).
 */
export function fetchInboxEarly(params: InboxQueryParams): void {
  const request: EarlyRequest = { answer: api.inbox(params) };
  request.answer.then(
    (page) => {
      request.arrived = page;
    },
    () => undefined,
  );
  early.set(keyOf(params), request);
}

/** The early answer for exactly `params`, once (later calls fetch anew); undefined when none. */
export function takeEarlyInbox(params: InboxQueryParams): InboxAnswer | undefined {
  const key = keyOf(params);
  const request = early.get(key);
  early.delete(key);
  return request?.answer;
}

/**
 * Resolves once every early request has arrived or failed, or after `maxMs` (ms), whichever comes
 * first; at once when none was made. `mount.tsx` renders after it, so that on a first load the
 * first render already has the rows (see {@link takeArrivedInbox}) instead of rendering the page
 * empty, laying it out and painting it, then doing it all again with the rows: the answer usually
 * lands within milliseconds of the console's modules being evaluated, and the data waits of
 * route loaders (React Router's `loader`) are the same idea. Never rejects.
 */
export function earlyInboxSettled(maxMs: number): Promise<void> {
  const requests = [...early.values()];
  if (requests.length === 0) return Promise.resolve();
  const settled = requests.map((request) => request.answer.then(ignore, ignore));
  return Promise.race([
    Promise.all(settled).then(ignore),
    new Promise<void>((resolve) => setTimeout(resolve, maxMs)),
  ]);
}

function ignore(): void {}

/**
 * The early page for exactly `params` if it has already arrived (taken, as {@link takeEarlyInbox}
 * takes it): the inbox's first render can then show rows at once, without a render in the loading
 * state and a second one when the answer is handed over. Undefined while it is on its way.
 */
export function takeArrivedInbox(params: InboxQueryParams): Awaited<InboxAnswer> | undefined {
  const key = keyOf(params);
  const arrived = early.get(key)?.arrived;
  if (arrived) early.delete(key);
  return arrived;
}
