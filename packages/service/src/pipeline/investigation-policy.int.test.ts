import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from '../store/test-databases.test-helper.js';
import { openHarness, type ServiceHarness } from './harness.test-helper.js';
import { groupInvestigation } from './investigation-state.js';

/** The README's demo issue: a prototype-pollution bug in json5 2.2.1, with code, no trace. */
const JSON5_ISSUE = readFileSync(
  new URL('../../../../examples/json5-2.2.1-proto-pollution/report.md', import.meta.url),
  'utf8',
);
const SETTINGS_REVIEW =
  'Settings file will not load. I tried reinstalling, still the settings file will not load after the update. 2 stars';
const FEATURE =
  'Please add a dark mode to the checkout page, the white screen hurts my eyes at night.';

describe.each(TEST_DATABASES)('what is investigated on arrival on $name', (kind) => {
  let harness: ServiceHarness;
  afterEach(async () => harness?.close());

  it('investigates the json5 issue (code in it) whatever its label, not a confident feature request or the settings review', async () => {
    harness = await openHarness(kind);
    const { reportIds } = await harness.ingestText([
      { id: 'json5', text: JSON5_ISSUE },
      { id: 'settings', text: SETTINGS_REVIEW },
      { id: 'feature', text: FEATURE },
    ]);
    await harness.queue.drain({ timeoutMs: 60_000 });
    const stateOf = async (reportId: string | undefined) => {
      const report = await harness.store.reports.get(reportId ?? '');
      const group = await harness.store.groups.get(report?.groupId ?? '');
      return { label: group.label, ...groupInvestigation(group) };
    };
    expect((await stateOf(reportIds[0])).state).toBe('done');
    const feature = await stateOf(reportIds[2]);
    expect(feature).toMatchObject({ label: 'feature', state: 'not-investigated' });
    expect(feature.reason).toContain('investigated when someone asks');
    // Offline, the review reads as a feature request (0.59): no investigation against help text.
    expect(await stateOf(reportIds[1])).toMatchObject({ state: 'not-investigated' });
  }, 120_000);
});
