import { seededRandom } from '@sightline/core/testing';
import { describe, expect, it } from 'vitest';
import { regexRuns } from '../regex-runs.test-helper.js';
import { createBacktraceReader } from './rust-backtrace.js';
import { LOCATION_DEBUG } from './rust-panic-hook.js';

const PANIC = "thread 'main' panicked at src/main.rs:2:5:";

describe('createBacktraceReader', () => {
  it('gives each panic the backtrace a reading of its own gives, on random logs', () => {
    const parts = [
      PANIC,
      'stack backtrace:',
      '  stack backtrace:  ',
      '   0: app::main::h0123456789abcdef',
      '             at ./src/main.rs:3:5',
      '   1: std::rt::lang_start',
      'location: Location { file: "src/a.rs", line: 1, col: 2 }',
      'note: run with `RUST_BACKTRACE=1`',
      '',
      'x',
    ];
    const random = seededRandom(6);
    for (let count = 0; count < 300; count++) {
      const length = 1 + Math.floor(random() * 500);
      const lines = Array.from({ length }, () => parts[Math.floor(random() * parts.length)] ?? '');
      const shared = createBacktraceReader(lines);
      lines.forEach((line, index) => {
        if (!line.startsWith('thread') && !LOCATION_DEBUG.test(line)) return;
        expect(shared(index)).toEqual(createBacktraceReader(lines)(index));
      });
    }
  });

  it('reads the lines below all panics once, not 200 lines for each', () => {
    const hook = 'location: Location { file: "src/a.rs", line: 1, col: 2 }';
    const lines = [...Array.from({ length: 10_000 }, () => hook), 'stack backtrace:', '  0: a'];
    const runs = regexRuns(() => {
      const read = createBacktraceReader(lines);
      for (let index = 0; index < lines.length; index++) read(index);
    });
    expect(runs).toBeLessThan(3 * lines.length);
    // Each panic within reach of the backtrace still has it.
    const read = createBacktraceReader(lines);
    expect(read(9_800)).toEqual([]);
    expect(read(9_900).map((frame) => frame.function)).toEqual(['a']);
  });
});
