/**
 * The long-trajectory part of `bench:compaction`: each long real run replayed at several windows,
 * raw, through Sightline's compaction (the AI SDK loop) and through Deep Agents' own context
 * management (a LangChain agent), with the same figures for both: peak prompt tokens, compaction
 * events, steps compacting, prompts over the limit, orphaned tool calls/results, goal kept
 * verbatim, needles recoverable and the share of steps whose prompt extends the previous one
 * unchanged (what a provider's prompt cache can reuse).
 */
import { promptTokenLimit } from '@sightline/compaction';
import {
  checkPromptPairing,
  measureReplay,
  pickNeedles,
  promptContains,
  REPLAY_PROFILE,
  type TrajectoryFile,
} from '@sightline/compaction/testing';
import type { ModelProfile } from '@sightline/core';
import { count, tokens } from './compaction-rows.js';
import {
  deepAgentsPrompt,
  deepAgentsPromptTokens,
  replayDeepAgents,
} from './deep-agents-replay.js';
import { type Figures, fraction, markdownTable } from './results.js';
import { median } from './stats.js';

/** The same figures for either system on one trajectory at one window. */
export interface SystemFigures {
  peakTokens: number;
  /** Offloads, masks, truncations, summaries (Sightline); evictions and summaries (Deep Agents). */
  compactionEvents: number;
  /** Steps at which the history was rewritten (mask, truncation or summary). */
  stepsCompacting: number;
  overLimit: number;
  orphans: number;
  /** Share of prompts holding the goal verbatim. */
  goalKept: number;
  needles: number;
  needlesRecovered: number;
  /** Share of steps after the first whose prompt starts with the whole previous prompt. */
  cacheExtending: number;
  steps: number;
}

/** One trajectory at one window. */
export interface LongRow {
  file: string;
  window: number;
  turns: number;
  rawPeak: number;
  /** Median of our raw prompt count over the provider's reported prompt tokens (mini-swe-agent). */
  reportedRatio: number | undefined;
  sightline: SystemFigures;
  deepAgents: SystemFigures;
}

const share = (part: number, whole: number) => (whole === 0 ? 1 : part / whole);

/**
 * Replays one trajectory at one window through both systems.
 * @param trajectory - the file and its script.
 * @param window - the context window, tokens (output reserve and offload rule of the replay profile).
 * @returns the row.
 */
export async function measureLong(trajectory: TrajectoryFile, window: number): Promise<LongRow> {
  const { file, script } = trajectory;
  const profile: ModelProfile = {
    ...REPLAY_PROFILE,
    id: `replay-${window / 1024}k`,
    contextWindow: window,
  };
  const limit = promptTokenLimit(profile);
  const ours = await measureReplay(script, { session: `${file}-${window}`, profile });
  const steps = ours.compacted.steps;
  const rewrites = ours.events.filter((event) =>
    ['tool-result-mask', 'tool-input-truncate', 'history-summarize'].includes(event.type),
  );
  const sightline: SystemFigures = {
    peakTokens: ours.compacted.peakTokens,
    compactionEvents: rewrites.length + ours.eventCounts['tool-result-offload'],
    stepsCompacting: new Set(rewrites.map((event) => event.step)).size,
    overLimit: steps.filter((step) => step.contextTokens > limit).length,
    orphans: steps.reduce(
      (sum, step) => sum + step.orphanToolCalls.length + step.orphanToolResults.length,
      0,
    ),
    goalKept: share(steps.filter((step) => step.goalPresent).length, steps.length),
    needles: ours.needles.length,
    needlesRecovered: ours.needles.filter((needle) => needle.foundBySearch && needle.inStore)
      .length,
    cacheExtending: share(steps.filter((step) => step.extendsPrevious).length, steps.length - 1),
    steps: steps.length,
  };
  const deep = await replayDeepAgents(script, {
    maxInputTokens: window,
    evictLimitTokens: Math.floor(window * 0.1),
  });
  const prompts = deep.calls.map(deepAgentsPrompt);
  const tokens = await Promise.all(deep.calls.map(deepAgentsPromptTokens));
  const serialized = deep.calls.map((call) => [
    JSON.stringify(call.tools),
    ...call.messages.map((message) => JSON.stringify(message)),
  ]);
  const extending = serialized.filter(
    (current, index) =>
      index > 0 &&
      (serialized[index - 1] as string[]).every(
        (message, position) => message === current[position],
      ),
  ).length;
  const needles = pickNeedles(script, { finalPrompt: prompts.at(-1) ?? [] });
  const stored = [...deep.files.values()];
  const deepAgents: SystemFigures = {
    peakTokens: Math.max(0, ...tokens),
    compactionEvents: deep.evictions + deep.summarizedBefore.length,
    stepsCompacting: new Set(deep.summarizedBefore).size,
    overLimit: tokens.filter((count) => count > limit).length,
    orphans: prompts.reduce((sum, prompt) => {
      const pairing = checkPromptPairing(prompt);
      return sum + pairing.orphanToolCalls.length + pairing.orphanToolResults.length;
    }, 0),
    goalKept: share(
      prompts.filter((prompt) => promptContains(prompt, script.goal)).length,
      prompts.length,
    ),
    needles: needles.length,
    needlesRecovered: needles.filter((needle) => stored.some((text) => text.includes(needle.text)))
      .length,
    cacheExtending: share(extending, prompts.length - 1),
    steps: prompts.length,
  };
  const ratios = script.turns.flatMap((turn, index) => {
    const counted = ours.raw.steps[index]?.contextTokens;
    return turn.reportedPromptTokens && counted ? [counted / turn.reportedPromptTokens] : [];
  });
  return {
    file,
    window,
    turns: ours.turns,
    rawPeak: ours.raw.peakTokens,
    reportedRatio: ratios.length > 0 ? median(ratios) : undefined,
    sightline,
    deepAgents,
  };
}

