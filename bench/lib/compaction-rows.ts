/**
 * Rows of `bench:compaction`: what one replayed trajectory measured, as a README table row and as
 * JSON figures.
 */
import { promptTokenLimit } from '@sightline/compaction';
import type { ReplayMeasurement, ReplayStep } from '@sightline/compaction/testing';
import type { ModelProfile } from '@sightline/core';
import { type Figures, fraction, markdownTable, msFigure } from './results.js';
import { median } from './stats.js';

/**
 * A token count figure.
 * @param value - tokens.
 * @returns `{ value, unit: 'tokens' }`.
 */
export const tokens = (value: number) => ({ value, unit: 'tokens' });
/**
 * A count figure.
 * @param value - how many.
 * @returns `{ value, unit: 'count' }`.
 */
export const count = (value: number) => ({ value, unit: 'count' });

/** What one replayed trajectory measured. */
export interface Row {
  file: string;
  bytes: number;
  measurement: ReplayMeasurement;
  orphans: number;
  rawOrphans: number;
  goalKept: number;
  recovered: number;
  stepMs: number;
  /** Steps at which a mask, truncation or summary ran (re-compactions cost a prompt-cache miss). */
  compactingSteps: number;
  /** `context-over-limit` warnings. */
  overLimit: number;
}

/**
 * Condenses a replay measurement into a row.
 * @param file - trajectory file name.
 * @param bytes - its size.
 * @param measurement - what `measureReplay` returned.
 * @returns the row.
 */
export function summarize(file: string, bytes: number, measurement: ReplayMeasurement): Row {
  const orphansOf = (steps: readonly ReplayStep[]) =>
    steps.reduce(
      (sum, step) => sum + step.orphanToolCalls.length + step.orphanToolResults.length,
      0,
    );
  const { compacted, raw, needles } = measurement;
  const times = compacted.steps.flatMap((step) =>
    step.prepareStepMs === undefined ? [] : [step.prepareStepMs],
  );
  return {
    file,
    bytes,
    measurement,
    orphans: orphansOf(compacted.steps),
    rawOrphans: orphansOf(raw.steps),
    goalKept: compacted.steps.filter((step) => step.goalPresent).length / compacted.steps.length,
    recovered: needles.filter((needle) => needle.foundBySearch && needle.inStore).length,
    stepMs: times.length > 0 ? median(times) : 0,
    compactingSteps: new Set(
      measurement.events
        .filter(
          (event) => event.type !== 'tool-result-offload' && event.type !== 'context-over-limit',
        )
        .map((event) => event.step),
    ).size,
    overLimit: measurement.eventCounts['context-over-limit'],
  };
}

/**
 * The README table of the trajectories.
 * @param rows - one per trajectory.
 * @param profile - the replay profile (window for the share column).
 * @returns a Markdown table.
 */
export function trajectoryTable(rows: readonly Row[], profile: ModelProfile): string {
  return markdownTable(
    [
      'trajectory',
      'turns',
      'raw peak',
      'compacted peak (ratio; share of window)',
      'offloads / masks / truncations / summaries',
      'steps compacting',
      'over limit',
      'needles',
      'orphans',
      'goal kept',
      'prepareStep median',
    ],
    rows.map((row) => {
      const { raw, compacted, eventCounts, needles: checks, turns } = row.measurement;
      return [
        row.file,
        turns,
        raw.peakTokens.toLocaleString('en-US'),
        `${compacted.peakTokens.toLocaleString('en-US')} (${(compacted.peakTokens / raw.peakTokens).toFixed(2)}; ${Math.round((compacted.peakTokens / profile.contextWindow) * 100)} %)`,
        [
          eventCounts['tool-result-offload'],
          eventCounts['tool-result-mask'],
          eventCounts['tool-input-truncate'],
          eventCounts['history-summarize'],
        ].join(' / '),
        `${row.compactingSteps} of ${turns}`,
        row.overLimit,
        `${row.recovered}/${checks.length}`,
        row.orphans,
        `${Math.round(row.goalKept * 100)} %`,
        `${row.stepMs.toFixed(1)} ms`,
      ];
    }),
  );
}

/**
 * The JSON figures of one trajectory.
 * @param row - its row.
 * @param profile - the replay profile.
 * @returns the figures, per-step context tokens included.
 */
export function trajectoryFigures(row: Row, profile: ModelProfile): Figures {
  const { raw, compacted, eventCounts, needles } = row.measurement;
  return {
    rawPeak: tokens(raw.peakTokens),
    compactedPeak: tokens(compacted.peakTokens),
    peakRatio: fraction(compacted.peakTokens / raw.peakTokens),
    compactedPeakOfWindow: fraction(compacted.peakTokens / profile.contextWindow),
    offloads: count(eventCounts['tool-result-offload']),
    masks: count(eventCounts['tool-result-mask']),
    truncations: count(eventCounts['tool-input-truncate']),
    summaries: count(eventCounts['history-summarize']),
    compactingSteps: count(row.compactingSteps),
    overLimitWarnings: count(row.overLimit),
    promptLimit: tokens(promptTokenLimit(profile)),
    needles: count(needles.length),
    needlesRecovered: count(row.recovered),
    orphans: count(row.orphans),
    goalKept: fraction(row.goalKept),
    prepareStepMedian: {
      ...msFigure(row.stepMs),
      runs: compacted.steps.length,
      statistic: 'median',
    },
    perStep: Object.fromEntries(
      raw.steps.map((step, index) => [
        String(step.step),
        {
          raw: tokens(step.contextTokens),
          compacted: tokens(compacted.steps[index]?.contextTokens ?? 0),
        },
      ]),
    ),
  };
}
