import { describe, expect, it } from 'vitest';
import { fairShare } from './sqlite-queue.js';

/** A ready job of `queue` that became ready at second `at`. */
function job(queue: string, at: number) {
  const time = new Date(Date.UTC(2026, 0, 1, 0, 0, at)).toISOString();
  return {
    id: `${queue}-${at}`,
    queue,
    data: '{}',
    singleton_key: null,
    state: 'created' as const,
    attempts: 0,
    max_attempts: 3,
    run_after: time,
    lease_until: null,
    error: null,
    created_at: time,
    completed_at: null,
  };
}

describe('fair shares between queues', () => {
  const ready = new Map([
    ['batch', [job('batch', 1), job('batch', 2), job('batch', 3)]],
    ['investigate', [job('investigate', 9)]],
  ]);
  const ids = (picked: { id: string }[]) => picked.map((picked) => picked.id);

  it('gives a free slot to the queue with fewest jobs running, then round robin, then the oldest job', () => {
    expect(ids(fairShare(ready, new Map([['batch', 1]]), 1, new Map()))).toEqual(['investigate-9']);
    expect(ids(fairShare(ready, new Map(), 3, new Map()))).toEqual([
      'batch-1',
      'investigate-9',
      'batch-2',
    ]);
    expect(ids(fairShare(ready, new Map([['investigate', 2]]), 2, new Map()))).toEqual([
      'batch-1',
      'batch-2',
    ]);
    expect(ids(fairShare(ready, new Map(), 10, new Map()))).toHaveLength(4);
    expect(fairShare(new Map(), new Map(), 2, new Map())).toEqual([]);
  });

  it('alternates between queues one slot at a time (concurrency 1: nothing running at a claim)', () => {
    const served = new Map<string, number>();
    expect(ids(fairShare(ready, new Map(), 1, served))).toEqual(['batch-1']);
    expect(ids(fairShare(ready, new Map(), 1, served))).toEqual(['investigate-9']);
    expect(ids(fairShare(ready, new Map(), 1, served))).toEqual(['batch-1']);
    expect(served.get('batch')).toBe(3);
  });
});
