/** Go goroutine traces (issue #13, intake gaps). */
import { describe, expect, it } from 'vitest';
import { allFrames, parseReport } from '../parse-report.js';

describe('Go traces', () => {
  it('does not read the `created by` line as a caller frame', () => {
    const text = [
      'panic: runtime error: invalid memory address or nil pointer dereference',
      '[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x4a1b2c]',
      '',
      'goroutine 23 [running]:',
      'github.com/acme/queue/worker.(*Pool).handle(0xc000120000, {0x0, 0x0})',
      '\t/home/ci/queue/worker/pool.go:88 +0x2c',
      'created by github.com/acme/queue/worker.(*Pool).Start in goroutine 1',
      '\t/home/ci/queue/worker/pool.go:41 +0x85',
    ].join('\n');
    const frames = allFrames(parseReport(text).exceptions);
    expect(frames.map((frame) => [frame.function, frame.line])).toEqual([['(*Pool).handle', 88]]);
  });
});
