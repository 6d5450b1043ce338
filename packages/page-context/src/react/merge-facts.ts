/**
 * The facts of one node when several hooks write into it: the component that owns the node and
 * unwrapped components below it (`usePageContext(data)` with no `type` is anchored to the nearest
 * opted-in ancestor). Object data is merged key by key, outermost component first; a key two
 * components give different values, or data that is not an object from more than one of them, is a
 * collision: the outer one is kept and the caller warns with what to do.
 */
import type { PageNodeDetails } from '../types.js';

/** What one `usePageContext` call pushes. */
export interface PageNodeFacts {
  /** The node's data. */
  data: unknown;
  /** Fetches full detail on demand; absent: this call adds none. */
  details?: PageNodeDetails;
  /** Priority set by the component; overrides the node's default. */
  priority?: number;
}

/** One hook's facts and where it rendered: a lower `order` is further out in the tree. */
export interface FactsContribution {
  /** Render order of the writing hook (parents render before their children). */
  order: number;
  /** What it wrote last. */
  facts: PageNodeFacts;
}

/** The merged facts, and what collided (keys, or `(data)` for non-object data). */
export interface MergedFacts {
  facts: PageNodeFacts;
  collisions: string[];
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    return false;
  }
}

/**
 * Merges the facts of every hook writing one node.
 * @param contributions - each hook's latest facts with its render order (any order).
 * @returns the facts to register (a single contribution is passed through unchanged) and the
 *   names of what collided.
 */
export function mergeFacts(contributions: Iterable<FactsContribution>): MergedFacts {
  const list = [...contributions].sort((a, b) => a.order - b.order);
  const [first] = list;
  if (!first) return { facts: { data: undefined }, collisions: [] };
  if (list.length === 1) return { facts: first.facts, collisions: [] };
  const collisions: string[] = [];
  const written = list.filter(({ facts }) => facts.data !== undefined);
  let data: unknown = written[0]?.facts.data;
  if (written.length > 1) {
    if (written.every(({ facts }) => isPlainObject(facts.data))) {
      const merged: Record<string, unknown> = {};
      for (const { facts } of written) {
        for (const [key, value] of Object.entries(facts.data as Record<string, unknown>)) {
          if (!Object.hasOwn(merged, key)) merged[key] = value;
          else if (!sameValue(merged[key], value)) collisions.push(key);
        }
      }
      data = merged;
    } else {
      collisions.push('(data)');
    }
  }
  const withDetails = list.filter(({ facts }) => facts.details !== undefined);
  if (withDetails.length > 1) collisions.push('(details)');
  const priorities = list.flatMap(({ facts }) =>
    facts.priority === undefined ? [] : [facts.priority],
  );
  const facts: PageNodeFacts = { data };
  const details = withDetails[0]?.facts.details;
  if (details) facts.details = details;
  if (priorities.length > 0) facts.priority = Math.max(...priorities);
  return { facts, collisions };
}
