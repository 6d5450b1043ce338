/**
 * `usePageContext(data)`: pushes a component's facts into its node after every commit. Writes go
 * to the registry (which skips data that did not change); nothing is React state, so pushing data
 * never re-renders anything.
 */
import { useEffect } from 'react';
import type { PageNodeDetails } from '../types.js';
import { useNode } from './page-node-context.js';

/** Options of {@link usePageContext}. */
export interface UsePageContextOptions {
  /** Full detail fetched only when the agent calls `expand_node` (all rows, raw series). */
  details?: PageNodeDetails;
  /** Priority of the node; default: the wrapper's `priority` option, else 0. */
  priority?: number;
}

/**
 * Declares what the enclosing wrapped component shows. Call it on every render with the current
 * facts; keep them compact (titles, counts, selected values), put bulk into `details`.
 * @param data - the node's facts; serialized safely by the registry (cycles, Dates, BigInt …).
 * @param options - `details` (on-demand detail), `priority` (default from the wrapper, else 0).
 * @throws SightlineError `INVALID_ARGUMENT` inside a provider but outside a component wrapped with
 *   `withPageContext`; outside a provider it does nothing.
 * @example usePageContext({ title, range: '24h', series: series.length }, { details: () => series })
 */
export function usePageContext(data: unknown, options: UsePageContextOptions = {}): void {
  const node = useNode('usePageContext');
  const { details, priority } = options;
  // No dependency list on purpose: runs after every commit of this component and never triggers
  // one; the registry compares the data structurally and ignores unchanged writes.
  useEffect(() => {
    node?.setFacts({
      data,
      ...(details ? { details } : {}),
      ...(priority === undefined ? {} : { priority }),
    });
  });
}
