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

describe('Rust panic lines as reporters paste them', () => {
  it("reads a text UI's panic, each line indented where the last one ended (raw mode)", () => {
    // Trial 49: a terminal UI's panic printed in raw mode, copied from the terminal.
    const text = [
      '```',
      ' ─ total space: 0 released space:0',
      "  thread 'main' panicked at src/app.rs:354:39:",
      `${' '.repeat(46)}index out of bounds: the len is 0 but the index is 0`,
      `${' '.repeat(98)}note: run with \`RUST_BACKTRACE=1\` environment variable to display a backtrace`,
      '```',
    ].join('\n');
    const report = parseReport(text);
    expect(report.exceptions).toEqual([
      {
        type: 'panic',
        message: 'index out of bounds: the len is 0 but the index is 0',
        frames: [expect.objectContaining({ file: 'src/app.rs', line: 354, column: 39 })],
      },
    ]);
  });

  it('reads `panicked at` with a location when the reporter left out its thread', () => {
    const report = parseReport(
      'panicked at src/buffer.rs:88:17:\nbyte index 54 is out of bounds of `let x`',
    );
    expect(report.exceptions[0]?.message).toBe('byte index 54 is out of bounds of `let x`');
    expect(allFrames(report.exceptions).map((frame) => [frame.file, frame.line])).toEqual([
      ['src/buffer.rs', 88],
    ]);
  });

  it('reads no panic from prose that says an app panicked', () => {
    const report = parseReport('The app panicked at startup.\npanicked at launch, every time');
    expect(report.exceptions).toEqual([]);
  });
});

describe('Rust panic lines of Rust before 1.73 pasted without their thread', () => {
  it("reads `panicked at 'message', file:line:column`", () => {
    const report = parseReport("panicked at 'boom', src/main.rs:42:18");
    expect(report.exceptions[0]?.message).toBe('boom');
    expect(allFrames(report.exceptions).map((frame) => [frame.file, frame.line])).toEqual([
      ['src/main.rs', 42],
    ]);
    expect(parseReport("it panicked at 'startup', they said").exceptions).toEqual([]);
  });
});
