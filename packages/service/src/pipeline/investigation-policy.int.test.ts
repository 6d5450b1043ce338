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
/**
 * A feature request with no bug words: with "the white screen hurts my eyes" its bug score (0.64)
 * reaches the bug threshold (0.6), and a review the bug model flags is investigated whatever label
 * wins.
 */
const FEATURE = 'Please add a dark mode to the checkout page, it hurts my eyes at night.';
/** A bug report of the fresh-user trial, labelled feature (0.69) offline, with inline code. */
const DEBUG_ISSUE =
  "DEBUG=-foo* still enables foo:bar namespace\n\nWith debug 4.3.4, setting `DEBUG=*,-foo*` and creating `debug('foo:bar')`, `enabled('foo:bar')` returns true. The skip list seems to be checked after names in enable(). Expected: excluded namespaces are always disabled.";

describe.each(TEST_DATABASES)('what is investigated on arrival on $name', (kind) => {
  let harness: ServiceHarness;
  afterEach(async () => harness?.close());

  it('investigates the json5 and debug issues (code in them) whatever their label, and the settings review (uncertain), not a confident feature request', async () => {
    harness = await openHarness(kind);
    const { reportIds } = await harness.ingestText([
      { id: 'json5', text: JSON5_ISSUE },
      { id: 'settings', text: SETTINGS_REVIEW },
      { id: 'feature', text: FEATURE },
      { id: 'debug', text: DEBUG_ISSUE },
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
    // Found by a fresh-user trial: labelled feature, its inline code did not count as code.
    expect(await stateOf(reportIds[3])).toMatchObject({ label: 'feature', state: 'done' });
    // Offline, the review is feature 0.60 and bug 0.68, both over their thresholds: a hair from
    // bug, so uncertain (its confidence, 0.58, hid that). Whether its diagnosis ties anything in
    // json5 to it is the localizer's to say honestly.
    expect(await stateOf(reportIds[1])).toMatchObject({ label: 'feature', state: 'done' });
  }, 120_000);
});
