/**
 * The prompts of debuggers are commands, never titles (fresh-user trial 37: `pwndbg> bt`,
 * `gef➤  bt`, a quoted `> (gdb) bt` and a report of only `(gdb) bt` were titled by the prompt).
 */
import { describe, expect, it } from 'vitest';
import { parseReport } from '../parse-report.js';

const gdb = [
  '#0  0x00005555555551a9 in parse_header (buf=0x0) at parser.c:42',
  '#1  0x0000555555555200 in main () at main.c:17',
];
const lldb = [
  "* thread #1, queue = 'com.apple.main-thread', stop reason = breakpoint 1.1",
  '  * frame #0: 0x0000000100003f2c demo`parse_header(buf=0x00007ff7bfeff3a0) at parser.c:42:9',
  '    frame #1: 0x0000000100003e80 demo`main(argc=1, argv=0x00007ff7bfeff4f8) at main.c:17:5',
];

describe('debugger prompts', () => {
  it.each([
    ['pwndbg> bt', gdb],
    ['gef➤  bt', gdb],
    ['gdb-peda$ bt', gdb],
    ['(rr) bt', gdb],
  ])('titles a session opened by %j by where it stopped', (prompt, frames) => {
    expect(parseReport([prompt, ...frames].join('\n'))).toMatchObject({
      kind: 'crash',
      title: 'Backtrace in parse_header (parser.c:42)',
    });
  });

  it('reads a session quoted in Markdown, and titles it by where it stopped', () => {
    for (const [prompt, frames] of [
      ['(gdb) bt', gdb],
      ['(lldb) bt', lldb],
    ] as const) {
      const quoted = [prompt, ...frames].map((line) => `> ${line}`).join('\n');
      const report = parseReport(quoted);
      expect(report).toMatchObject({
        kind: 'crash',
        title: 'Backtrace in parse_header (parser.c:42)',
      });
      expect(report.exceptions[0]?.frames.map((frame) => frame.function)).toEqual([
        'parse_header',
        'main',
      ]);
      expect(report.body).toBe(quoted);
    }
  });

  it('titles a report of prompts alone as a session with no output, fenced or quoted', () => {
    for (const text of [
      '(gdb) bt',
      '(lldb) bt\n(lldb) frame variable\n',
      'pwndbg> bt',
      '> (gdb) bt',
    ]) {
      expect(parseReport(text).title).toBe('Debugger session with no output');
    }
    expect(parseReport('```\n(gdb) bt\n```').title).toBe('Debugger session with no output');
    // A line beside the prompts is the title.
    expect(parseReport('gef➤  bt\nNo stack.').title).toBe('No stack.');
  });
});
