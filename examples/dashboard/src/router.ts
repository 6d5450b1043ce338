/**
 * A small hash router (`#/path?query`): four routes do not need a router library. The hash keeps
 * the app a static bundle that any file server can host.
 */
import { useSyncExternalStore } from 'react';

/** The app's pages. */
export type Route =
  | { name: 'dashboard' }
  | { name: 'issues' }
  | { name: 'issue'; issueId: string }
  | { name: 'releases' }
  | { name: 'not-found'; path: string };

/** Where the app is: the route and the query parameters. */
export interface AppLocation {
  route: Route;
  query: Readonly<Record<string, string>>;
}

/**
 * @param hash - `location.hash`, e.g. `#/issues/WEB-1A0?tab=tags`.
 * @returns the route and query it names; `not-found` for unknown paths.
 */
export function parseHash(hash: string): AppLocation {
  const [pathPart = '', queryPart = ''] = hash.replace(/^#/, '').split('?', 2);
  const path = pathPart === '' ? '/' : pathPart;
  const query = Object.fromEntries(new URLSearchParams(queryPart));
  const segments = path.split('/').filter(Boolean).map(decodeURIComponent);
  const [first, second, ...rest] = segments;
  if (rest.length > 0) return { route: { name: 'not-found', path }, query };
  if (first === undefined) return { route: { name: 'dashboard' }, query };
  if (first === 'issues' && second !== undefined)
    return { route: { name: 'issue', issueId: second }, query };
  if (first === 'issues') return { route: { name: 'issues' }, query };
  if (first === 'releases' && second === undefined) return { route: { name: 'releases' }, query };
  return { route: { name: 'not-found', path }, query };
}

/**
 * @param route - a route (not `not-found`).
 * @param query - query parameters; empty values are left out.
 * @returns the hash for it, e.g. `#/issues?sort=users`.
 */
export function hrefFor(
  route: Exclude<Route, { name: 'not-found' }>,
  query: Readonly<Record<string, string>> = {},
): string {
  const path =
    route.name === 'dashboard'
      ? '/'
      : route.name === 'issue'
        ? `/issues/${encodeURIComponent(route.issueId)}`
        : `/${route.name}`;
  const search = new URLSearchParams(
    Object.entries(query).filter(([, value]) => value !== ''),
  ).toString();
  return `#${path}${search ? `?${search}` : ''}`;
}

/**
 * Changes the hash (adds a history entry); subscribers of {@link useAppLocation} re-render.
 * @param href - a hash from {@link hrefFor}.
 */
export function navigate(href: string): void {
  window.location.hash = href;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

const readHash = () => (typeof window === 'undefined' ? '' : window.location.hash);

/**
 * The current location, re-rendering on hash changes (SSR: the dashboard).
 * @returns the parsed location.
 */
export function useAppLocation(): AppLocation {
  const hash = useSyncExternalStore(subscribe, readHash, () => '');
  return parseHash(hash);
}
