import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from './index.js';
import { TEST_DATABASES } from './test-databases.test-helper.js';

describe.each(TEST_DATABASES)('digests, spend and waits on $name', (kind) => {
  const opened: Store[] = [];
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    for (const store of opened.splice(0)) await store.close();
    await drop?.();
  });

  it('remembers the last digest sent across a restart, and gives each period to one sender', async () => {
    const created = await kind.create();
    drop = created.drop;
    const first = await openStore(created.location);
    opened.push(first);
    const period = { since: '2026-12-01T08:00:00.000Z', until: '2026-12-02T08:00:00.000Z' };
    const claim = await first.digests.claim(period);
    expect(claim).toEqual(expect.any(String));
    // A second service on the same database finds the period taken.
    expect(await first.digests.claim(period)).toBeUndefined();
    expect(await first.digests.lastSent()).toBeUndefined();
    await first.digests.complete(claim ?? '', {
      channels: ['webhook', 'email'],
      counts: { newGroups: 2, regressions: 1, diagnoses: 3 },
    });
    await first.close();
    opened.pop();

    const again = await openStore(created.location);
    opened.push(again);
    expect(await again.digests.lastSent()).toEqual({
      id: claim,
      ...period,
      channels: ['webhook', 'email'],
      counts: { newGroups: 2, regressions: 1, diagnoses: 3 },
      sentAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    // A released claim (nothing delivered) can be claimed again.
    const next = { since: period.until, until: '2026-12-03T08:00:00.000Z' };
    const failed = await again.digests.claim(next);
    await again.digests.release(failed ?? '');
    expect(await again.digests.claim(next)).toEqual(expect.any(String));
  });

  it('sums what investigations cost per UTC day, each run once, and hands out due waits once', async () => {
    const created = await kind.create();
    drop = created.drop;
    const store = await openStore(created.location);
    opened.push(store);
    const day = new Date('2026-12-02T10:00:00.000Z');
    await store.spend.add({ runKey: 'a', groupId: 'g', model: 'm', costUsd: 0.301_5, at: day });
    await store.spend.add({ runKey: 'a', groupId: 'g', model: 'm', costUsd: 0.301_5, at: day });
    await store.spend.add({ runKey: 'b', groupId: 'g', model: 'm', costUsd: 0.2, at: day });
    await store.spend.add({
      runKey: 'c',
      groupId: 'g',
      model: 'm',
      costUsd: 5,
      at: new Date('2026-12-01T23:59:59.000Z'),
    });
    expect(await store.spend.ofDay(new Date('2026-12-02T23:00:00.000Z'))).toBeCloseTo(0.5015, 6);
    expect(await store.spend.ofDay(new Date('2026-12-03T00:00:00.000Z'))).toBe(0);

    await store.waits.add({
      groupId: 'g1',
      reason: 'new-group',
      until: '2026-12-03T00:00:00.000Z',
    });
    await store.waits.add({
      groupId: 'g2',
      reason: 'requested',
      model: 'fast',
      until: '2026-12-03T00:00:00.000Z',
    });
    expect(await store.waits.takeDue(day)).toEqual([]);
    const due = await store.waits.takeDue(new Date('2026-12-03T00:00:01.000Z'));
    expect(due.sort((a, b) => a.groupId.localeCompare(b.groupId))).toEqual([
      { groupId: 'g1', reason: 'new-group', until: '2026-12-03T00:00:00.000Z' },
      { groupId: 'g2', reason: 'requested', model: 'fast', until: '2026-12-03T00:00:00.000Z' },
    ]);
    expect(await store.waits.takeDue(new Date('2026-12-04T00:00:00.000Z'))).toEqual([]);
  });

  it('hands each due wait to one taker only when several take at once', async () => {
    const created = await kind.create();
    drop = created.drop;
    const store = await openStore(created.location);
    opened.push(store);
    const other = await openStore(created.location);
    opened.push(other);
    for (let at = 0; at < 100; at++) {
      await store.waits.add({
        groupId: `g${at}`,
        reason: 'new-group',
        until: '2026-12-03T00:00:00.000Z',
      });
    }
    const now = new Date('2026-12-03T00:00:01.000Z');
    const taken = (
      await Promise.all([store, other, store, other].map((taker) => taker.waits.takeDue(now)))
    ).flat();
    expect(taken).toHaveLength(100);
    expect(new Set(taken.map((wait) => wait.groupId)).size).toBe(100);
  });
});
