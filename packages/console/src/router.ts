/**
 * Hash routes of the console: `#/` (inbox, filters and sort in the query), `#/groups/<id>`, `#/settings`.
 * A hash keeps every link working on a static server and across reloads; `useRoute` re-renders on
 * navigation.
 */
import { useSyncExternalStore } from 'react';

/** Inbox filters, as in the address bar. */
export interface InboxFilters {
  label?: string;
  status?: string;
  source?: string;
  project?: string;
  q?: string;
  /** An assignee's name, or `none`. */
  assignee?: string;
  /** A priority, or `none`. */
  priority?: string;
  /** A release or app version: groups with a report from it. */
  release?: string;
  /** A platform (`android`, `ios`, …): groups with a report from it. */
  platform?: string;
  /** `newest` (default, left out of the address), `oldest` or `most_reports`. */
  sort?: string;
}

/** A console page. */
export type Route =
  | { name: 'inbox'; filters: InboxFilters }
  | { name: 'group'; id: string }
  | { name: 'settings' };

const FILTER_KEYS = [
  'label',
  'status',
  'priority',
  'assignee',
  'source',
  'release',
  'platform',
  'project',
  'q',
  'sort',
] as const;

/** Parses a location hash (`#/groups/abc`). Unknown paths are the inbox. */
export function parseRoute(hash: string): Route {
  const [path = '', search = ''] = hash.replace(/^#/, '').split('?');
  const group = /^\/groups\/([^/]+)$/.exec(path);
  if (group?.[1]) return { name: 'group', id: decodedSegment(group[1]) };
  if (path === '/settings') return { name: 'settings' };
  const params = new URLSearchParams(search);
  const filters: InboxFilters = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  return { name: 'inbox', filters };
}

/**
 * A path segment (or a fragment's value) decoded; as written when its escapes are malformed
 * (`%`, `%ZZ`).
 */
export function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The hash of `route`. */
export function hrefFor(route: Route): string {
  if (route.name === 'group') return `#/groups/${encodeURIComponent(route.id)}`;
  if (route.name === 'settings') return '#/settings';
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = route.filters[key];
    if (value) params.set(key, value);
  }
  const search = params.toString();
  return search ? `#/?${search}` : '#/';
}

/** Goes to `route` (a new history entry). */
export function navigate(route: Route): void {
  window.location.hash = hrefFor(route);
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

/** The current route; re-renders on navigation. */
export function useRoute(): Route {
  const hash = useSyncExternalStore(
    subscribe,
    () => window.location.hash,
    () => '',
  );
  return parseRoute(hash);
}
