import { describe, expect, it } from 'vitest';
import { parseReports } from './parse-report.js';
import { MAX_LISTED_TITLE_CHARS, reportTitle } from './report-title.js';

describe('reportTitle', () => {
  it('keeps a short title as it is', () => {
    const [report] = parseReports({ title: 'Crash on start', body: 'It crashes.' });
    expect(report && reportTitle(report)).toBe('Crash on start');
  });

  it('cuts a title of any format to 200 characters, the last an ellipsis', () => {
    // Issue JSON and review rows keep their title as given; 60,000 characters came through.
    const long = 'A'.repeat(60_000);
    for (const input of [
      { title: long, body: 'It crashes.' },
      `${JSON.stringify({ title: long, text: 'it crashes', rating: 1 })}\n`,
      `${JSON.stringify({ text: long, rating: 1 })}\n`,
      long,
    ]) {
      const [report] = parseReports(input);
      expect(report && reportTitle(report)).toBe(`${'A'.repeat(MAX_LISTED_TITLE_CHARS - 1)}…`);
    }
  });

  it('falls back to the first exception, then the first line', () => {
    const [crash] = parseReports('TypeError: x is undefined\n    at f (src/a.js:1:2)\n');
    expect(crash && reportTitle(crash)).toBe('TypeError: x is undefined');
  });
});
