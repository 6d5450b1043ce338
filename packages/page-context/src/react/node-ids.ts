/**
 * Readable, stable node ids for `withPageContext`: the first mounted instance of a base id
 * (`filters`, or `row-SL-42` with a key) gets the base itself, further instances mounted at the
 * same time `<base>-2`, `<base>-3`, … (the lowest free number). An id is released on unmount, so a
 * remounted component gets its id back and tool names stay the same between turns — unlike React's
 * `useId`, which changes on remount. Claims are idempotent per instance token (React's `useId`,
 * the same across StrictMode's double render), so rendering twice claims once; a render discarded
 * before commit (a suspended tree) keeps its claim until that instance mounts and unmounts.
 */
import type { PageContextRegistry } from '../types.js';

/** Claims by registry, then base id, then instance token → number (1 = the base itself). */
const claims = new WeakMap<PageContextRegistry, Map<string, Map<string, number>>>();

function claimsOf(registry: PageContextRegistry, base: string): Map<string, number> {
  let byBase = claims.get(registry);
  if (!byBase) {
    byBase = new Map();
    claims.set(registry, byBase);
  }
  let byToken = byBase.get(base);
  if (!byToken) {
    byToken = new Map();
    byBase.set(base, byToken);
  }
  return byToken;
}

/**
 * The id of one mounted instance.
 * @param registry - the provider's registry (ids are unique per registry).
 * @param base - `<type>` or `<type>-<key>`.
 * @param token - identifies the instance (stable across its renders).
 * @returns `base` for the first instance, else `<base>-<n>` with the lowest free n ≥ 2.
 */
export function claimNodeId(registry: PageContextRegistry, base: string, token: string): string {
  const byToken = claimsOf(registry, base);
  let number = byToken.get(token);
  if (number === undefined) {
    number = lowestFree(byToken);
    byToken.set(token, number);
  }
  return format(base, number);
}

/**
 * On mount (in an effect, after the commit's unmounts have released their ids): moves the
 * instance to the lowest free id, so a component replaced by a new instance in one commit (a
 * changed React `key`) keeps `filters` rather than getting `filters-2`.
 * @param registry - as for {@link claimNodeId}.
 * @param base - as for {@link claimNodeId}.
 * @param token - as for {@link claimNodeId}.
 * @returns the instance's id now; when it differs from the rendered one, render again.
 */
export function settleNodeId(registry: PageContextRegistry, base: string, token: string): string {
  const byToken = claimsOf(registry, base);
  byToken.delete(token);
  const number = lowestFree(byToken);
  byToken.set(token, number);
  return format(base, number);
}

function lowestFree(byToken: Map<string, number>): number {
  const taken = new Set(byToken.values());
  let number = 1;
  while (taken.has(number)) number++;
  return number;
}

function format(base: string, number: number): string {
  return number === 1 ? base : `${base}-${number}`;
}

/**
 * Frees an instance's id (on unmount) for the next instance of the same base.
 * @param registry - as for {@link claimNodeId}.
 * @param base - as for {@link claimNodeId}.
 * @param token - as for {@link claimNodeId}.
 */
export function releaseNodeId(registry: PageContextRegistry, base: string, token: string): void {
  claimsOf(registry, base).delete(token);
}
