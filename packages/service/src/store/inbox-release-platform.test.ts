import { describe, expect, it } from 'vitest';
import type { Report } from '../adapters/investigator.js';
import type { RawReport } from '../sources/types.js';
import {
  freshStore,
  POSTGRES_SKIP_MESSAGE,
  TEST_DATABASES,
  TEST_POSTGRES_URL,
} from './test-databases.test-helper.js';

if (!TEST_POSTGRES_URL) console.warn(POSTGRES_SKIP_MESSAGE);

/** [group title, source kind, source meta, what intake parsed] per report. */
type Arrival = [string, string, RawReport['meta'], Partial<Report>];

const ARRIVALS: Arrival[] = [
  // Sentry sends release and platform; a later report of the group comes from 2.12.0.
  ['checkout crash', 'sentry', { release: '2.13.0', platform: 'Android' }, {}],
  ['checkout crash', 'sentry', { release: '2.12.0', platform: 'android' }, {}],
  // A Play review: the app version from the store, the platform implied by the store.
  ['login freezes', 'google-play', { appVersion: '2.13.0' }, {}],
  // An App Store review whose text named the version (what intake parsed wins over meta).
  ['photos lost', 'app-store', { appVersion: '2.11.0' }, { appVersion: ' 2.13.0 ' }],
  ['web search empty', 'files', {}, { platform: 'javascript', appVersion: '2.13.0' }],
];

describe.each(TEST_DATABASES)('inbox by release and platform on $name', (kind) => {
  const open = freshStore(kind);

  it('keeps groups with a report from the release and the platform, as the rows read them', async () => {
    const { store, project } = await open();
    for (const [index, [title, sourceKind, meta, parsed]] of ARRIVALS.entries()) {
      const receivedAt = `2026-03-0${index + 1}T10:00:00.000Z`;
      const { report } = await store.reports.insert(
        {
          sourceKind,
          sourceId: `r${index}`,
          receivedAt,
          format: 'auto',
          payload: { text: title },
          meta,
        },
        { projectId: project.id, sourceId: null },
      );
      await store.groups.attach({
        reportId: report.id,
        projectId: project.id,
        label: 'crash',
        title,
        receivedAt,
        sourceKind,
        key: { signature: `crash:${title}` },
        analysis: {
          report: {
            id: report.id,
            kind: 'crash',
            source: { format: 'auto' },
            body: title,
            exceptions: [],
            identifiers: [],
            paths: [],
            ...parsed,
          },
          classification: { label: 'crash', confidence: 1, method: 'offline', reasons: [] },
        },
      });
    }
    const titles = async (filters: { release?: string; platform?: string }) =>
      (await store.inbox({ ...filters, sort: 'oldest' })).groups.map((group) => group.title);

    expect(await titles({ release: '2.13.0' })).toEqual([
      'checkout crash',
      'login freezes',
      'photos lost',
      'web search empty',
    ]);
    expect(await titles({ release: '2.12.0' })).toEqual(['checkout crash']);
    // Meta's version is not read when intake parsed one.
    expect(await titles({ release: '2.11.0' })).toEqual([]);
    expect(await titles({ platform: 'android' })).toEqual(['checkout crash', 'login freezes']);
    expect(await titles({ platform: 'iOS' })).toEqual(['photos lost']);
    // "Crashes from 2.13 on Android", counted for the first page too.
    const both = await store.inbox({ release: '2.13.0', platform: 'Android' });
    expect(both.groups.map((group) => group.title).sort()).toEqual([
      'checkout crash',
      'login freezes',
    ]);
    expect(both.total).toBe(2);
    expect(await titles({ release: '2.12.0', platform: 'ios' })).toEqual([]);
    // A cursor keeps its listing's total only for the same release and platform.
    const release13 = await store.inbox({ release: '2.13.0', limit: 1 });
    expect(release13.total).toBe(4);
    const cursor = release13.nextCursor ?? '';
    expect((await store.inbox({ release: '2.13.0', limit: 1, cursor })).total).toBe(4);
    expect((await store.inbox({ release: '2.12.0', limit: 1, cursor })).total).toBe(1);
    const android = await store.inbox({ platform: 'android', limit: 1 });
    expect(
      (await store.inbox({ platform: 'ios', limit: 1, cursor: android.nextCursor ?? '' })).total,
    ).toBe(1);

    // The inbox rows show the same values the filter matched.
    const rows = await store.inboxRows(both.groups);
    const login = both.groups.find((group) => group.title === 'login freezes');
    expect(rows.get(login?.id ?? '')).toMatchObject({
      releases: ['2.13.0'],
      platforms: ['android'],
    });

    // A saved view keeps both filters.
    const view = await store.savedViews.create({
      name: 'Android 2.13',
      filters: { release: '2.13.0', platform: 'android' },
      sort: 'newest',
    });
    expect((await store.savedViews.list())[0]).toEqual(view);
    expect(view.filters).toEqual({ release: '2.13.0', platform: 'android' });
  });
});
