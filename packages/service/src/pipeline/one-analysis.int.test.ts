/**
 * One analysis per report: the pipeline parses, marks and classifies a report once, and the
 * group's investigation starts from that stored analysis, so the diagnosis carries the group's
 * classification (the model's when one classified it) and the payload is decoded once.
 */

import { createScriptedModel, type ScriptedResponse } from '@sightline/core/testing';
import * as intake from '@sightline/intake';
import type { KnownBug } from '@sightline/investigator/testing';
import type { LanguageModel } from 'ai';
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

/**
 * A model investigating the fake shop's known bug: one look, its verdict, a one-section report,
 * then the structured diagnosis naming the bug's file, lines and quote.
 */
function agentRun(bug: KnownBug): ScriptedResponse[] {
  const location = { path: bug.path, lines: bug.lines };
  return [
    { toolCalls: [{ toolName: 'grep', input: { pattern: bug.symbol } }] },
    { toolCalls: [{ toolName: 'suspect', input: { locations: [{ ...location, why: 'loop' }] } }] },
    { toolCalls: [{ toolName: 'conclude', input: { summary: `${bug.symbol} is wrong.` } }] },
    { text: `## Root cause\n${bug.symbol} in ${bug.path}:${bug.lines[0]}-${bug.lines[1]}.` },
    {
      text: JSON.stringify({
        rootCause: {
          summary: `${bug.symbol} is wrong.`,
          explanation: 'See the quote.',
          confidence: 0.8,
        },
        affectedFiles: [
          {
            ...location,
            symbol: bug.symbol,
            role: 'cause',
            evidence: [{ path: bug.path, line: bug.lines[0], quote: bug.quote }],
          },
        ],
        proposedChange: { description: 'Fix the quoted line.', patch: null },
        complexity: 'low',
        risk: 'low',
        riskRationale: 'One function.',
      }),
    },
  ];
}

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
    // The model is asked for only once a report arrives: scripted for the harness' repository.
    const models: LanguageModel[] = [];
    harness = await openHarness(kind, {
      pipeline: {
        resolveModel: () => models[0] as LanguageModel,
        defaultModel: 'openai:gpt-5-mini',
      },
    });
    const scripted = createScriptedModel([
      { text: JSON.stringify({ label: 'bug', confidence: 0.8, reason: 'Says it hurts.' }) },
      ...agentRun(harness.repo.bug),
    ]);
    models.push(scripted.model);
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
