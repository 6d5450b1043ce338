/**
 * Rust symbols in lldb's and gdb's frames lose their hash as a Rust panic's backtrace does
 * (fresh-user trial 37: lldb named a frame `app::main::h1a2b3c4d5e6f7a8b`).
 */
import { describe, expect, it } from 'vitest';
import { allFrames, parseReport } from '../parse-report.js';

const namesOf = (text: string) =>
  allFrames(parseReport(text).exceptions).map((frame) => frame.function);

describe('Rust symbols in debugger frames', () => {
  it('drops the ::h<16 hex> hash in lldb and gdb frames, as in a panic backtrace', () => {
    const lldb = [
      "* thread #1, name = 'main', stop reason = EXC_BAD_ACCESS (code=1, address=0x0)",
      '  * frame #0: 0x0000000100003f2c app`app::parse::h1a2b3c4d5e6f7a8b(input=&str @ 0x00007ff7bfeff3a0) at main.rs:3:5',
      '    frame #1: 0x0000000100003f80 app`app::main::h0123456789abcdef at main.rs:9:5',
      '    frame #2: 0x0000000100003fa0 app`core::ops::function::FnOnce::call_once::hfedcba9876543210((*mut fn()), ()) at function.rs:250:5',
    ].join('\n');
    const gdb = [
      'Program received signal SIGSEGV, Segmentation fault.',
      '#0  0x000055555555b13d in app::parse::h1a2b3c4d5e6f7a8b (input=...) at src/main.rs:3',
      '#1  0x000055555555b200 in app::main::h0123456789abcdef () at src/main.rs:9',
    ].join('\n');
    const panic = [
      "thread 'main' panicked at src/main.rs:3:5:",
      'index out of bounds',
      'stack backtrace:',
      '   0: app::parse::h1a2b3c4d5e6f7a8b',
      '             at ./src/main.rs:3:5',
      '   1: app::main::h0123456789abcdef',
      '             at ./src/main.rs:9:5',
    ].join('\n');
    expect(namesOf(lldb)).toEqual([
      'app::parse',
      'app::main',
      'core::ops::function::FnOnce::call_once',
    ]);
    expect(namesOf(gdb)).toEqual(['app::parse', 'app::main']);
    expect(namesOf(panic)).toEqual(['app::parse', 'app::main']);
    // Only a hash of 16 hex digits after `::h` is one.
    expect(namesOf(gdb.replace('h0123456789abcdef', 'h0123'))).toEqual([
      'app::parse',
      'app::main::h0123',
    ]);
  });
});
