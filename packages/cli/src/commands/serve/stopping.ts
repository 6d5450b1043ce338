/**
 * What `sightline serve` says and does between a stop signal and its end. The queue waits up
 * to 2 s for a running investigation to honour the stop, then puts its job back as it was (it
 * runs again on the next start, the attempt not counted; queue/types.ts), but the
 * investigation's work goes on until it ends, and the process with it: 6 to 21 s in silence
 * (fresh-user trial 49). Now the first Ctrl-C says what it waits for, a second one ends the
 * process at once, and the wait has a bound. A second one ends it before the queue put the running
 * jobs back, so their cut-short run counts as an attempt (as a killed process's does): it says so.
 */
import { constants } from 'node:os';
import { untilSignal } from '../../run/until-signal.js';

/** Longest wait, from the first stop signal, for running investigations to end: 10 s. */
export const STOP_GRACE_MS = 10_000;

/** Options of {@link beginStopping}. */
export interface StoppingOptions {
  /** One line to stderr. */
  log: (line: string) => void;
  /** Investigations the service is running now. */
  running: () => number;
  /**
   * Ends the process now. Default: none, so the process ends when the investigations' work does
   * (in-process tests, which must not end).
   */
  exit?: ((code: number) => void) | undefined;
  /** Longest wait for running investigations. Default {@link STOP_GRACE_MS}. */
  graceMs?: number;
}

/** A stop under way: {@link beginStopping}'s answer. */
export interface Stopping {
  /**
   * Called once the service has closed: ends the process after what is left of the grace if
   * investigations still run, and stops listening for a second signal (Node's default then ends
   * the process at once).
   */
  closed(): void;
}

/**
 * Says on stderr, at once, what the stop waits for, and listens for a second SIGINT or SIGTERM,
 * which ends the process at once (exit 130 or 143, as Node's default would).
 * @param signal - the signal that began the stop.
 */
export function beginStopping(
  signal: NodeJS.Signals,
  { log, running, exit, graceMs = STOP_GRACE_MS }: StoppingOptions,
): Stopping {
  const started = Date.now();
  const count = running();
  const listening = new AbortController();
  if (count > 0) {
    const what = count === 1 ? '1 running investigation' : `${count} running investigations`;
    const again = signal === 'SIGINT' ? 'Ctrl-C' : signal;
    log(
      `Stopping: waiting for ${what} (up to ${Math.round(graceMs / 1000)} s; ${again} again to stop now; ${count === 1 ? 'it runs' : 'they run'} again on the next start)…`,
    );
  }
  void untilSignal(listening.signal).then((second) => {
    log(forcedStopLine(second, running()));
    exit?.(128 + constants.signals[second]);
  });
  return {
    closed() {
      listening.abort();
      if (!exit || running() === 0) return;
      const left = Math.max(0, graceMs - (Date.now() - started));
      // Unreferenced: work that ends sooner ends the process sooner.
      setTimeout(() => {
        log(
          'Stopped without waiting longer; the interrupted investigation runs again on the next start.',
        );
        exit(0);
      }, left).unref();
    },
  };
}

/**
 * The line a second stop signal prints. It comes before the queue has put the running jobs back
 * (that happens as the service closes, and then this signal is no longer listened for), so an
 * investigation still running is left `active` as a killed process leaves it: it runs again on the
 * next start, with this cut-short run counted as one of its attempts (queue/sqlite-queue.ts).
 * @param signal - the second signal.
 * @param running - investigations still running when it came.
 */
export function forcedStopLine(signal: NodeJS.Signals, running: number): string {
  if (running === 0) return `Stopped by a second ${signal}.`;
  const what =
    running === 1
      ? 'the investigation still running was cut short; it runs'
      : `the ${running} investigations still running were cut short; they run`;
  return `Stopped by a second ${signal}: ${what} again on the next start, this run counted as one of ${running === 1 ? 'its' : 'their'} attempts.`;
}
