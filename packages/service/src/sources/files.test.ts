import fs from 'node:fs';
import { parseReports } from '@sightline/intake';
import { describe, expect, it } from 'vitest';
import { apiReportToRawReport, fileToRawReports } from './files.js';

const fixture = (name: string) =>
  fs.readFileSync(new URL(`__fixtures__/${name}`, import.meta.url), 'utf8');
const receivedAt = '2026-12-01T00:00:00.000Z';

describe('fileToRawReports', () => {
  it("stores a line's receive time with an offset in UTC, as the API stores a JSON body's", () => {
    // Found in review: a time with an offset (what `date -Iseconds` prints) was refused.
    const line = JSON.stringify({ text: 'App crashes', receivedAt: '2024-03-01T10:00:00+01:00' });
    const { reports, refused } = fileToRawReports(line, { filename: 'r.jsonl', receivedAt });
    expect(refused).toEqual([]);
    expect(reports.map((report) => report.receivedAt)).toEqual(['2024-03-01T09:00:00.000Z']);
    const fromApi = apiReportToRawReport(
      { text: 'App crashes', receivedAt: '2024-03-01T10:00:00+01:00' },
      { receivedAt, format: 'auto' },
    );
    expect(fromApi.receivedAt).toBe('2024-03-01T09:00:00.000Z');
  });

  it('refuses a {"text": …} line with a bad "url" by its line, saying how to fix it, on stdin as in a .jsonl file', () => {
    // Found in review: a Slack message piped to `ingest -` was refused with no word of what to do.
    const slack = JSON.stringify({
      type: 'message',
      text: 'App crashes',
      url: 'slack://x',
      ts: '1',
    });
    for (const filename of [undefined, 'slack.jsonl']) {
      expect(fileToRawReports(slack, { receivedAt, ...(filename ? { filename } : {}) })).toEqual({
        reports: [],
        numberedBy: 'line',
        numbers: [],
        refused: [
          {
            number: 1,
            reason:
              'has a bad "url": not an http(s) address; give one (e.g. https://example.com/issues/1), or none',
          },
        ],
      });
    }
  });

  it('refuses a report that is not in the format given for it when it arrives, as the API does', () => {
    // Found by a fresh-user trial: `ingest --report-format sentry` on a text file stored it, to be
    // read as plain text under the name "sentry".
    const given = { receivedAt, format: 'sentry', filename: 'crash.txt' };
    expect(fileToRawReports('The app crashes on save.', given)).toEqual({
      reports: [],
      numberedBy: 'file',
      numbers: [],
      refused: [
        {
          number: 1,
          reason: expect.stringMatching(
            /^has a bad "format": The report is not in the report format "sentry" given for it: it is not JSON, .* Leave the report format out to detect it, or give "text" to read the report as plain text\.$/,
          ),
        },
      ],
    });
    const event = JSON.stringify({ exception: { values: [{ type: 'TypeError', value: 'x' }] } });
    expect(fileToRawReports(event, given).refused).toEqual([]);
  });

  it('makes one report per row of a CSV review export, each keeping its own review id', () => {
    const { reports, numberedBy, numbers } = fileToRawReports(fixture('reviews-export.csv'), {
      filename: 'exports/reviews-export.csv',
      receivedAt,
    });
    expect([numberedBy, numbers]).toEqual(['record', [1, 2, 3]]);
    expect(reports.map((r) => [r.sourceId, r.format])).toEqual([
      ['rv-101', 'reviews'],
      ['rv-102', 'reviews'],
      ['rv-103', 'reviews'],
    ]);
    expect(reports[2]).toEqual({
      sourceKind: 'files',
      receivedAt,
      format: 'reviews',
      filename: 'reviews-export.csv',
      sourceId: 'rv-103',
      payload: {
        json: {
          id: 'rv-103',
          date: '2026-11-22',
          rating: '2',
          title: 'Sync, again',
          review: 'Notes written on the iPad never show up on the phone; "Sync now" spins forever.',
          territory: 'GBR',
        },
      },
    });
    // Each row is read back as the one review it is.
    const [parsed, ...others] = parseReports(
      (reports[0]?.payload as { json: object } | undefined)?.json ?? {},
      {
        format: 'reviews',
      },
    );
    expect(others).toEqual([]);
    expect(parsed).toMatchObject({ kind: 'review', rating: 1, title: 'Crashes on launch' });
  });

  it('identifies rows without an id column by content, so a second ingest stores nothing new', () => {
    const text = 'title,review,rating\nSlow,"Takes ages to open",2\nBroken,"Export fails",1\n';
    const first = fileToRawReports(text, { filename: 'r.csv' }).reports.map((r) => r.sourceId);
    expect(first).toHaveLength(2);
    expect(new Set(first).size).toBe(2);
    expect(fileToRawReports(text, { filename: 'r.csv' }).reports.map((r) => r.sourceId)).toEqual(
      first,
    );
  });

  it('refuses a CSV review row that cannot be read by its record and line, and keeps the others', () => {
    const text = 'id,review,rating\nr1,"Crashes",1\nr2,"bad"x,2\nr3,"Slow",2\n';
    expect(fileToRawReports(text, { filename: 'r.csv', receivedAt })).toMatchObject({
      numberedBy: 'record',
      numbers: [1, 3],
      reports: [{ sourceId: 'r1' }, { sourceId: 'r3' }],
      refused: [{ number: 2, reason: '(line 3) is not a CSV row (text follows a closing quote)' }],
    });
  });

  it('splits a JSON array of reviews, and keeps one report for anything else', () => {
    const json = JSON.stringify([
      { reviewId: 'a', text: 'Crashes', score: 1 },
      { reviewId: 'b', text: 'Great', score: 5 },
    ]);
    expect(fileToRawReports(json).reports.map((r) => r.sourceId)).toEqual(['a', 'b']);
    const crash = 'TypeError: x is undefined\n    at f (src/a.ts:1:1)';
    expect(fileToRawReports(crash).reports).toHaveLength(1);
    expect(
      fileToRawReports('name,age\nAda,36\nAlan,41\n', { filename: 'people.csv' }).reports,
    ).toHaveLength(1);
    // An explicit other format is taken at its word; an unknown one refuses the file, as the API would.
    expect(
      fileToRawReports(fixture('reviews-export.csv'), { format: 'text' }).reports,
    ).toHaveLength(1);
    expect(fileToRawReports(crash, { format: 'plain' })).toMatchObject({
      reports: [],
      numberedBy: 'file',
      refused: [
        {
          number: 1,
          reason: expect.stringMatching(
            /^has a bad "format": unknown format "plain"; use one of auto, /,
          ),
        },
      ],
    });
  });
});
