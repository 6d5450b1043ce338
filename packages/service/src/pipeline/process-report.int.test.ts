import { createScriptedModel } from '@sightline/core/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from '../store/test-databases.test-helper.js';
import { openHarness, type ServiceHarness } from './harness.test-helper.js';

const QUESTION = 'How do I set the currency?\n\nThe docs do not say where the shop reads it from.';

describe.each(TEST_DATABASES)('process-report classification with a model on $name', (kind) => {
  let harness: ServiceHarness;
  afterEach(async () => harness?.close());

  async function classifyOne(answer: string, log: string[] = []) {
    const scripted = createScriptedModel([{ text: answer }]);
    harness = await openHarness(kind, {
      pipeline: {
        resolveModel: () => scripted.model,
        defaultModel: 'anthropic:claude-sonnet-4-5',
        log: (line) => log.push(line),
      },
    });
    const { reportIds } = await harness.ingestText([{ id: 'q-1', text: QUESTION }]);
    await harness.queue.drain({ timeoutMs: 60_000 });
    const row = await harness.store.reports.get(reportIds[0] ?? '');
    return {
      calls: scripted.calls.length,
      classification: JSON.parse(String(row?.classification)) as {
        label: string;
        method: string;
        reasons: string[];
      },
    };
  }

  it('classifies with the configured default model and stores its label and reason', async () => {
    const { calls, classification } = await classifyOne(
      '{"label":"feature","confidence":0.8,"reason":"asks for a currency setting"}',
    );
    expect(calls).toBe(1);
    expect(classification).toMatchObject({
      label: 'feature',
      method: 'model',
      reasons: ['mock-provider/scripted: asks for a currency setting'],
    });
  }, 60_000);

  it('falls back to offline when the model answers off-schema, and says so', async () => {
    const { classification } = await classifyOne('{"label":"urgent","confidence":"very"}');
    expect(classification.method).toBe('offline');
    expect(classification.reasons.join('\n')).toContain('model not used');
  }, 60_000);

  it('classifies offline, logging why, when the default model cannot be resolved', async () => {
    const log: string[] = [];
    harness = await openHarness(kind, {
      pipeline: {
        resolveModel: () => {
          throw new Error('ANTHROPIC_API_KEY is not set');
        },
        defaultModel: 'anthropic:claude-sonnet-4-5',
        log: (line) => log.push(line),
      },
    });
    const { reportIds } = await harness.ingestText([{ id: 'q-2', text: QUESTION }]);
    await harness.queue.drain({ timeoutMs: 60_000 });
    const row = await harness.store.reports.get(reportIds[0] ?? '');
    expect(JSON.parse(String(row?.classification)).method).toBe('offline');
    expect(log.join('\n')).toContain('classifying offline: model anthropic:claude-sonnet-4-5');
  }, 60_000);
});
