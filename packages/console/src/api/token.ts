/**
 * The API token in the browser: taken once from the URL fragment `#token=…` (what
 * `sightline serve` prints; a fragment never reaches a server or a log), or entered on the sign-in
 * form, then kept in sessionStorage for this tab only.
 */
import { decodedSegment } from '../router.js';

const KEY = 'sightline.apiToken';

/** Moves a `#token=…` fragment into sessionStorage and removes it from the address bar. */
export function adoptTokenFromFragment(location: Location = window.location): void {
  const match = /^#token=([^&]+)/.exec(location.hash);
  if (!match?.[1]) return;
  sessionStorage.setItem(KEY, decodedSegment(match[1]));
  history.replaceState(null, '', `${location.pathname}${location.search}#/`);
}

/** The token of this tab, if any. */
export function readToken(): string | null {
  return sessionStorage.getItem(KEY);
}

/** Keeps `token` for this tab (trimmed). */
export function saveToken(token: string): void {
  sessionStorage.setItem(KEY, token.trim());
}

/** Forgets the token (after the service refused it). */
export function clearToken(): void {
  sessionStorage.removeItem(KEY);
}
