import { createSecretReport } from '@sightline/investigator/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { parseReports, type Report, reportTitle } from '../adapters/investigator.js';
import { TEST_DATABASES } from '../store/test-databases.test-helper.js';
import { cartCrash, openHarness, type ServiceHarness } from './harness.test-helper.js';

describe.each(TEST_DATABASES)(
  'stored analyses and diagnoses under older secret rules on $name',
  (kind) => {
    let harness: ServiceHarness;
    afterEach(async () => harness?.close());

    /** Stores a report's analysis as a service from before the gate did: parsed, not gated. */
    async function storeUngated(reportId: string, text: string) {
      const ungated = parseReports(text, {})[0] as Report;
      await harness.store.db
        .updateTable('reports')
        .set({ parsed: JSON.stringify(ungated), secret_rules: null })
        .where('id', '=', reportId)
        .execute();
      await harness.store.db
        .updateTable('groups')
        .set({ title: reportTitle(ungated) })
        .where('representative_report_id', '=', reportId)
        .execute();
    }

    /** Stores a group's diagnosis as one made before the gate: its root cause quoting `text`. */
    async function storeUngatedDiagnosis(groupId: string, text: string) {
      const row = await harness.store.db
        .selectFrom('diagnoses')
        .select(['id', 'diagnosis'])
        .where('group_id', '=', groupId)
        .executeTakeFirstOrThrow();
      const diagnosis = JSON.parse(row.diagnosis) as { rootCause: { summary: string } };
      diagnosis.rootCause.summary = `Raised with \`${text}\`.\n${diagnosis.rootCause.summary}`;
      await harness.store.db
        .updateTable('diagnoses')
        .set({ diagnosis: JSON.stringify(diagnosis), secret_rules: null })
        .where('id', '=', row.id)
        .execute();
    }

    it('gates them again at start, titles and diagnoses included, once', async () => {
      const lines: string[] = [];
      harness = await openHarness(kind, { pipeline: { log: (line) => lines.push(line) } });
      const { text, secrets } = createSecretReport();
      const { reportIds } = await harness.ingestText([
        { id: 'secret', text },
        { id: 'crash', text: cartCrash() },
      ]);
      await harness.queue.drain({ timeoutMs: 60_000 });
      const [secretId = '', crashId = ''] = reportIds;
      await storeUngated(secretId, text);
      await storeUngated(crashId, cartCrash());
      const before = await harness.store.reports.get(secretId);
      expect(JSON.stringify(before?.analysis)).toContain(secrets[0]);
      await storeUngatedDiagnosis(before?.groupId ?? '', secrets[0] ?? '');
      await harness.store.db.updateTable('diagnoses').set({ secret_rules: null }).execute();
      const diagnoses = await harness.store.diagnoses.count();

      expect(await harness.pipeline.regateStored()).toEqual({
        analyses: { checked: 2, changed: 1 },
        diagnoses: { checked: diagnoses, changed: 1 },
      });
      const report = await harness.store.reports.get(secretId);
      const group = await harness.store.groups.get(report?.groupId ?? '');
      const [diagnosis] = await harness.store.diagnoses.listOfGroup(group.id);
      for (const secret of secrets) {
        expect(JSON.stringify([report?.analysis, group, diagnosis])).not.toContain(secret);
      }
      expect(diagnosis?.diagnosis.rootCause.summary.split('\n')[0]).toBe(
        '[withheld: looks like a secret (an AWS access key ID)]',
      );
      expect(group.title).toBe('[withheld: looks like a secret (an AWS access key ID)]');
      expect(JSON.stringify(report?.payload)).toContain(secrets[0]);
      expect(lines.filter((line) => line.startsWith('secret gate:'))).toEqual([
        `secret gate: 1 of 2 stored analyses and 1 of ${diagnoses} diagnoses gated under older rules now withhold more (the payloads stay as delivered)`,
      ]);
      expect(await harness.pipeline.regateStored()).toEqual({
        analyses: { checked: 0, changed: 0 },
        diagnoses: { checked: 0, changed: 0 },
      });
    }, 120_000);

    it('keeps a diagnosis whole when its strings together read as a KEY=value file', async () => {
      // Found by review 17: gated together, such strings were all withheld, ids and labels too.
      harness = await openHarness(kind);
      const { secrets } = createSecretReport();
      await harness.ingestText([{ id: 'crash', text: cartCrash() }]);
      await harness.queue.drain({ timeoutMs: 60_000 });
      const row = await harness.store.db
        .selectFrom('diagnoses')
        .select(['id', 'diagnosis', 'group_id'])
        .executeTakeFirstOrThrow();
      const settings = Array.from({ length: 400 }, (_, at) => `SESSION_TOKEN_${at}=src/auth.ts`);
      const diagnosis = {
        ...JSON.parse(row.diagnosis),
        notes: [`API_KEY=${secrets[0]}`, ...settings],
      };
      await harness.store.db
        .updateTable('diagnoses')
        .set({ diagnosis: JSON.stringify(diagnosis), secret_rules: null })
        .where('id', '=', row.id)
        .execute();
      expect((await harness.pipeline.regateStored()).diagnoses).toEqual({ checked: 1, changed: 1 });
      const [stored] = await harness.store.diagnoses.listOfGroup(row.group_id);
      expect(JSON.stringify(stored)).not.toContain(secrets[0]);
      expect(stored?.diagnosis.method).toBe('offline');
      expect(stored?.diagnosis.rootCause.summary).toBe(diagnosis.rootCause.summary);
    }, 120_000);

    it('leaves an analysis made since it was read, and a title a person gave', async () => {
      harness = await openHarness(kind);
      const { text, secrets } = createSecretReport();
      const { reportIds } = await harness.ingestText([{ id: 'secret', text }]);
      await harness.queue.drain({ timeoutMs: 60_000 });
      const id = reportIds[0] ?? '';
      await storeUngated(id, text);
      const [stale] = await harness.store.reports.gatedUnderOtherRules('', 10);
      const gated = parseReports('an analysis made meanwhile', {})[0] as Report;
      const title = { from: 'not the title', to: 'gated' };
      expect(await harness.store.reports.regate(id, 'older text', gated, title)).toBe(false);
      expect(await harness.store.reports.regate(id, stale?.parsed ?? '', gated, title)).toBe(true);
      const group = await harness.store.groups.get(
        (await harness.store.reports.get(id))?.groupId ?? '',
      );
      expect(group.title).toContain(secrets[0]);
      expect(await harness.store.reports.gatedUnderOtherRules('', 10)).toEqual([]);
    }, 120_000);
  },
);
