import { describe, expect, it } from 'vitest';
import type { PageSnapshotNodeJson } from '../types.js';
import { blockOf, budgetNote, type Entry, fitBudget } from './fit-budget.js';

function entry(id: string, parent?: Entry, children: PageSnapshotNodeJson[] = []): Entry {
  const node: PageSnapshotNodeJson = {
    id,
    type: 'widget',
    priority: 0,
    data: null,
    actions: [],
    hasDetails: false,
    children,
  };
  const text = `## widget [${id}]`;
  return {
    node,
    depth: parent ? parent.depth + 1 : 0,
    parent,
    level: 2,
    block: { full: `${text}\nvalue: 1\nunit: ms\nstatus: ok\nowner: api`, summary: text },
    effectivePriority: 0,
  };
}

describe('budgetNote', () => {
  it('names left-out subtrees once with their size, and shortened nodes', () => {
    const child = entry('c');
    const parent = entry('p', undefined, [child.node]);
    child.parent = parent;
    const other = entry('o');
    expect(budgetNote([parent, child, other])).toBeUndefined();
    parent.level = 0;
    child.level = 0;
    other.level = 1;
    expect(budgetNote([parent, child, other])).toBe(
      '_Token budget — left out: widget p (+1 inside); shortened: o. Call expand_node({id}) to read any of them._',
    );
    expect(blockOf(other)).toBe('## widget [o]');
  });
});

describe('fitBudget', () => {
  it('cuts the text itself when not even the header and note fit', () => {
    const entries = [entry('a')];
    const compose = () =>
      entries.map((item) => (item.level > 0 ? blockOf(item) : budgetNote(entries))).join('\n');
    const count = (text: string) => text.length;
    const markdown = fitBudget({
      entries,
      header: ['# Page'],
      whole: compose(),
      compose,
      count,
      budget: 10,
    });
    expect(markdown).toHaveLength(10);
    expect(entries[0]?.level).toBe(0);
  });

  it('cuts the later of equal nodes first, shortening before leaving out', () => {
    const entries = [entry('a'), entry('b')];
    const compose = () =>
      entries
        .filter((item) => item.level > 0)
        .map(blockOf)
        .join('\n');
    const count = (text: string) => text.split('\n').length;
    const markdown = fitBudget({
      entries,
      header: [],
      whole: compose(),
      compose,
      count,
      budget: 6,
    });
    expect(count(markdown)).toBeLessThanOrEqual(6);
    expect(entries.map((item) => item.level)).toEqual([2, 1]);
  });
});
