/**
 * Pairing property: random histories with parallel calls, results spread over several tool
 * messages in any order, provider-executed calls (results inline or deferred to a later assistant
 * message), approvals, tool outputs that look like tool calls
 * ("nested"), and an unfinished exchange at the end, grown step by step and compacted at random
 * points, never yield an orphan tool call or tool result — and keep the goal and system prompt.
 */
import type { ModelProfile } from '@sightline/core';
import type { ModelMessage } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CompactionEvent } from '../history/compaction-events.js';
import { promptTokenLimit } from '../history/compaction-limits.js';
import { countMessageTokens } from '../history/message-tokens.js';
import { maskToolResults } from '../mask/mask-tool-results.js';
import { testEngineOptions } from './__fixtures__/engine-setup.js';
import { createCompactionEngine } from './compaction-engine.js';

const profile: ModelProfile = {
  id: 'tiny',
  provider: 'local',
  contextWindow: 2_000,
  maxOutputTokens: 500,
  encoding: 'o200k_base',
};
const GOAL = 'Find why totals are NaN;  keep\nthe public API.';

type AssistantPart = Exclude<
  Extract<ModelMessage, { role: 'assistant' }>['content'],
  string
>[number];

interface ExchangeSpec {
  calls: Array<{
    size: number;
    providerExecuted: boolean;
    deferred: boolean;
    approval: boolean;
    nested: boolean;
  }>;
  split: number;
  order: number[];
  text: boolean;
}
type TurnSpec =
  | { kind: 'text'; size: number }
  | { kind: 'user' }
  | { kind: 'exchange'; exchange: ExchangeSpec };

const exchangeArbitrary = fc.record({
  calls: fc.array(
    fc.record({
      size: fc.integer({ min: 0, max: 400 }),
      providerExecuted: fc.boolean(),
      deferred: fc.boolean(),
      approval: fc.boolean(),
      nested: fc.boolean(),
    }),
    { minLength: 1, maxLength: 4 },
  ),
  split: fc.integer({ min: 1, max: 3 }),
  order: fc.array(fc.nat(), { minLength: 4, maxLength: 4 }),
  text: fc.boolean(),
});
const turnArbitrary: fc.Arbitrary<TurnSpec> = fc.oneof(
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('text' as const),
      size: fc.integer({ min: 1, max: 80 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('user' as const) }) },
  {
    weight: 5,
    arbitrary: fc.record({ kind: fc.constant('exchange' as const), exchange: exchangeArbitrary }),
  },
);

function buildHistory(turns: TurnSpec[], unfinishedLast: boolean): ModelMessage[] {
  const messages: ModelMessage[] = [
    { role: 'system', content: 'You are a careful engineer.' },
    { role: 'user', content: GOAL },
  ];
  // Results of provider-executed calls with deferred results, answered by the next exchange.
  let deferredResults: AssistantPart[] = [];
  turns.forEach((turn, turnIndex) => {
    if (turn.kind === 'text')
      messages.push({ role: 'assistant', content: 'thinking '.repeat(turn.size) });
    else if (turn.kind === 'user')
      messages.push({ role: 'user', content: `follow-up ${turnIndex}` });
    else {
      const isLast = turnIndex === turns.length - 1;
      const { calls, split, order, text } = turn.exchange;
      const assistant: AssistantPart[] = [
        ...deferredResults,
        ...(text ? [{ type: 'text' as const, text: 'calling' }] : []),
      ];
      deferredResults = [];
      const clientResults: Array<Extract<ModelMessage, { role: 'tool' }>['content'][number]> = [];
      calls.forEach((call, index) => {
        const id = `t${turnIndex}-c${index}`;
        assistant.push({
          type: 'tool-call',
          toolCallId: id,
          toolName: call.nested ? 'run_agent' : 'grep',
          input: { pattern: id, content: 'x '.repeat(call.size) },
          providerExecuted: call.providerExecuted || undefined,
        });
        const value = call.nested
          ? {
              type: 'json' as const,
              value: {
                type: 'tool-call',
                toolCallId: `inner-${id}`,
                result: 'y '.repeat(call.size),
              },
            }
          : { type: 'text' as const, value: `result ${id} `.repeat(call.size) };
        const result = {
          type: 'tool-result' as const,
          toolCallId: id,
          toolName: 'grep',
          output: value,
        };
        if (call.providerExecuted && call.deferred) deferredResults.push(result);
        else if (call.providerExecuted) assistant.push(result);
        else {
          if (call.approval) {
            assistant.push({
              type: 'tool-approval-request',
              approvalId: `a-${id}`,
              toolCallId: id,
            });
            clientResults.push({
              type: 'tool-approval-response',
              approvalId: `a-${id}`,
              approved: true,
            });
          }
          clientResults.push(result);
        }
      });
      messages.push({ role: 'assistant', content: assistant });
      const shuffled = clientResults
        .map((part, index) => ({ part, key: order[index % order.length] ?? 0 }))
        .sort((a, b) => a.key - b.key)
        .map(({ part }) => part);
      // Approval responses must precede their results: put them first.
      shuffled.sort((a, b) => Number(a.type === 'tool-result') - Number(b.type === 'tool-result'));
      const kept = isLast && unfinishedLast ? shuffled.slice(0, -1) : shuffled;
      const size = Math.ceil(kept.length / split);
      for (let start = 0; start < kept.length; start += size)
        messages.push({ role: 'tool', content: kept.slice(start, start + size) });
    }
  });
  return messages;
}

