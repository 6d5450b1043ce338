import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCompaction } from '../../engine/create-compaction.js';
import { parseTrajectory, type ReplayScript } from './parse-trajectory.js';
import { REPLAY_FINAL_TEXT, replayTrajectory } from './replay-trajectory.js';

const script = parseTrajectory(
  readFileSync(path.join(import.meta.dirname, '__fixtures__', 'classic.traj'), 'utf8'),
);
const PROFILE = {
  id: 'test',
  provider: 'local',
  contextWindow: 8_192,
  maxOutputTokens: 1_024,
  encoding: 'o200k_base',
} as const;

describe('replayTrajectory', () => {
  it('replays each turn through generateText and measures every prompt the model received', async () => {
    const { steps, peakTokens, finalPrompt } = await replayTrajectory(script);
    expect(
      steps.map(({ step, messages, goalPresent, orphanToolCalls, orphanToolResults }) => ({
        step,
        messages,
        goalPresent,
        orphans: [...orphanToolCalls, ...orphanToolResults],
      })),
    ).toEqual([
      { step: 0, messages: 2, goalPresent: true, orphans: [] },
      { step: 1, messages: 4, goalPresent: true, orphans: [] },
      { step: 2, messages: 6, goalPresent: true, orphans: [] },
      { step: 3, messages: 8, goalPresent: true, orphans: [] },
    ]);
    const tokens = steps.map((step) => step.contextTokens);
    expect(tokens).toEqual([...tokens].sort((a, b) => a - b));
    expect(new Set(tokens).size).toBe(4);
    expect(peakTokens).toBe(tokens[3]);
    expect(steps.every((step) => step.prepareStepMs === undefined)).toBe(true);
    // A raw loop only appends: every prompt after the first extends the one before it.
    expect(steps.map((step) => step.extendsPrevious)).toEqual([false, true, true, true]);
    expect(steps.every((step) => step.textTokens > 0 && step.textChars > step.textTokens)).toBe(
      true,
    );
    expect(finalPrompt.at(-1)).toEqual({
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'call_3',
          toolName: 'submit',
          output: { type: 'text', value: 'diff --git a/total.py b/total.py' },
        },
      ],
    });
  });

  it('ends with the closing text after the last recorded turn', async () => {
    const { finalPrompt } = await replayTrajectory(script);
    const answered = finalPrompt.filter((message) => message.role === 'assistant');
    expect(answered).toHaveLength(3);
    expect(REPLAY_FINAL_TEXT).toBe('Replay finished.');
  });

  it('runs the compaction: timed prepareStep, tools wrapped, a large result offloaded to the store', async () => {
    const listing = Array.from({ length: 200 }, (_, index) => `${index + 1}: row ${index * 7}`);
    const large: ReplayScript = {
      ...script,
      turns: [
        ...script.turns.slice(0, 1),
        {
          thought: 'Dump the table.',
          toolCalls: [
            {
              toolCallId: 'call_big',
              toolName: 'cat',
              input: { command: 'cat table.txt' },
              result: listing.join('\n'),
            },
          ],
        },
        ...script.turns.slice(1),
      ],
    };
    const compaction = createCompaction({
      profile: PROFILE,
      session: 'replay-test',
      offloadLimit: { tokens: 500 },
      system: large.system,
    });
    const { steps, finalPrompt } = await replayTrajectory(large, { compaction });
    expect(steps).toHaveLength(5);
    // The offload happens before the result joins the history: the prompt stays append-only.
    expect(steps.map((step) => step.extendsPrevious)).toEqual([false, true, true, true, true]);
    expect(steps.every((step) => typeof step.prepareStepMs === 'number')).toBe(true);
    expect(compaction.events.map(({ type, moved }) => ({ type, moved }))).toEqual([
      {
        type: 'tool-result-offload',
        moved: [
          {
            toolCallId: 'call_big',
            toolName: 'cat',
            path: '/tool_results/replay-test/call_big.txt',
          },
        ],
      },
    ]);
    const stored = await compaction.store.read('/tool_results/replay-test/call_big.txt');
    expect(stored.content).toBe(listing.join('\n'));
    const prompt = JSON.stringify(finalPrompt);
    expect(prompt).toContain('/tool_results/replay-test/call_big.txt');
    expect(prompt).not.toContain(listing[99]);
    expect(steps.flatMap((step) => [...step.orphanToolCalls, ...step.orphanToolResults])).toEqual(
      [],
    );
  });
});
