/**
 * A trace quoted in Markdown under a sentence of the reporter's (`> java.lang.…`, `>     at …`)
 * is read as the trace it is: its JVM frames were read loosely as V8's, and its exception line
 * was left unread ("a stack trace of an unnamed error").
 */
import { describe, expect, it } from 'vitest';
import { withoutQuoteMarkers } from './lines.js';
import { parseReport } from './parse-report.js';

const quote = (lines: string[]) => lines.map((line) => `> ${line}`);

const JVM = [
  "java.lang.NullPointerException: Attempt to invoke virtual method 'java.lang.String android.content.Context.getString(int)' on a null object reference",
  '    at com.example.app.SettingsFragment.onResume(SettingsFragment.java:42)',
  '    at androidx.fragment.app.Fragment.performResume(Fragment.java:3039)',
  '    at android.app.Activity.performResume(Activity.java:7939)',
];

const PYTHON = [
  'Traceback (most recent call last):',
  '  File "app/cli.py", line 12, in <module>',
  '    main()',
  '  File "app/cli.py", line 8, in main',
  '    load(path)',
  "KeyError: 'port'",
];

const V8 = [
  "TypeError: Cannot read properties of undefined (reading 'total')",
  '    at cartTotal (/srv/shop/src/cart.ts:12:20)',
  '    at checkout (/srv/shop/src/checkout.ts:7:45)',
];

const report = (lines: string[]) =>
  parseReport(
    ['The app crashes when I open settings:', '', ...lines, '', 'Please fix.'].join('\n'),
  );

describe('a trace quoted under a sentence', () => {
  it('is read as its own language, exception line and all', () => {
    for (const [lines, format, type, first] of [
      [JVM, 'java', 'java.lang.NullPointerException', 'SettingsFragment.java'],
      [PYTHON, 'python', 'KeyError', 'app/cli.py'],
      [V8, 'v8', 'TypeError', '/srv/shop/src/cart.ts'],
    ] as const) {
      const quoted = report(quote(lines));
      expect(quoted.source?.format).toBe(format);
      expect(quoted.exceptions[0]?.type).toBe(type);
      expect(quoted.exceptions[0]?.frames.some((frame) => frame.file?.endsWith(first))).toBe(true);
      // As it is read when it is not quoted; the body is kept as written.
      expect(quoted.title).toBe(report(lines).title);
      expect(quoted.body).toContain(`> ${lines[1]}`);
    }
  });

  it('is read quoted twice, as an e-mail reply quotes a reply', () => {
    const text = ['Bob wrote:', '> Alice wrote:', '> > It crashes:', ...quote(quote(JVM))].join(
      '\n',
    );
    expect(parseReport(text)).toMatchObject({
      source: { format: 'java' },
      exceptions: [{ type: 'java.lang.NullPointerException' }],
    });
  });

  it('leaves a trace that is not quoted as it was, beside a quoted reply', () => {
    const text = ['> Does it still crash on 2.3?', '', 'Yes:', '', ...JVM].join('\n');
    expect(parseReport(text)).toMatchObject({
      source: { format: 'java' },
      exceptions: [{ type: 'java.lang.NullPointerException' }],
    });
  });
});

describe('withoutQuoteMarkers', () => {
  it('takes the quote markers off the quoted lines, and is null when none is quoted', () => {
    expect(withoutQuoteMarkers(['Text:', '> > a', '>b', '   > c', '    > code'])).toEqual([
      'Text:',
      'a',
      'b',
      'c',
      '    > code',
    ]);
    expect(withoutQuoteMarkers(['a', 'b > c'])).toBeNull();
  });
});
