/**
 * Replay eval: each real SWE-agent trajectory in ../shared/data/trajectories is replayed through
 * the AI SDK loop raw and through compaction (one profile rule for every file: `REPLAY_PROFILE`,
 * a 4,096-token window). Per step: compacted ≤ raw, no orphan tool call or result, the goal
 * verbatim in every prompt; and every needle (a line of an early observation that left the
 * context) is found by `search_stored` and held by the store.
 */
import path from 'node:path';
import { sharedDataTitle } from '@sightline/core/testing';
import { describe, expect, it } from 'vitest';
import { measureReplay, REPLAY_PROFILE } from './measure-replay.js';
import { readTrajectories } from './read-trajectories.js';

const TRAJECTORIES_DIR = path.resolve(
  import.meta.dirname,
  '../../../../../../shared/data/trajectories',
);
const files = await readTrajectories(TRAJECTORIES_DIR);
const shared = sharedDataTitle(
  `replay of ${files.length} SWE-agent trajectories through compaction`,
  TRAJECTORIES_DIR,
);

/** Context size from which the replay compacts (the default trigger, 0.85 of the window). */
const TRIGGER_TOKENS = Math.floor(0.85 * REPLAY_PROFILE.contextWindow);

describe.skipIf(files.length === 0)(shared.title, () => {
  it.each(files.map((entry) => [entry.file, entry] as const))('%s', async (file, { script }) => {
    const { raw, compacted, events, needles } = await measureReplay(script, { session: file });
    console.log(`${file}: context tokens per step (window ${REPLAY_PROFILE.contextWindow})`);
    console.table(
      raw.steps.map((step, index) => ({
        step: step.step,
        raw: step.contextTokens,
        compacted: compacted.steps[index]?.contextTokens,
      })),
    );

    expect(compacted.steps).toHaveLength(script.turns.length + 1);
    compacted.steps.forEach((step, index) => {
      expect(step.contextTokens).toBeLessThanOrEqual(raw.steps[index]?.contextTokens ?? 0);
    });
    expect(compacted.steps.filter((step) => !step.goalPresent)).toEqual([]);
    expect(
      compacted.steps.flatMap((step) => [...step.orphanToolCalls, ...step.orphanToolResults]),
    ).toEqual([]);
    expect(needles.filter((needle) => !needle.foundBySearch || !needle.inStore)).toEqual([]);
    if (raw.peakTokens > TRIGGER_TOKENS) {
      // The run outgrew the trigger: compaction must have acted and pushed needles out.
      expect(events.length).toBeGreaterThan(0);
      expect(needles.length).toBeGreaterThan(0);
      expect(compacted.peakTokens).toBeLessThan(raw.peakTokens);
    }
  });
});
