import { describe, expect, it } from 'vitest';
import {
  checkRange,
  clearChecked,
  EMPTY_TRIAGE,
  focusRow,
  moveFocus,
  neighbours,
  showList,
  toggleChecked,
} from './triage-session.js';

describe('triage session', () => {
  it('marks rows that arrive after a list was first shown as unseen until focused', () => {
    let state = showList(EMPTY_TRIAGE, {}, ['a', 'b']);
    expect([...state.unseen]).toEqual([]);
    state = showList(state, {}, ['c', 'a', 'b']);
    expect([...state.unseen]).toEqual(['c']);
    // Another list's first showing is a baseline, not news.
    state = showList(state, { status: 'new' }, ['a', 'd']);
    expect([...state.unseen]).toEqual(['c']);
    state = focusRow(state, 'c');
    expect([...state.unseen]).toEqual([]);
    expect(state.focused).toBe('c');
  });

  it('moves the focus within the list and hands it on when the focused row leaves', () => {
    let state = showList(EMPTY_TRIAGE, {}, ['a', 'b', 'c']);
    state = moveFocus(state, 1);
    expect(state.focused).toBe('a');
    state = moveFocus(moveFocus(state, 1), 5);
    expect(state.focused).toBe('c');
    state = moveFocus(state, -1);
    expect(state.focused).toBe('b');
    // Resolved under a status filter: the row after it takes its place.
    state = showList(state, {}, ['a', 'c']);
    expect(state.focused).toBe('c');
  });

  it('checks rows one by one, by range from the last one, and keeps only listed rows', () => {
    let state = showList(EMPTY_TRIAGE, {}, ['a', 'b', 'c', 'd', 'e']);
    state = toggleChecked(state, 'b');
    state = checkRange(state, 'd');
    expect([...state.checked].sort()).toEqual(['b', 'c', 'd']);
    state = toggleChecked(state, 'c');
    expect([...state.checked].sort()).toEqual(['b', 'd']);
    state = showList(state, {}, ['a', 'b', 'c']);
    expect([...state.checked]).toEqual(['b']);
    expect(clearChecked(state).checked.size).toBe(0);
  });

  it('says where a group is in the list, and nothing for a group outside it', () => {
    const state = showList(EMPTY_TRIAGE, {}, ['a', 'b', 'c']);
    expect(neighbours(state, 'b')).toEqual({ position: 2, total: 3, previous: 'a', next: 'c' });
    expect(neighbours(state, 'a')).toEqual({ position: 1, total: 3, previous: null, next: 'b' });
    expect(neighbours(state, 'z')).toBeNull();
  });
});