const pct = (value: number) => `${Math.round(value * 1000) / 10} %`;
const thousands = (value: number) => value.toLocaleString('en-US');

/**
 * The README table: two rows (Sightline, Deep Agents) per trajectory and window.
 * @param rows - the measured rows.
 * @returns a Markdown table.
 */
export function longTable(rows: readonly LongRow[]): string {
  return markdownTable(
    [
      'trajectory',
      'window',
      'turns',
      'raw peak',
      'system',
      'peak',
      'compaction events',
      'steps compacting',
      'over limit',
      'orphans',
      'goal kept',
      'needles',
      'cache-extending',
    ],
    rows.flatMap((row) =>
      (
        [
          ['Sightline', row.sightline],
          ['Deep Agents', row.deepAgents],
        ] as const
      ).map(([name, figures]) => [
        row.file.replace(/\.traj(\.json)?$/, ''),
        `${row.window / 1024}k`,
        row.turns,
        thousands(row.rawPeak),
        name,
        thousands(figures.peakTokens),
        figures.compactionEvents,
        `${figures.stepsCompacting} (${pct(share(figures.stepsCompacting, figures.steps))})`,
        figures.overLimit,
        figures.orphans,
        pct(figures.goalKept),
        `${figures.needlesRecovered}/${figures.needles}`,
        pct(figures.cacheExtending),
      ]),
    ),
  );
}

/**
 * The targets of the long trajectories, checked over every row (as measured, never tuned).
 * @param rows - the measured rows.
 * @returns one line per target with its verdict.
 */
export function longTargets(rows: readonly LongRow[]): string[] {
  const all = (test: (row: LongRow) => boolean) => (rows.every(test) ? 'met' : 'missed');
  const worst = (pick: (row: LongRow) => number, better: 'min' | 'max') =>
    better === 'min' ? Math.min(...rows.map(pick)) : Math.max(...rows.map(pick));
  const s = (row: LongRow) => row.sightline;
  return [
    `0 prompts over the limit: ${all((row) => s(row).overLimit === 0)} (most: ${worst((row) => s(row).overLimit, 'max')})`,
    `0 orphans: ${all((row) => s(row).orphans === 0)} (most: ${worst((row) => s(row).orphans, 'max')})`,
    `goal kept in 100 % of prompts: ${all((row) => s(row).goalKept === 1)} (lowest: ${pct(worst((row) => s(row).goalKept, 'min'))})`,
    `every needle recoverable: ${all((row) => s(row).needlesRecovered === s(row).needles)}`,
    `steps compacting ≤ 10 %: ${all((row) => share(s(row).stepsCompacting, s(row).steps) <= 0.1)} (highest: ${pct(worst((row) => share(s(row).stepsCompacting, s(row).steps), 'max'))})`,
    `≥ 90 % of steps cache-extending: ${all((row) => s(row).cacheExtending >= 0.9)} (lowest: ${pct(worst((row) => s(row).cacheExtending, 'min'))})`,
    `peak no higher than Deep Agents': ${all((row) => s(row).peakTokens <= row.deepAgents.peakTokens)} (largest difference: ${thousands(worst((row) => s(row).peakTokens - row.deepAgents.peakTokens, 'max'))} tokens)`,
  ];
}

/**
 * The JSON figures of the long trajectories, per window then per file.
 * @param rows - the measured rows.
 * @returns the figures.
 */
export function longFigures(rows: readonly LongRow[]): Figures {
  const system = (figures: SystemFigures): Figures => ({
    peak: tokens(figures.peakTokens),
    compactionEvents: count(figures.compactionEvents),
    stepsCompacting: count(figures.stepsCompacting),
    stepsCompactingShare: fraction(share(figures.stepsCompacting, figures.steps)),
    promptsOverLimit: count(figures.overLimit),
    orphans: count(figures.orphans),
    goalKept: fraction(figures.goalKept),
    needles: count(figures.needles),
    needlesRecovered: count(figures.needlesRecovered),
    cacheExtending: fraction(figures.cacheExtending),
    steps: count(figures.steps),
  });
  const figures: Figures = {};
  for (const row of rows) {
    const key = `window${row.window / 1024}k`;
    const perWindow = (figures[key] as Figures | undefined) ?? {};
    figures[key] = perWindow;
    perWindow[row.file] = {
      turns: count(row.turns),
      rawPeak: tokens(row.rawPeak),
      ...(row.reportedRatio === undefined
        ? {}
        : {
            rawCountOverProviderPromptTokens: {
              ...fraction(row.reportedRatio),
              note: "median over steps of our o200k_base count of the raw prompt (recovery tools' schemas included) over the provider's own prompt_tokens for the same turn",
            },
          }),
      sightline: system(row.sightline),
      deepAgents: system(row.deepAgents),
    };
  }
  return figures;
}
