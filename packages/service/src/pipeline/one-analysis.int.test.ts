/**
 * One analysis per report: the pipeline parses, marks and classifies a report once, and the
 * group's investigation starts from that stored analysis, so the diagnosis carries the group's
 * classification (the model's when one classified it) and the payload is decoded once.
 */

import { createScriptedModel, type ScriptedResponse } from '@sightline/core/testing';
import * as intake from '@sightline/intake';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_DATABASES } from '../store/test-databases.test-helper.js';
import { cartCrash, openHarness, type ServiceHarness } from './harness.test-helper.js';

// Every reader of a report, wrapped to count its calls (the investigator's included).
vi.mock('@sightline/intake', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@sightline/intake')>();
  return {
    ...actual,
    parseReport: vi.fn(actual.parseReport),
    parseReports: vi.fn(actual.parseReports),
    classify: vi.fn(actual.classify),
  };
});

/** A feature request by its words, which the model calls a bug. */
const DARK_MODE = 'Please add a dark mode to the checkout page, the white screen hurts at night.';

/** The agent's run on the fake shop: explore, suspect, read, conclude, report; then the structure. */
const AGENT_RUN: ScriptedResponse[] = [
  { toolCalls: [{ toolName: 'grep', input: { pattern: 'cartTotal' } }] },
  {
    toolCalls: [
      {
        toolName: 'suspect',
        input: { locations: [{ path: 'src/cart/total.ts', lines: [6, 8], why: 'the loop' }] },
      },
    ],
  },
  {
    toolCalls: [
      { toolName: 'read_file', input: { path: 'src/cart/total.ts', startLine: 4, endLine: 10 } },
    ],
  },
  { toolCalls: [{ toolName: 'conclude', input: { summary: 'The loop skips items[0].' } }] },
  {
    text: '## Root cause\ncartTotal starts its loop at 1.\n\n## Affected files\n- src/cart/total.ts:6-8 — cause\n\n## Proposed change\nStart at 0.\n\n## Complexity\nlow\n\n## Risk\nlow',
  },
  {
    text: JSON.stringify({
      rootCause: {
        summary: 'cartTotal starts its loop at index 1 and skips the first item.',
        explanation: 'The loop starts at 1, so items[0] is never added.',
        confidence: 0.9,
      },
      affectedFiles: [
        {
          path: 'src/cart/total.ts',
          lines: [6, 8],
          symbol: 'cartTotal',
          role: 'cause',
          evidence: [
            {
              path: 'src/cart/total.ts',
              line: 6,
              quote: 'for (let index = 1; index < items.length; index++) {',
            },
          ],
        },
      ],
      proposedChange: { description: 'Start the loop at index 0.', patch: null },
      complexity: 'low',
      risk: 'low',
      riskRationale: 'A loop bound.',
    }),
  },
];

describe.each(TEST_DATABASES)('one analysis per report on $name', (kind) => {
  let harness: ServiceHarness;
  beforeEach(() => vi.clearAllMocks());
  afterEach(async () => harness?.close());

  async function onlyGroup() {
    const [group] = (await harness.store.inbox({})).groups;
    const [stored] = await harness.store.diagnoses.listOfGroup(group?.id ?? '');
    return { group, diagnosis: stored?.diagnosis };
  }

  it('diagnoses with the offline classification the group has, reading the report once', async () => {
    harness = await openHarness(kind);
    await harness.ingestText([{ id: 'crash-1', text: cartCrash() }]);
    await harness.queue.drain({ timeoutMs: 60_000 });
    const { group, diagnosis } = await onlyGroup();
    expect(group?.label).toBe('crash');
    expect(diagnosis).toMatchObject({ report: { label: 'crash' }, method: 'offline' });
    expect(vi.mocked(intake.parseReports)).toHaveBeenCalledTimes(1);
    expect(vi.mocked(intake.parseReport)).not.toHaveBeenCalled();
    expect(vi.mocked(intake.classify)).toHaveBeenCalledTimes(1);
  }, 60_000);

  it('diagnoses with the model’s classification, not a second offline one', async () => {
    const scripted = createScriptedModel([
      { text: JSON.stringify({ label: 'bug', confidence: 0.8, reason: 'Says it hurts.' }) },
      ...AGENT_RUN,
    ]);
    harness = await openHarness(kind, {
      pipeline: { resolveModel: () => scripted.model, defaultModel: 'openai:gpt-5-mini' },
    });
    await harness.ingestText([{ id: 'r1', text: DARK_MODE }]);
    await harness.queue.drain({ timeoutMs: 60_000 });
    // Offline, the words alone make it a feature request: the model's label is what must carry.
    const offline = await intake.classifyOffline(intake.parseReport(DARK_MODE));
    expect(offline.label).toBe('feature');
    const { group, diagnosis } = await onlyGroup();
    expect(group?.label).toBe('bug');
    expect(diagnosis).toMatchObject({ report: { label: 'bug' }, method: 'agent' });
    expect(vi.mocked(intake.parseReports)).toHaveBeenCalledTimes(1);
    expect(vi.mocked(intake.classify)).toHaveBeenCalledTimes(1);
    expect(await harness.queue.failed()).toEqual([]);
  }, 60_000);
});
