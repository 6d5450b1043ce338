/**
 * The inbox's triage state for this tab, kept across pages: the list last shown (its filters and
 * row order), the focused row, the checked rows (bulk selection) and the rows that arrived live
 * and are not seen yet. Opening a group and coming back keeps all of it, and the group page steps
 * through the same list (next and previous). The changes are pure functions of the state (tested
 * on their own); {@link useTriageSession} re-renders on every change.
 */
import { useSyncExternalStore } from 'react';
import { hrefFor, type InboxFilters } from '../router.js';

/** The triage state. */
export interface TriageState {
  /** Filters of the list last shown. */
  filters: InboxFilters;
  /** Group ids of that list, in its order. */
  order: readonly string[];
  /** The focused row (j/k, hover, the group opened last); null: none yet. */
  focused: string | null;
  /** Checked rows (x, shift-click): bulk actions apply to them. */
  checked: ReadonlySet<string>;
  /** The row checked or unchecked last: a shift-click checks the rows from it. */
  anchor: string | null;
  /** Per list (the address of its filters): the ids it has shown, to tell a new arrival. */
  known: ReadonlyMap<string, ReadonlySet<string>>;
  /** Rows that arrived while the list was shown and were not focused or opened since. */
  unseen: ReadonlySet<string>;
}

/** The state of a new tab. */
export const EMPTY_TRIAGE: TriageState = {
  filters: {},
  order: [],
  focused: null,
  checked: new Set(),
  anchor: null,
  known: new Map(),
  unseen: new Set(),
};

/**
 * The list for `filters` shows `ids`. Rows it has not shown before are unseen, unless this is the
 * list's first showing (then they are what was there). Checked rows that left the list are
 * unchecked; a focused row that left it (resolved under a status filter) hands the focus to the
 * row now at its place.
 */
export function showList(
  state: TriageState,
  filters: InboxFilters,
  ids: readonly string[],
): TriageState {
  const key = hrefFor({ name: 'inbox', filters });
  const before = state.known.get(key);
  const listed = new Set(ids);
  const unseen = new Set(state.unseen);
  if (before) for (const id of ids) if (!before.has(id)) unseen.add(id);
  const known = new Map(state.known).set(key, new Set([...(before ?? []), ...ids]));
  let focused = state.focused;
  if (focused !== null && !listed.has(focused) && state.order.includes(focused)) {
    const at = Math.min(state.order.indexOf(focused), ids.length - 1);
    focused = ids[at] ?? null;
  }
  const checked = new Set([...state.checked].filter((id) => listed.has(id)));
  return { ...state, filters, order: [...ids], focused, checked, known, unseen };
}

/** Focuses row `id` (a focused row is seen). */
export function focusRow(state: TriageState, id: string): TriageState {
  if (state.focused === id && !state.unseen.has(id)) return state;
  const unseen = new Set(state.unseen);
  unseen.delete(id);
  return { ...state, focused: id, unseen };
}

/** Moves the focus `delta` rows along the list (from the top when none is focused). */
export function moveFocus(state: TriageState, delta: number): TriageState {
  if (state.order.length === 0) return state;
  const at = state.focused === null ? -1 : state.order.indexOf(state.focused);
  const next = at < 0 ? 0 : Math.min(Math.max(at + delta, 0), state.order.length - 1);
  return focusRow(state, state.order[next] as string);
}

/** Checks or unchecks row `id`; it becomes the anchor of a shift-click. */
export function toggleChecked(state: TriageState, id: string): TriageState {
  const checked = new Set(state.checked);
  if (!checked.delete(id)) checked.add(id);
  return { ...state, checked, anchor: id };
}

/** Checks every row from the anchor to `id` (shift-click); without an anchor, toggles `id`. */
export function checkRange(state: TriageState, id: string): TriageState {
  const from = state.anchor === null ? -1 : state.order.indexOf(state.anchor);
  const to = state.order.indexOf(id);
  if (from < 0 || to < 0) return toggleChecked(state, id);
  const [low, high] = from < to ? [from, to] : [to, from];
  const checked = new Set([...state.checked, ...state.order.slice(low, high + 1)]);
  return { ...state, checked, anchor: id };
}

/** Unchecks every row. */
export function clearChecked(state: TriageState): TriageState {
  return state.checked.size === 0 ? state : { ...state, checked: new Set(), anchor: null };
}

/**
 * Where group `id` is in the list last shown: its 1-based position, and its neighbours' ids.
 * @returns null when the group is not in that list (opened from a link).
 */
export function neighbours(state: TriageState, id: string) {
  const at = state.order.indexOf(id);
  if (at < 0) return null;
  return {
    position: at + 1,
    total: state.order.length,
    previous: state.order[at - 1] ?? null,
    next: state.order[at + 1] ?? null,
  };
}

let current = EMPTY_TRIAGE;
const listeners = new Set<() => void>();

/** Applies `change` to the tab's triage state and re-renders its readers. */
export function updateTriage(change: (state: TriageState) => TriageState): void {
  const next = change(current);
  if (next === current) return;
  current = next;
  for (const listener of listeners) listener();
}

/** The tab's triage state; re-renders when it changes. */
export function useTriageSession(): TriageState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => current,
  );
}
