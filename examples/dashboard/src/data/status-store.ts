/** Issue statuses changed in this session (resolve, ignore), shared by the list and detail pages. */
import { useSyncExternalStore } from 'react';
import type { Issue, IssueStatus } from './issues.js';

const overrides = new Map<string, IssueStatus>();
const listeners = new Set<() => void>();
let version = 0;

/**
 * @param id - issue id.
 * @param status - its new status.
 */
export function setIssueStatus(id: string, status: IssueStatus): void {
  overrides.set(id, status);
  version++;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The status of issues, re-rendering when one changes.
 * @returns a function giving an issue's current status.
 */
export function useIssueStatus(): (issue: Issue) => IssueStatus {
  useSyncExternalStore(
    subscribe,
    () => version,
    () => 0,
  );
  return (issue) => overrides.get(issue.id) ?? issue.status;
}
