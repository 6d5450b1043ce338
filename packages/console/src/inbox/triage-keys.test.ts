import { GROUP_PRIORITIES } from '@sightline/service/vocabulary';
import { describe, expect, it } from 'vitest';
import { changeWords, inboxKeyAction, priorityLegend } from './triage-keys.js';

describe('inbox keys', () => {
  it('maps keys to moves, checks and triage changes', () => {
    expect(inboxKeyAction('j')).toEqual({ kind: 'move', delta: 1 });
    expect(inboxKeyAction('ArrowUp')).toEqual({ kind: 'move', delta: -1 });
    expect(inboxKeyAction('x')).toEqual({ kind: 'check' });
    expect(inboxKeyAction('r')).toEqual({ kind: 'triage', change: { status: 'resolved' } });
    expect(inboxKeyAction('0')).toEqual({ kind: 'triage', change: { priority: null } });
    expect(inboxKeyAction('q')).toBeNull();
  });

  it('says a change in words and the priority keys in order', () => {
    expect(changeWords({ status: 'ignored', priority: null })).toBe('status ignored, no priority');
    expect(changeWords({ assignee: 'Ada' })).toBe('assigned to Ada');
    expect(priorityLegend(GROUP_PRIORITIES)).toBe('1 urgent · 2 high · 3 medium · 4 low · 0 none');
  });
});
