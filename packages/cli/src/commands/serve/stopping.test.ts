import { afterEach, describe, expect, it, vi } from 'vitest';
import { beginStopping, forcedStopLine } from './stopping.js';

/** Sends a signal to the listeners added since `before`, as the process would. */
function emit(signal: NodeJS.Signals, before: Set<unknown>) {
  for (const listener of process.listeners(signal))
    if (!before.has(listener)) (listener as (name: string) => void)(signal);
}

describe('beginStopping', () => {
  const before = new Set<unknown>(process.listeners('SIGINT'));
  afterEach(() => vi.useRealTimers());

  it('says what it waits for, and a second Ctrl-C ends the process at once (130)', async () => {
    // Trial 49: the wait was silent, 6–21 s.
    const lines: string[] = [];
    const exits: number[] = [];
    const stopping = beginStopping('SIGINT', {
      log: (line) => lines.push(line),
      running: () => 1,
      exit: (code) => exits.push(code),
    });
    emit('SIGINT', before);
    await Promise.resolve();
    expect({ lines, exits }).toEqual({
      lines: [
        'Stopping: waiting for 1 running investigation (up to 10 s; Ctrl-C again to stop now; it runs again on the next start)…',
        // The queue had not put its job back yet: the cut-short run counts, and it says so.
        'Stopped by a second SIGINT: the investigation still running was cut short; it runs again on the next start, this run counted as one of its attempts.',
      ],
      exits: [130],
    });
    stopping.closed();
    expect(process.listeners('SIGINT').filter((listener) => !before.has(listener))).toEqual([]);
  });

  it('says on a second signal how many investigations were cut short, or that none was', () => {
    const lines = [0, 1, 2].map((running) => forcedStopLine('SIGTERM', running));
    expect(lines).toEqual([
      'Stopped by a second SIGTERM.',
      'Stopped by a second SIGTERM: the investigation still running was cut short; it runs again on the next start, this run counted as one of its attempts.',
      'Stopped by a second SIGTERM: the 2 investigations still running were cut short; they run again on the next start, this run counted as one of their attempts.',
    ]);
  });

  it('ends the process when investigations outlast the grace, counted from the first signal', () => {
    vi.useFakeTimers();
    const lines: string[] = [];
    const exits: number[] = [];
    let running = 2;
    const stopping = beginStopping('SIGTERM', {
      log: (line) => lines.push(line),
      running: () => running,
      exit: (code) => exits.push(code),
      graceMs: 10_000,
    });
    vi.advanceTimersByTime(4_000);
    stopping.closed();
    vi.advanceTimersByTime(5_999);
    expect(exits).toEqual([]);
    vi.advanceTimersByTime(1);
    expect({ lines, exits }).toEqual({
      lines: [
        'Stopping: waiting for 2 running investigations (up to 10 s; SIGTERM again to stop now; they run again on the next start)…',
        'Stopped without waiting longer; the interrupted investigation runs again on the next start.',
      ],
      exits: [0],
    });
    running = 0;
  });

  it('says nothing and ends nothing when no investigation runs', () => {
    vi.useFakeTimers();
    const lines: string[] = [];
    const exits: number[] = [];
    beginStopping('SIGINT', {
      log: (line) => lines.push(line),
      running: () => 0,
      exit: (code) => exits.push(code),
    }).closed();
    vi.runAllTimers();
    expect({ lines, exits }).toEqual({ lines: [], exits: [] });
  });
});
