import { createScriptedModel } from '@sightline/core/testing';
import { createSecretReport } from '@sightline/investigator/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from '../store/test-databases.test-helper.js';
import { openHarness, type ServiceHarness } from './harness.test-helper.js';

const REQUEST = 'Please add a dark mode to the checkout page, the white screen hurts at night.';

describe.each(TEST_DATABASES)('process-report classification on $name', (kind) => {
  let harness: ServiceHarness;
  afterEach(async () => harness?.close());

  async function classificationOf(reportId: string) {
    return (await harness.store.reports.get(reportId))?.analysis?.classification;
  }

  it('classifies with the configured model, the report sent as data', async () => {
    const scripted = createScriptedModel([
      {
        text: JSON.stringify({ label: 'feature', confidence: 0.9, reason: 'Asks for dark mode.' }),
      },
    ]);
    harness = await openHarness(kind, {
      pipeline: { resolveModel: () => scripted.model, defaultModel: 'openai:gpt-5-mini' },
    });
    const { reportIds } = await harness.ingestText([{ id: 'r1', text: REQUEST }]);
    await harness.queue.drain({ timeoutMs: 60_000 });

    expect(await classificationOf(reportIds[0] ?? '')).toMatchObject({
      label: 'feature',
      method: 'model',
    });
    expect(JSON.stringify(scripted.calls[0]?.prompt)).toContain('dark mode');
  }, 60_000);

  it('falls back offline when the model answers off-schema or does not resolve', async () => {
    const offSchema = createScriptedModel([{ text: '{"label": "urgent!!", "confidence": 7}' }]);
    const lines: string[] = [];
    harness = await openHarness(kind, {
      pipeline: { resolveModel: () => offSchema.model, defaultModel: 'openai:gpt-5-mini' },
    });
    const first = await harness.ingestText([{ id: 'r1', text: REQUEST }]);
    await harness.queue.drain({ timeoutMs: 60_000 });
    expect(await classificationOf(first.reportIds[0] ?? '')).toMatchObject({ method: 'offline' });
    await harness.close();

    harness = await openHarness(kind, {
      pipeline: {
        resolveModel: () => {
          throw new Error('Set OPENAI_API_KEY to use openai:gpt-5-mini.');
        },
        defaultModel: 'openai:gpt-5-mini',
        log: (line) => lines.push(line),
      },
    });
    const second = await harness.ingestText([{ id: 'r2', text: REQUEST }]);
    await harness.queue.drain({ timeoutMs: 60_000 });
    expect(await classificationOf(second.reportIds[0] ?? '')).toMatchObject({ method: 'offline' });
    expect(lines).toContain(
      'reports are classified offline: Set OPENAI_API_KEY to use openai:gpt-5-mini.',
    );
  }, 120_000);
});

describe.each(TEST_DATABASES)("process-report and a report's secrets on $name", (kind) => {
  let harness: ServiceHarness;
  afterEach(async () => harness?.close());

  it('keeps the payload as received and withholds the secrets from its analysis and group title', async () => {
    // Found by fresh-user trial 16: the group's stored identifiers held the private key's body,
    // its title the AWS key.
    harness = await openHarness(kind);
    const { text, secrets } = createSecretReport();
    const { reportIds } = await harness.ingestText([{ id: 'secret', text }]);
    await harness.queue.drain({ timeoutMs: 60_000 });
    const report = await harness.store.reports.get(reportIds[0] ?? '');
    expect(JSON.stringify(report?.payload)).toContain(secrets[0]);
    const group = await harness.store.groups.get(report?.groupId ?? '');
    for (const secret of secrets) {
      expect(JSON.stringify([report?.analysis, group])).not.toContain(secret);
    }
    expect(group.title).toBe('[withheld: looks like a secret (an AWS access key ID)]');
    expect(report?.analysis?.report.identifiers).toContain('cartTotal');
    // Search reads what the gate let through: a withheld secret's prefix is no match, so a
    // search cannot spell it out a character at a time.
    const found = async (q: string) => (await harness.store.inbox({ q })).groups.map((g) => g.id);
    expect(await found('carttotal')).toEqual([group.id]);
    for (const secret of secrets) {
      const [firstWord = ''] = secret.split(/[^A-Za-z0-9]/);
      expect(await found(firstWord.slice(0, 8)), secret).toEqual([]);
    }
  }, 120_000);
});
