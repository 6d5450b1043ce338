import { afterEach, describe, expect, it } from 'vitest';
import { openStore } from '../store/index.js';
import { TEST_DATABASES } from '../store/test-databases.test-helper.js';
import { cartCrash, openHarness, type ServiceHarness } from './harness.test-helper.js';

/** Another crash of the fake shop, in another function. */
const checkoutCrash = (line = 4) => `RangeError: Invalid currency code
    at checkoutSummary (/srv/shop/src/checkout.ts:${line}:10)
    at main (/srv/shop/src/main.ts:2:1)`;

describe.each(TEST_DATABASES)('merge and unmerge by hand on $name', (kind) => {
  let harness: ServiceHarness;
  afterEach(async () => harness?.close());

  it('merges, keeps the merge for new reports and across a restart, and unmerges exactly', async () => {
    harness = await openHarness(kind);
    const { reportIds } = await harness.ingestText([
      { id: 'a1', text: cartCrash(6) },
      { id: 'b1', text: checkoutCrash(4) },
    ]);
    await harness.queue.drain({ timeoutMs: 60_000 });
    const groupOf = async (id: string | undefined) =>
      (await harness.store.reports.get(id ?? ''))?.groupId ?? '';
    const a = await groupOf(reportIds[0]);
    const b = await groupOf(reportIds[1]);
    expect(a).not.toBe(b);

    expect(await harness.store.groups.merge(b, a)).toMatchObject({ id: a, count: 2 });
    expect((await harness.store.inbox({})).groups.map((group) => group.id)).toEqual([a]);
    // Re-grouping: B's crash again, from a later build, joins A.
    const later = await harness.ingestText([{ id: 'b2', text: checkoutCrash(9) }]);
    await harness.queue.drain({ timeoutMs: 60_000 });
    expect(await groupOf(later.reportIds[0])).toBe(a);

    // A restart (the store opened again) keeps the merge.
    const reopened = await openStore(harness.store.location);
    try {
      expect((await reopened.groups.get(b)).mergedInto).toBe(a);
      expect((await reopened.groups.get(a)).count).toBe(3);
    } finally {
      await reopened.close();
    }

    const back = await harness.store.groups.unmerge(b);
    expect(back).toMatchObject({ id: b, mergedInto: null, count: 1 });
    expect((await harness.store.groups.get(a)).count).toBe(2);
    expect(await harness.store.groups.merge(a, a).catch((error) => error.code)).toBe(
      'INVALID_ARGUMENT',
    );
    expect(await harness.store.groups.unmerge(b).catch((error) => error.code)).toBe(
      'INVALID_ARGUMENT',
    );
  }, 120_000);
});
