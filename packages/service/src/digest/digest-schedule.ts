/**
 * When the digest goes out: a cron expression (`serve --digest "0 8 * * *"`, five fields: minute,
 * hour, day of month, month, day of week; or a nickname such as `@daily`), read and timed by
 * croner, in the machine's time zone unless one is named. A run still sending when the next is
 * due is skipped, not stacked.
 */
import { SightlineError } from '@sightline/core';
import { Cron } from 'croner';

/** A scheduled digest. */
export interface DigestSchedule {
  /** The next time it runs. */
  nextRun(): Date | null;
  /** Stops the schedule (a run in progress finishes). */
  stop(): void;
}

/** Options of {@link scheduleDigest}. */
export interface DigestScheduleOptions {
  /** IANA time zone the expression is read in (`Europe/Berlin`). Default: the machine's. */
  timezone?: string;
  /** Receives what a run threw (the schedule goes on). */
  onError?: (error: unknown) => void;
}

/**
 * Checks a cron expression and a time zone without scheduling anything.
 * @throws SightlineError `INVALID_ARGUMENT` saying what a cron expression (or a time zone) looks like.
 */
export function checkDigestSchedule(expression: string, timezone?: string): void {
  cronOptions(expression, timezone);
}

/**
 * Runs `send` at every time the expression names.
 * @throws SightlineError `INVALID_ARGUMENT` for an expression or time zone croner cannot read.
 */
export function scheduleDigest(
  expression: string,
  send: () => Promise<unknown>,
  { timezone, onError = () => {} }: DigestScheduleOptions = {},
): DigestSchedule {
  const { pattern, options } = cronOptions(expression, timezone);
  const job = new Cron(
    pattern,
    { ...options, protect: true, unref: true, catch: (error) => onError(error) },
    async () => {
      await send();
    },
  );
  return { nextRun: () => job.nextRun(), stop: () => job.stop() };
}

/** The expression and croner's options, checked by building a paused job. */
function cronOptions(expression: string, timezone: string | undefined) {
  const pattern = expression.trim();
  // croner reads a date as a one-off run: only a cron expression or a nickname is a schedule.
  if (!pattern.startsWith('@') && pattern.split(/\s+/).length < 5) throw invalid(expression);
  const options = { mode: '5-or-6-parts' as const, ...(timezone ? { timezone } : {}) };
  try {
    // A time zone is only read when a run time is computed.
    const probe = new Cron(pattern, { ...options, paused: true });
    probe.nextRun();
    probe.stop();
  } catch (error) {
    if (timezone && /time ?zone/i.test(String(error))) {
      throw new SightlineError({
        code: 'INVALID_ARGUMENT',
        message: `--digest-timezone "${timezone}" is not a time zone: name an IANA zone such as Europe/Berlin or UTC.`,
      });
    }
    throw invalid(expression, error);
  }
  return { pattern, options };
}

function invalid(expression: string, cause?: unknown): SightlineError {
  return new SightlineError({
    code: 'INVALID_ARGUMENT',
    message: `--digest "${expression}" is not a cron expression${cause instanceof Error ? ` (${cause.message})` : ''}: give five fields — minute hour day-of-month month day-of-week — e.g. "0 8 * * *" for 08:00 every day or "30 7 * * 1-5" for 07:30 on weekdays.`,
    ...(cause !== undefined ? { cause } : {}),
  });
}
