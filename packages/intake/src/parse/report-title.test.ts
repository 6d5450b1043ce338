import { describe, expect, it } from 'vitest';
import { parseReports } from './parse-report.js';
import { LONG_WORD_TITLE, MAX_LISTED_TITLE_CHARS, reportTitle } from './report-title.js';

describe('reportTitle', () => {
  it('keeps a short title as it is', () => {
    const [report] = parseReports({ title: 'Crash on start', body: 'It crashes.' });
    expect(report && reportTitle(report)).toBe('Crash on start');
  });

  it('lists a title of any format in 200 characters at most, none of a word too long for them', () => {
    // Issue JSON and review rows keep their title as given; 60,000 characters came through.
    const long = 'A'.repeat(60_000);
    for (const input of [
      { title: long, body: 'It crashes.' },
      `${JSON.stringify({ title: long, text: 'it crashes', rating: 1 })}\n`,
      `${JSON.stringify({ text: long, rating: 1 })}\n`,
      long,
    ]) {
      const [report] = parseReports(input);
      expect(report && reportTitle(report)).toBe(LONG_WORD_TITLE);
      const words = report && reportTitle({ ...report, title: 'A '.repeat(30_000) });
      expect(words).toBe(`${'A '.repeat(99)}A…`);
      expect(words?.length).toBeLessThanOrEqual(MAX_LISTED_TITLE_CHARS);
    }
  });

  it('falls back to the first exception, then the first line', () => {
    const [crash] = parseReports('TypeError: x is undefined\n    at f (src/a.js:1:2)\n');
    expect(crash && reportTitle(crash)).toBe('TypeError: x is undefined');
  });

  it('gives every format one line: whitespace collapsed, bidirectional controls removed', () => {
    // Fresh-user trial 37: a JSON title kept its tab and line break, and a right-to-left override.
    const bidi =
      '\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c\u200b\u2060\ufeff';
    const title = `Crash\tin\nparser\r\n\u0085 on ${bidi}save\u202e.exe`;
    for (const input of [
      { title, body: 'It crashes.' },
      JSON.stringify({ title, body: 'It crashes.' }),
      `${JSON.stringify({ title, text: 'it crashes', rating: 1 })}\n`,
      // A message's title is its first line: its line breaks here are tabs.
      {
        exception: { values: [{ type: 'Error', value: title.replace(/[\r\n]+/g, '\t') }] },
        platform: 'javascript',
      },
      `Error: ${title.replace(/\s+/g, '\t')}\n    at f (src/a.js:1:2)\n`,
      `Crash\tin ${bidi}parser\u00a0 on save.exe\nIt crashes.`,
    ]) {
      const [report] = parseReports(input);
      expect(report?.title).toMatch(/^(?:Error: )?Crash in parser on save\.?exe$/);
      expect(report && reportTitle(report)).toBe(report?.title);
    }
    // A title of controls and blanks alone is no title: the report is listed by its text.
    const [blank] = parseReports({ title: `\t${bidi}\n`, body: 'It crashes on save.' });
    expect(blank?.title).toBeUndefined();
    expect(blank && reportTitle(blank)).toBe('It crashes on save.');
    // The joiners Persian words and emoji sequences need stay.
    const [persian] = parseReports({ title: 'خطا در می\u200cخواهم 👩\u200d💻', body: 'x' });
    expect(persian?.title).toBe('خطا در می\u200cخواهم 👩\u200d💻');
  });
});
