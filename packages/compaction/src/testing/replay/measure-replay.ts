/**
 * One trajectory, replayed twice — raw and through a compaction — with the figures the replay
 * eval and `npm run bench:compaction` report: tokens per step, peaks, events by type, pairing,
 * goal presence and needle recovery.
 *
 * The model profile follows one rule for every trajectory, never tuned per file: a fixed
 * 4,096-token window (the context length of Llama 2, Touvron et al. 2023, the smallest window still
 * common in local deployments), with the package's default trigger (0.85) and recent window (0.1),
 * and an offload limit of 10 % of the window — the default 20,000 tokens is 10 % of a 200k-token
 * window. The SWE-agent demonstrations peak at 3–14k tokens raw, so the longer ones must compact.
 */
import type { ModelProfile } from '@sightline/core';
import type { ToolSet } from 'ai';
import { type CreateCompactionOptions, createCompaction } from '../../engine/create-compaction.js';
import type { CompactionEvent, CompactionEventType } from '../../history/compaction-events.js';
import { checkNeedles, type NeedleCheck, pickNeedles } from './needles.js';
import type { ReplayScript } from './parse-trajectory.js';
import { type ReplayResult, replayTrajectory } from './replay-trajectory.js';

/** The replay profile: a 4,096-token window, counted with o200k_base. */
export const REPLAY_PROFILE: ModelProfile = {
  id: 'replay-4k',
  provider: 'local',
  contextWindow: 4_096,
  maxOutputTokens: 1_024,
  encoding: 'o200k_base',
};

/** Offload limit of a replay: 10 % of the window (the default's share of a 200k window). */
export const REPLAY_OFFLOAD_LIMIT = { fraction: 0.1 } as const;

/** Figures of one trajectory, raw and compacted. */
export interface ReplayMeasurement {
  /** Assistant turns replayed. */
  turns: number;
  /** The run without compaction. */
  raw: ReplayResult;
  /** The run through compaction. */
  compacted: ReplayResult;
  /** Compaction events, oldest first. */
  events: readonly CompactionEvent[];
  /** Number of events of each type. */
  eventCounts: Record<CompactionEventType, number>;
  /** Needles picked from early observations that left the context, and their recovery. */
  needles: NeedleCheck[];
}

/**
 * Replays `script` raw and with a fresh compaction (in-memory store), then checks needles.
 * @param script - from `parseTrajectory`.
 * @param options - compaction options overriding the replay rule (profile {@link REPLAY_PROFILE},
 *   offload limit {@link REPLAY_OFFLOAD_LIMIT}, the script's system prompt counted).
 * @returns the {@link ReplayMeasurement}.
 * @throws whatever the compaction throws for invalid options.
 * @example
 * const { raw, compacted } = await measureReplay(parseTrajectory(text, { source: file }));
 */
export async function measureReplay(
  script: ReplayScript,
  options: Partial<CreateCompactionOptions> = {},
): Promise<ReplayMeasurement> {
  const { encoding } = options.profile ?? REPLAY_PROFILE;
  const compaction = createCompaction({
    profile: REPLAY_PROFILE,
    offloadLimit: REPLAY_OFFLOAD_LIMIT,
    system: script.system,
    ...options,
  });
  // Both runs offer the recovery tools, so they differ only by what compaction does to messages.
  const recoveryTools: ToolSet = compaction.tools;
  const raw = await replayTrajectory(script, { tools: recoveryTools, encoding });
  const compacted = await replayTrajectory(script, { compaction, tools: recoveryTools, encoding });
  const eventCounts: Record<CompactionEventType, number> = {
    'tool-result-offload': 0,
    'tool-result-mask': 0,
    'tool-input-truncate': 0,
    'history-summarize': 0,
    'context-over-limit': 0,
    'target-unreachable': 0,
    'compaction-skip': 0,
  };
  for (const event of compaction.events) eventCounts[event.type] += 1;
  const needles = await checkNeedles(pickNeedles(script, { finalPrompt: compacted.finalPrompt }), {
    tools: recoveryTools,
    store: compaction.store,
  });
  return {
    turns: script.turns.length,
    raw,
    compacted,
    events: compaction.events,
    eventCounts,
    needles,
  };
}
