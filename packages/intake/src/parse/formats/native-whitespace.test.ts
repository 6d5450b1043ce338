/**
 * gdb's and lldb's frame tokens apart by any horizontal blank (fresh-user trial 37: a tab between a
 * frame's tokens dropped the frame or named it by its location), as an editor or a terminal that
 * keeps tabs, or a web page's no-break spaces, leave them.
 */
import { describe, expect, it } from 'vitest';
import { parseReport } from '../parse-report.js';
import { frameRows } from './native-frames.test-helper.js';

describe('native frames apart by tabs and other blanks', () => {
  it('reads gdb frames with a tab or a no-break space between any of their tokens', () => {
    const spaced = [
      'Program received signal SIGSEGV, Segmentation fault.',
      '#0  0x000055555555513d in parse (buf=0x0) at a.c:3',
      '#1  main () at main.c:9',
      '#2  0x00007ffff7829d90 in __libc_start_call_main () from /lib/x86_64-linux-gnu/libc.so.6',
    ].join('\n');
    const expected = [
      ['parse', 'a.c', 3],
      ['main', 'main.c', 9],
      ['__libc_start_call_main', '/lib/x86_64-linux-gnu/libc.so.6', undefined],
    ];
    expect(frameRows(spaced)).toEqual(expected);
    for (const blank of ['\t', '\u00a0', ' \t ']) {
      expect(frameRows(spaced.replace(/(?<=#\d) +| (?=in |at |from )/g, blank))).toEqual(expected);
    }
    expect(parseReport(spaced.replace(/(?<=#\d) +| (?=in |at |from )/g, '\t')).title).toBe(
      'SIGSEGV: Segmentation fault',
    );
  });

  it('reads lldb frames with a tab after "frame" or before "at"', () => {
    const text = [
      '* thread #1, stop reason = EXC_BAD_ACCESS (code=1, address=0x0)',
      '  * frame #0:\t0x0000000100003f2c app`parse(buf=0x0)\tat parser.c:3:5',
      '    frame\t#1: 0x0000000100003f80 app`main\tat main.c:9:3',
      '    frame #2: 0x00007ff81a2b241f dyld`start + 1903',
    ].join('\n');
    expect(frameRows(text)).toEqual([
      ['parse', 'parser.c', 3],
      ['main', 'main.c', 9],
      ['start', 'dyld', undefined],
    ]);
  });
});
