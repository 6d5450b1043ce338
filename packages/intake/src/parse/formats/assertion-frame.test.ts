/**
 * A failed assert with no message line (fresh-user trial 37: a `bt` through `__assert_fail` was
 * titled `Backtrace in …`). The backtraces are written for these tests in the shapes gdb 13 and
 * lldb 17 print on glibc 2.35 and macOS 14.
 */
import { describe, expect, it } from 'vitest';
import { parseReport } from '../parse-report.js';

const titleAndException = (text: string) => {
  const report = parseReport(text);
  const [first] = report.exceptions;
  return [report.title, first?.type, first?.message];
};

describe('a failed assert read from its frame', () => {
  it("titles a gdb session by glibc's __assert_fail and its named arguments", () => {
    const text = [
      '(gdb) bt',
      '#0  __pthread_kill_implementation (no_tid=0, signo=6, threadid=140737351481152) at ./nptl/pthread_kill.c:44',
      '#1  0x00007ffff7c42476 in __GI_raise (sig=sig@entry=6) at ../sysdeps/posix/raise.c:26',
      '#2  0x00007ffff7c287f3 in __GI_abort () at ./stdlib/abort.c:79',
      '#3  0x00007ffff7c2871b in __assert_fail_base (fmt=0x7ffff7ddd130 "%s%s%s:%u: %s%sAssertion `%s\' failed.\\n%n", assertion=assertion@entry=0x555555556004 "len > 0", ',
      '    file=file@entry=0x555555556010 "parser.c", line=line@entry=42, function=function@entry=0x555555556020 <__PRETTY_FUNCTION__.0> "parse") at ./assert/assert.c:92',
      '#4  0x00007ffff7c39e96 in __GI___assert_fail (assertion=0x555555556004 "len > 0", file=0x555555556010 "parser.c", line=42, function=0x555555556020 <__PRETTY_FUNCTION__.0> "parse") at ./assert/assert.c:101',
      '#5  0x0000555555555189 in parse (buf=0x555555556030 "", len=0) at parser.c:42',
      '#6  0x00005555555551c0 in main () at main.c:9',
    ].join('\n');
    expect(titleAndException(text)).toEqual([
      'Assertion failed: len > 0 (parser.c:42)',
      'Assertion failed',
      'len > 0',
    ]);
    // Without the session's prompt, and through `__assert_fail_base` alone.
    expect(titleAndException(text.split('\n').slice(1, 6).join('\n'))).toEqual([
      'Assertion failed: len > 0 (parser.c:42)',
      'Assertion failed',
      'len > 0',
    ]);
  });

  it('reads bare argument values, a quoted condition with commas, and keeps a message line first', () => {
    const text = [
      '#0  0x00007ffff7a42e97 in raise () from /lib/x86_64-linux-gnu/libc.so.6',
      '#1  0x00007ffff7a44801 in abort () from /lib/x86_64-linux-gnu/libc.so.6',
      '#2  0x00007ffff7a3439a in __assert_fail ("len > 0", "parser.c", 42, ...) from /lib/x86_64-linux-gnu/libc.so.6',
      '#3  0x0000555555555189 in parse (buf=0x0, len=0) at src/parser.c:42',
    ].join('\n');
    expect(titleAndException(text)).toEqual([
      'Assertion failed: len > 0 (parser.c:42)',
      'Assertion failed',
      'len > 0',
    ]);
    const commas = text.replace('"len > 0"', '"f(a, b) == \\"x,y\\""');
    expect(parseReport(commas).title).toBe('Assertion failed: f(a, b) == "x,y" (parser.c:42)');
    const withLine = `demo: parser.c:42: parse: Assertion \`len > 0 && buf' failed.\n${text}`;
    expect(parseReport(withLine).title).toBe('Assertion failed: len > 0 && buf');
  });

  it("titles an lldb session by macOS's __assert_rtn, where the calling frame is", () => {
    const text = [
      '(lldb) bt',
      "* thread #1, queue = 'com.apple.main-thread'",
      '  * frame #0: 0x00007ff80e1f51f2 libsystem_kernel.dylib`__pthread_kill + 10',
      '    frame #1: 0x00007ff80e22cee6 libsystem_pthread.dylib`pthread_kill + 263',
      '    frame #2: 0x00007ff80e153b45 libsystem_c.dylib`abort + 123',
      '    frame #3: 0x00007ff80e152e5e libsystem_c.dylib`__assert_rtn + 314',
      '    frame #4: 0x0000000100003f2c demo`parse(buf="", len=0) at parser.c:42:3',
      '    frame #5: 0x0000000100003f80 demo`main at main.c:9:3',
    ].join('\n');
    expect(titleAndException(text)).toEqual([
      'Assertion failed (parser.c:42)',
      'Assertion failed',
      '',
    ]);
    const withArguments = text.replace(
      '__assert_rtn + 314',
      '__assert_rtn(func="parse", file="parser.c", line=42, expr="len > 0") at assert.c:96:3',
    );
    expect(parseReport(withArguments).title).toBe('Assertion failed: len > 0 (parser.c:42)');
  });
});
