import { describe, expect, it } from 'vitest';
import { baseToolName, MAX_TOOL_NAME_LENGTH, shortHash, uniqueToolName } from './tool-name.js';

const VALID = /^[a-zA-Z0-9_-]{1,64}$/;

describe('tool names', () => {
  it('builds readable <type>_<id>__<action> names', () => {
    expect(baseToolName('time-range', 'n12', 'set_range')).toBe('time-range_n12__set_range');
    expect(baseToolName('issue table', ':r1:', 'sort by')).toBe('issue_table_r1__sort_by');
  });

  it('hashes long or empty ids and caps every part, staying valid', () => {
    const uuid = '4f9c2a7e-7a4b-4a8e-9d5b-2f1c3e8a9b7d';
    const name = baseToolName('x'.repeat(100), uuid, 'y'.repeat(100));
    expect(name).toBe(`${'x'.repeat(24)}_${shortHash(uuid)}__${'y'.repeat(24)}`);
    expect(name).toMatch(VALID);
    expect(baseToolName('', '«»', '!!!')).toBe(`node_${shortHash('«»')}__action`);
    expect(shortHash('a')).toHaveLength(6);
    expect(shortHash('a')).not.toBe(shortHash('b'));
  });

  it('resolves collisions with a hash, then a counter, within 64 characters', () => {
    const used = new Set<string>();
    const base = baseToolName('a b', 'n1', 'go');
    expect(baseToolName('a-b'.replace('-', '?'), 'n1', 'go')).toBe(base);
    const first = uniqueToolName(base, 'n1\u0000go', used);
    const second = uniqueToolName(base, 'n1?\u0000go', used);
    const third = uniqueToolName(base, 'n1?\u0000go', used);
    expect([first, second, third]).toEqual([
      'a_b_n1__go',
      `a_b_n1__go_${shortHash('n1?\u0000go')}`,
      `a_b_n1__go_${shortHash('n1?\u0000go')}_2`,
    ]);
    const long = 'z'.repeat(MAX_TOOL_NAME_LENGTH);
    const names = [0, 1, 2, 3].map(() => uniqueToolName(long, 'seed', used));
    expect(new Set(names).size).toBe(4);
    for (const name of names) expect(name).toMatch(VALID);
  });
});
