import { describe, expect, it } from 'vitest';
import { baseToolName, MAX_TOOL_NAME_LENGTH, shortHash, uniqueToolName } from './tool-name.js';

const VALID = /^[a-zA-Z0-9_-]{1,64}$/;

describe('tool names', () => {
  it('names an action alone unless other nodes share its name, then by <id>__<action>', () => {
    expect(baseToolName('n12', 'set_range', false)).toBe('set_range');
    expect(baseToolName('n12', 'set_range', true)).toBe('n12__set_range');
    expect(baseToolName(':r1:', 'sort by', true)).toBe('r1__sort_by');
    expect(baseToolName('n1', 'expand_node', false)).toBe('n1__expand_node');
  });

  it('keeps readable ids whole, hashes only ids too long for 64 characters or empty', () => {
    expect(baseToolName('issue-table-SL-42', 'sort', true)).toBe('issue-table-SL-42__sort');
    expect(baseToolName('filters-2', 'reset', true)).toBe('filters-2__reset');
    const uuid = '4f9c2a7e-7a4b-4a8e-9d5b-2f1c3e8a9b7d';
    expect(baseToolName(uuid, 'sort', true)).toBe(`${uuid}__sort`);
    const name = baseToolName(uuid, 'y'.repeat(100), true);
    expect(name).toBe(`${shortHash(uuid)}__${'y'.repeat(40)}`);
    expect(name).toMatch(VALID);
    expect(baseToolName('«»', '!!!', true)).toBe(`${shortHash('«»')}__action`);
    expect(shortHash('a')).toHaveLength(6);
    expect(shortHash('a')).not.toBe(shortHash('b'));
  });

  it('resolves collisions with a hash, then a counter, within 64 characters', () => {
    const used = new Set<string>();
    const base = baseToolName('n1', 'go', true);
    expect(baseToolName('n1?', 'go', true)).toBe(base);
    const first = uniqueToolName(base, 'n1\u0000go', used);
    const second = uniqueToolName(base, 'n1?\u0000go', used);
    const third = uniqueToolName(base, 'n1?\u0000go', used);
    expect([first, second, third]).toEqual([
      'n1__go',
      `n1__go_${shortHash('n1?\u0000go')}`,
      `n1__go_${shortHash('n1?\u0000go')}_2`,
    ]);
    const long = 'z'.repeat(MAX_TOOL_NAME_LENGTH);
    const names = [0, 1, 2, 3].map(() => uniqueToolName(long, 'seed', used));
    expect(new Set(names).size).toBe(4);
    for (const name of names) expect(name).toMatch(VALID);
  });
});
