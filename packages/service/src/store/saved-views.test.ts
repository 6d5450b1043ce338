import { describe, expect, it } from 'vitest';
import {
  freshStore,
  POSTGRES_SKIP_MESSAGE,
  TEST_DATABASES,
  TEST_POSTGRES_URL,
} from './test-databases.test-helper.js';

if (!TEST_POSTGRES_URL) console.warn(POSTGRES_SKIP_MESSAGE);

describe.each(TEST_DATABASES)('saved views and inbox order on $name', (kind) => {
  const open = freshStore(kind);

  it('saves, lists by name, refuses a taken name, and deletes views', async () => {
    const { store } = await open();
    const crashes = await store.savedViews.create({
      name: 'Open crashes',
      filters: { label: 'crash', status: 'new', q: 'cart' },
      sort: 'most_reports',
    });
    await store.savedViews.create({ name: 'All, oldest', filters: {}, sort: 'oldest' });
    const listed = await store.savedViews.list();
    expect(listed.map((view) => view.name)).toEqual(['All, oldest', 'Open crashes']);
    expect(listed[1]).toEqual(crashes);
    await expect(
      store.savedViews.create({ name: 'Open crashes', filters: {}, sort: 'newest' }),
    ).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await store.savedViews.delete(crashes.id);
    expect((await store.savedViews.list()).map((view) => view.name)).toEqual(['All, oldest']);
    await expect(store.savedViews.delete(crashes.id)).rejects.toMatchObject({
      code: 'STORE_ENTRY_NOT_FOUND',
    });
  });

  it('sorts the inbox newest, oldest or by most reports, and pages in each order', async () => {
    const { store, project } = await open();
    // [title, first seen (day), last seen (day), reports]
    const seeded = [
      ['a', 1, 9, 2],
      ['b', 2, 3, 7],
      ['c', 3, 8, 7],
      ['d', 4, 5, 1],
    ] as const;
    const day = (n: number) => `2026-02-${String(n).padStart(2, '0')}T00:00:00.000Z`;
    for (const [title, first, last, reports] of seeded) {
      for (let index = 0; index < reports; index++) {
        const receivedAt = index === 0 ? day(first) : day(last);
        const { report } = await store.reports.insert(
          {
            sourceKind: 'files',
            sourceId: `${title}-${index}`,
            receivedAt,
            format: 'auto',
            payload: { text: title },
          },
          { projectId: project.id, sourceId: null },
        );
        await store.groups.attach({
          reportId: report.id,
          projectId: project.id,
          label: 'crash',
          title,
          receivedAt,
          sourceKind: 'files',
          key: { signature: `crash:${title}` },
        });
      }
    }
    const order = async (sort?: 'newest' | 'oldest' | 'most_reports') => {
      const titles: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await store.inbox({ ...(sort ? { sort } : {}), limit: 1, cursor });
        titles.push(...page.groups.map((group) => group.title));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      return titles;
    };
    expect(await order()).toEqual(['a', 'c', 'd', 'b']);
    expect(await order('newest')).toEqual(['a', 'c', 'd', 'b']);
    expect(await order('oldest')).toEqual(['a', 'b', 'c', 'd']);
    const byReports = await order('most_reports');
    expect(byReports.slice(0, 2).sort()).toEqual(['b', 'c']);
    expect(byReports.slice(2)).toEqual(['a', 'd']);
    // A cursor of another order is refused: its position would skip groups, and starting over
    // would send a client paging on it round in a loop.
    const newest = await store.inbox({ limit: 1 });
    await expect(
      store.inbox({ sort: 'oldest', limit: 1, cursor: newest.nextCursor ?? undefined }),
    ).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringMatching(/^cursor: made for sort=newest, not sort=oldest\./),
    });
  });
});
