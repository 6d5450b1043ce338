import { describe, expect, it } from 'vitest';
import { parseShard } from './history-shard.js';

describe('parseShard', () => {
  it('reads k/n, and nothing as no shard', () => {
    expect(parseShard('1/2')).toEqual({ k: 1, n: 2 });
    expect(parseShard('2/2')).toEqual({ k: 2, n: 2 });
    expect(parseShard(undefined)).toBeNull();
    expect(parseShard('')).toBeNull();
  });

  it.each(['0/2', '3/2', '1/0', '2', 'a/b', '1/2/3'])(
    'refuses %s, which would measure nothing',
    (value) => {
      expect(() => parseShard(value)).toThrow(/HISTORY_BENCH_SHARD must be k\/n with 1 <= k <= n/);
    },
  );
});
