/**
 * A one-shot command asked for JSON on stdout that is stopped by SIGINT (Ctrl-C) or SIGTERM (a CI
 * job's timeout) prints the same one line of JSON as any other failure (json-error.ts), then ends
 * by the signal as Node does by default, so a shell still sees 130 or 143 (128 + the signal's
 * number). Before, stdout stayed empty and a script reading it learnt nothing (fresh-user trial
 * 39). The long-running commands (`serve`, `worker`, `mcp`) handle the signals themselves (a clean
 * stop, exit 0) and take no such handler.
 */
import { writeSync } from 'node:fs';
import { constants } from 'node:os';
import { jsonErrorLine } from './json-error.js';

/** The signals a one-shot command is stopped by. */
const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const satisfies readonly NodeJS.Signals[];

/** Verbs that run until stopped and handle the signals themselves. */
const LONG_RUNNING = new Set(['serve', 'worker', 'mcp']);

/**
 * Installs, for a one-shot verb, the handlers that print the JSON error line on a stop signal.
 * Each handler runs once: it writes the line synchronously (the process ends next), removes both
 * handlers and sends the signal again, which Node's default action turns into the end of the
 * process by that signal.
 * @param verb - the verb being run (`investigate`, …); nothing is installed for a long-running one.
 * @param write - where the line goes. Default: standard output, synchronously.
 */
export function printJsonOnStopSignal(
  verb: string | undefined,
  write: (text: string) => void = (text) => writeSync(1, text),
): void {
  if (verb === undefined || LONG_RUNNING.has(verb)) return;
  const handlers = new Map<NodeJS.Signals, () => void>();
  for (const signal of STOP_SIGNALS) {
    handlers.set(signal, () => {
      for (const [name, handler] of handlers) process.off(name, handler);
      try {
        write(
          jsonErrorLine({
            code: 'ABORTED',
            message: `Stopped by ${signal} before it finished: its output is missing or incomplete. Run it again to finish.`,
            exitCode: 128 + constants.signals[signal],
          }),
        );
      } catch {
        // A closed or full stdout: the signal still ends the process.
      }
      process.kill(process.pid, signal);
    });
  }
  for (const [signal, handler] of handlers) process.once(signal, handler);
}
