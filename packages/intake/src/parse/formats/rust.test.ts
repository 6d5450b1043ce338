/** Rust panics logged by an application's own panic hook (issue #13, intake gaps). */
import { describe, expect, it } from 'vitest';
import { allFrames, parseReport } from '../parse-report.js';

describe('Rust panic hook output', () => {
  it('reads the `{:?}` location of a panic hook as a frame, with the panic message', () => {
    const text = [
      '[2026-03-02T10:14:03Z ERROR tui] app panicked',
      'panic: PanicHookInfo { payload: Any { .. }, message: Some(attempt to subtract with overflow), location: Location { file: "src/components/commitlist.rs", line: 622, col: 28 }, can_unwind: true, force_no_backtrace: false }',
    ].join('\n');
    const report = parseReport(text);
    expect(report.source.format).toBe('rust');
    expect(report.exceptions[0]?.message).toBe('attempt to subtract with overflow');
    expect(allFrames(report.exceptions)).toEqual([
      {
        file: 'src/components/commitlist.rs',
        line: 622,
        column: 28,
        inApp: true,
        raw: expect.stringContaining('commitlist.rs'),
      },
    ]);
  });

  it('reads a bare `Location` line too', () => {
    const report = parseReport(
      'error: crashed at Location { file: "src/app.rs", line: 12, col: 5 }',
    );
    expect(allFrames(report.exceptions).map((frame) => [frame.file, frame.line])).toEqual([
      ['src/app.rs', 12],
    ]);
    expect(report.exceptions[0]?.message).toBe('error: crashed at');
  });
});
