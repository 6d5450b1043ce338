import { describe, expect, it } from 'vitest';
import { DEV_FOLD, groupedFolds } from './grouped-folds.js';

describe('groupedFolds', () => {
  const members = [
    { id: 'd1', group: 'casey/just', set: 'dev' },
    { id: 'd2', group: 'rack/rack', set: 'dev' },
    { id: 'c1', group: 'casey/just', set: 'corpus' },
    ...Array.from({ length: 40 }, (_, at) => ({
      id: `c${at + 2}`,
      group: `owner/repo-${at % 20}`,
      set: 'corpus',
    })),
  ];

  it('keeps the development set one fold, with every case of its repositories', () => {
    const folds = groupedFolds(members);
    expect([folds.get('d1'), folds.get('d2'), folds.get('c1')]).toEqual([
      DEV_FOLD,
      DEV_FOLD,
      DEV_FOLD,
    ]);
  });

  it('never puts one repository in two folds, spreads the rest, and ignores case order', () => {
    const folds = groupedFolds(members, 5);
    const byGroup = new Map<string, Set<string>>();
    for (const member of members) {
      const set = byGroup.get(member.group) ?? new Set();
      set.add(folds.get(member.id) ?? '');
      byGroup.set(member.group, set);
    }
    expect([...byGroup.values()].every((set) => set.size === 1)).toBe(true);
    expect(new Set(folds.values()).size).toBeGreaterThan(3);
    const reversed = groupedFolds([...members].reverse(), 5);
    expect(members.every((member) => reversed.get(member.id) === folds.get(member.id))).toBe(true);
  });
});
