/**
 * The inbox's keyboard, as in mail and issue inboxes: `j`/`k` (or the arrows) move, `Enter` or `o`
 * opens, `x` checks the focused row, `Esc` unchecks all; status keys (Sentry's `r` resolve and
 * `i` ignore, `t` triaged, `n` new), priority keys (Linear's `1` urgent … `4` low, `0` none) and
 * `a` to assign apply to the checked rows, else to the focused one.
 */
import type { GroupPriority } from '@sightline/service/vocabulary';
import type { TriageChange } from '../api/client.js';

/** Keys that change the status or the priority, and the change each makes. */
export const TRIAGE_KEYS: Readonly<Record<string, TriageChange>> = {
  r: { status: 'resolved' },
  i: { status: 'ignored' },
  t: { status: 'triaged' },
  n: { status: 'new' },
  '1': { priority: 'urgent' },
  '2': { priority: 'high' },
  '3': { priority: 'medium' },
  '4': { priority: 'low' },
  '0': { priority: null },
};

/** What a key press on the inbox does. */
export type InboxKeyAction =
  | { kind: 'move'; delta: number }
  | { kind: 'open' }
  | { kind: 'check' }
  | { kind: 'uncheck-all' }
  | { kind: 'assign' }
  | { kind: 'triage'; change: TriageChange };

/** The action of `key` (a `KeyboardEvent.key`); null: not an inbox key. */
export function inboxKeyAction(key: string): InboxKeyAction | null {
  switch (key) {
    case 'j':
    case 'ArrowDown':
      return { kind: 'move', delta: 1 };
    case 'k':
    case 'ArrowUp':
      return { kind: 'move', delta: -1 };
    case 'Enter':
    case 'o':
      return { kind: 'open' };
    case 'x':
      return { kind: 'check' };
    case 'Escape':
      return { kind: 'uncheck-all' };
    case 'a':
      return { kind: 'assign' };
  }
  const change = TRIAGE_KEYS[key];
  return change ? { kind: 'triage', change } : null;
}

/** A change in words: `status resolved`, `priority urgent`, `no priority`, `assigned to Ada`. */
export function changeWords(change: TriageChange): string {
  const words: string[] = [];
  if (change.status) words.push(`status ${change.status}`);
  if (change.priority !== undefined) {
    words.push(change.priority ? `priority ${change.priority}` : 'no priority');
  }
  if (change.assignee !== undefined) {
    words.push(change.assignee ? `assigned to ${change.assignee}` : 'unassigned');
  }
  return words.join(', ');
}

/** The priority keys' legend: `1 urgent · 2 high · 3 medium · 4 low · 0 none`. */
export function priorityLegend(priorities: readonly GroupPriority[]): string {
  return [...priorities.map((priority, index) => `${index + 1} ${priority}`), '0 none'].join(' · ');
}
