import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { eventReport, issueReport } from '../sources/sentry/reports.js';
import type { RawReport } from '../sources/types.js';
import { TEST_DATABASES } from '../store/test-databases.test-helper.js';
import { openHarness, type ServiceHarness } from './harness.test-helper.js';

const fixture = (name: string) =>
  JSON.parse(
    readFileSync(new URL(`../sources/sentry/__fixtures__/${name}`, import.meta.url), 'utf8'),
  ) as { data: Record<string, Record<string, unknown>> };

const issue = issueReport(fixture('issue-created.json').data.issue ?? {}) as RawReport;
const event = eventReport(fixture('event-alert.json').data.event ?? {}) as RawReport;
/** A second event of the same issue, from a later release with the trace's lines shifted. */
const laterEvent = eventReport(
  JSON.parse(
    JSON.stringify(fixture('event-alert.json').data.event)
      .replaceAll('"event_id":"', '"event_id":"b')
      .replace(/"lineno":(\d+)/g, (_, n) => `"lineno":${Number(n) + 7}`),
  ),
) as RawReport;

describe.each(TEST_DATABASES)('provider identity on $name', (kind) => {
  let harness: ServiceHarness;
  afterEach(async () => harness?.close());

  async function groupsOf(reports: RawReport[]) {
    const { reportIds } = await harness.pipeline.ingest(reports, {
      projectId: harness.project.id,
      sourceId: null,
    });
    await harness.queue.drain({ timeoutMs: 60_000 });
    return Promise.all(reportIds.map(async (id) => (await harness.store.reports.get(id))?.groupId));
  }

  // An issue delivered after one of its events is no occurrence of its own: it is left out.
  it.each([
    ['the issue webhook first', [issue, event, laterEvent], 3],
    ['an event first', [event, issue, laterEvent], 2],
  ] as const)(
    'one Sentry issue and its events are one crash group (%s)',
    async (_, reports, count) => {
      harness = await openHarness(kind);
      const groupIds = new Set<string | null | undefined>();
      for (const report of reports) for (const id of await groupsOf([report])) groupIds.add(id);
      expect(groupIds.size).toBe(1);
      const [groupId] = [...groupIds];
      const group = await harness.store.groups.get(groupId ?? '');
      expect(group).toMatchObject({ count, label: 'crash' });
      // The investigation reads an event (its trace), not the issue's title.
      const representative = await harness.store.reports.get(group.representativeReportId);
      expect(representative?.sourceReportId).not.toMatch(/^issue-/);
    },
    60_000,
  );
});
