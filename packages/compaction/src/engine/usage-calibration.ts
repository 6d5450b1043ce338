/**
 * Calibration of our exact gpt-tokenizer counts against the input tokens a provider reports.
 *
 * Anthropic and Google tokenizers are private and every provider wraps messages and tool schemas
 * its own way, so our count of a prompt differs from the billed `usage.inputTokens` by a roughly
 * constant factor for a given model. The calibration keeps that factor as the ratio of sums over
 * the last `window` steps (a sum ratio weighs big prompts more, which is where the trigger matters).
 *
 * An observation whose own ratio is outside `[min, max]` is discarded, not clamped: tokenizers of
 * one family differ by tens of percent, not by factors of two, so such a report measures something
 * else — a mocked or scripted model (the investigator's test doubles report 10 input tokens), a
 * provider that counts cached tokens apart, a truncated prompt. Clamping it would pull the ratio to
 * the bound (0.5 halves every count, so compaction would trigger at twice its threshold).
 */
import { SightlineError } from '@sightline/core';

/** Options of {@link createUsageCalibration}. */
export interface UsageCalibrationOptions {
  /** Smallest plausible ratio; observations below it are ignored. Default 0.5. */
  min?: number;
  /** Largest plausible ratio; observations above it are ignored. Default 2. */
  max?: number;
  /** Number of recent steps the ratio is computed over. Default 10. */
  window?: number;
}

/** A running ratio of reported to counted prompt tokens. */
export interface UsageCalibration {
  /**
   * Records one step.
   * @param counted - our count of the prompt sent at that step (tokens, > 0).
   * @param reported - `usage.inputTokens` the provider reported for it; `undefined`, and a report
   * whose ratio to `counted` is outside `[min, max]`, are ignored.
   */
  observe(counted: number, reported: number | undefined): void;
  /** Current ratio reported ÷ counted over the kept observations; 1 before any. */
  readonly ratio: number;
  /**
   * Scales a count by the current ratio.
   * @param tokens - our exact count.
   * @returns the estimate of what the provider will bill, rounded up.
   */
  scale(tokens: number): number;
}

/**
 * Creates a calibration.
 * @param options - `min` (default 0.5), `max` (default 2), `window` (default 10 steps).
 * @returns a {@link UsageCalibration} starting at ratio 1.
 * @throws SightlineError `INVALID_ARGUMENT` when `0 < min ≤ 1 ≤ max` or `window ≥ 1` does not hold.
 * @example
 * const calibration = createUsageCalibration();
 * calibration.observe(counted, step.usage.inputTokens);
 * const estimate = calibration.scale(await countPromptTokens(parts).then((p) => p.total));
 */
export function createUsageCalibration({
  min = 0.5,
  max = 2,
  window = 10,
}: UsageCalibrationOptions = {}): UsageCalibration {
  if (!(min > 0 && min <= 1 && max >= 1) || !Number.isInteger(window) || window < 1) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: `Usage calibration needs 0 < min ≤ 1 ≤ max and an integer window ≥ 1; got min ${min}, max ${max}, window ${window}.`,
    });
  }
  const steps: Array<[counted: number, reported: number]> = [];
  let ratio = 1;
  return {
    observe(counted, reported) {
      if (reported === undefined || !(counted > 0) || !(reported > 0)) return;
      const own = reported / counted;
      if (own < min || own > max) return;
      steps.push([counted, reported]);
      if (steps.length > window) steps.shift();
      const sumCounted = steps.reduce((sum, [value]) => sum + value, 0);
      const sumReported = steps.reduce((sum, [, value]) => sum + value, 0);
      // Every kept ratio is within [min, max], so their weighted mean is too.
      ratio = sumReported / sumCounted;
    },
    get ratio() {
      return ratio;
    },
    scale(tokens) {
      return Math.ceil(tokens * ratio);
    },
  };
}