/** Call ids without their result and result ids without their call, in `view`; calls unanswered in `original` are fine. */
function orphans(view: readonly ModelMessage[], original: readonly ModelMessage[]): string[] {
  const answeredInOriginal = new Set<string>();
  for (const message of original) {
    if (typeof message.content === 'string') continue;
    for (const part of message.content)
      if (part.type === 'tool-result') answeredInOriginal.add(part.toolCallId);
  }
  const calls = new Set<string>();
  const results = new Set<string>();
  const problems: string[] = [];
  for (const message of view) {
    if (typeof message.content === 'string') continue;
    for (const part of message.content) {
      if (part.type === 'tool-call') calls.add(part.toolCallId);
      if (part.type === 'tool-result') {
        if (!calls.has(part.toolCallId)) problems.push(`result without call: ${part.toolCallId}`);
        results.add(part.toolCallId);
      }
    }
  }
  for (const id of calls)
    if (answeredInOriginal.has(id) && !results.has(id)) problems.push(`call without result: ${id}`);
  return problems;
}

describe('compaction engine pairing property', () => {
  it('never yields an orphan call or result, and keeps goal and system prompt (seeded, 300 runs)', async () => {
    const seen = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.array(turnArbitrary, { minLength: 1, maxLength: 14 }),
        fc.boolean(),
        fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 6 }),
        fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
        async (turns, unfinishedLast, cutPercents, forces) => {
          const full = buildHistory(turns, unfinishedLast);
          const engine = createCompactionEngine(
            testEngineOptions(profile, {
              session: 'prop',
              trigger: { fraction: 0.5 },
              largeInputTokens: 64,
              onEvent: (event) => seen.set(event.type, (seen.get(event.type) ?? 0) + 1),
            }),
          );
          const cuts = [
            ...new Set(
              cutPercents.map((percent) => Math.max(2, Math.ceil((percent / 100) * full.length))),
            ),
          ].sort((a, b) => a - b);
          for (const [index, cut] of [...cuts, full.length].entries()) {
            if (forces[index]) engine.requestCompaction();
            const prefix = full.slice(0, cut);
            const view = await engine.step(prefix, { step: index, fixedTokens: 0 });
            expect(orphans(view, prefix)).toEqual([]);
            expect(view[0]).toEqual({ role: 'system', content: 'You are a careful engineer.' });
            expect(JSON.stringify(view)).toContain(JSON.stringify(GOAL).slice(1, -1));
          }
        },
      ),
      { seed: 20251130, numRuns: 300 },
    );
    // The property is only meaningful if compactions happened.
    expect(seen.get('history-summarize')).toBeGreaterThan(50);
    expect(seen.get('tool-result-mask')).toBeGreaterThan(50);
  }, 120_000);

  it('sends more than the prompt limit only when the irreducible part does not fit, says so once, and then waits up to the window (seeded, 200 runs)', async () => {
    const limit = promptTokenLimit(profile);
    let rescued = 0;
    let warned = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(turnArbitrary, { minLength: 1, maxLength: 14 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 1_700 }),
        fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 6 }),
        async (turns, unfinishedLast, fixedTokens, cutPercents) => {
          const full = buildHistory(turns, unfinishedLast);
          const events: CompactionEvent[] = [];
          const engine = createCompactionEngine(
            testEngineOptions(profile, {
              session: 'limit',
              onEvent: (event) => events.push(event),
            }),
          );
          const tokens = (messages: readonly ModelMessage[]) =>
            messages.reduce((sum, message) => sum + countMessageTokens(message), fixedTokens);
          const cuts = [
            ...new Set(
              cutPercents.map((percent) => Math.max(2, Math.ceil((percent / 100) * full.length))),
            ),
          ].sort((a, b) => a - b);
          // The warning of the current stretch over the limit.
          let warning: CompactionEvent | undefined;
          for (const [step, cut] of [...cuts, full.length].entries()) {
            const prefix = full.slice(0, cut);
            const view = await engine.step(prefix, { step, fixedTokens });
            const warnings = events.filter(
              (event) => event.type === 'context-over-limit' && event.step === step,
            );
            // Said once per stretch over the limit.
            expect(warnings.length + (warning && warnings.length > 0 ? 1 : 0)).toBeLessThanOrEqual(
              1,
            );
            warning ??= warnings[0];
            if (tokens(view) > limit) {
              // Never silently; past the window only when nothing is left to mask.
              expect(warning).toBeDefined();
              if (tokens(view) > profile.contextWindow) {
                expect(
                  maskToolResults(view, { session: 'limit', recentStart: view.length }).moved,
                ).toEqual([]);
              }
              warned += 1;
            } else {
              warning = undefined;
              if (tokens(prefix) > limit) rescued += 1;
            }
          }
        },
      ),
      { seed: 20251201, numRuns: 200 },
    );
    // Meaningful only if many prompts started over the limit and were brought under it.
    expect(rescued).toBeGreaterThan(50);
    expect(warned).toBeGreaterThan(0);
  }, 120_000);
});
