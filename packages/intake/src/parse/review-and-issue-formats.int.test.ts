/** Review exports, Markdown issues and the `format` option, on fixtures and inline inputs. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPORT_FORMAT_NAMES } from './formats/index.js';
import { reviewExportRows } from './formats/reviews.js';
import { parseReport, parseReports } from './parse-report.js';

const fixture = (name: string) =>
  readFileSync(path.join(import.meta.dirname, '__fixtures__', name));

describe('reviews', () => {
  it('reads NDJSON with Google Play column names', () => {
    const reports = parseReports(fixture('reviews.ndjson'));
    expect(
      reports.map(({ id, kind, title, rating, date, appVersion, locale }) => ({
        id,
        kind,
        title,
        rating,
        date,
        appVersion,
        locale,
      })),
    ).toEqual([
      {
        id: 'r-1',
        kind: 'review',
        title: 'Crashes on launch',
        rating: 1,
        date: '2026-11-02',
        appVersion: '4.2.0',
        locale: 'en',
      },
      {
        id: 'r-2',
        kind: 'review',
        title: 'Love it',
        rating: 5,
        date: '2026-11-03',
        appVersion: '4.2.0',
        locale: 'en',
      },
    ]);
    expect(reports[0]?.body).toBe(
      'Since the 4.2 update the app crashes as soon as I open the photo picker.',
    );
  });

  it('reads CSV with quoted fields through csv-parse', () => {
    const reports = parseReports(fixture('reviews.csv'));
    expect(reports).toHaveLength(2);
    expect(reports[0]).toMatchObject({
      id: 'a1',
      title: 'Sync broken',
      body: 'Notes don\'t sync between iPhone and iPad, "Sync now" spins forever',
      rating: 2,
      appVersion: '3.1.4',
      locale: 'en_US',
      source: { format: 'reviews' },
    });
  });

  it('keeps the rows of a CSV export around one it cannot read, with a note naming its line', () => {
    const note = 'line 3 is not a CSV row (a quote opened there is never closed); skipped';
    expect(
      parseReports('id,text,rating\n1,"app crashes on start",1\n2,"unterminated\n'),
    ).toMatchObject([{ id: '1', kind: 'review', body: 'app crashes on start', notes: [note] }]);
    expect(() => parseReports('id,text,rating\n2,"unterminated\n')).toThrow(
      'No row of the review export can be read: line 2 is not a CSV row (a quote opened there is never closed).',
    );
  });

  it("reads Google Play Console's CSV export, whose column names have spaces", () => {
    const csv = [
      'Package Name,App Version Code,App Version Name,Reviewer Language,Device,Review Submit Date and Time,Star Rating,Review Title,Review Text',
      'com.example.notes,412,4.1.2,en,pixel7,2026-11-03T08:15:00Z,1,Lost my notes,"After the update every note is gone, the list is empty"',
    ].join('\n');
    expect(parseReports(csv)).toMatchObject([
      {
        kind: 'review',
        title: 'Lost my notes',
        body: 'After the update every note is gone, the list is empty',
        rating: 1,
        appVersion: '4.1.2',
        locale: 'en',
        date: '2026-11-03T08:15:00Z',
        source: { format: 'reviews' },
      },
    ]);
  });

  it('refuses a review export with its header row only, saying there are no reviews', () => {
    expect(() => parseReports('"Star Rating","Review Title","Review Text"\n')).toThrow(
      'The review export has a header row but no reviews.',
    );
  });

  it('notes the lines of an NDJSON export it cannot take by number, instead of dropping them', () => {
    // Found by a fresh-user trial: a line that was not JSON and one without a rating were left
    // out without a word.
    const text = [
      '{"text":"App crashes on save","rating":1}',
      '{"text":"Login button broken","rating":2',
      '',
      '{"text":"No rating here"}',
      '{"text":"Love it","rating":5}',
    ].join('\n');
    const reports = parseReports(text, { filename: 'export.txt' });
    expect(reports.map((report) => [report.body, report.notes])).toEqual(
      ['App crashes on save', 'Love it'].map((body) => [
        body,
        [
          'line 2 is not JSON; skipped',
          'line 4 is not a review (it needs a text and a rating); skipped',
        ],
      ]),
    );
  });

  it('returns the first review from parseReport, with a note, and reads JSON arrays', () => {
    const rows = [
      { id: 7, text: 'Login button does nothing', rating: 1 },
      { id: 8, text: 'ok', rating: 4 },
    ];
    const report = parseReport(rows);
    expect(report).toMatchObject({
      id: '7',
      kind: 'review',
      body: 'Login button does nothing',
      rating: 1,
    });
    expect(report.notes).toEqual([
      'the input holds 2 reports; only the first was read (give one report at a time)',
    ]);
    expect(parseReports(JSON.stringify(rows))).toHaveLength(2);
  });
});

describe('CSV issue tables', () => {
  it('splits a CSV with a title and a body column into issues, and leaves one with a rating a review export', () => {
    // Found by a fresh-user trial: `title,body` CSVs were one report titled "title,body".
    const table = reviewExportRows('Title,Body\nfirst,"one\ntwo"\nsecond,\n');
    expect(table).toEqual({
      rows: [
        {
          record: 1,
          id: undefined,
          fields: { title: 'first', body: 'one\ntwo' },
          format: 'markdown-issue',
        },
        {
          record: 2,
          id: undefined,
          fields: { title: 'second', body: '' },
          format: 'markdown-issue',
        },
      ],
      refused: [],
    });
    const [issue] = parseReports(table?.rows[0]?.fields ?? {}, { format: 'markdown-issue' });
    expect(issue).toMatchObject({ kind: 'issue', title: 'first', body: 'one\ntwo' });
    expect(reviewExportRows('title,text,rating\nok,"fine",5\n')?.rows[0]?.format).toBe('reviews');
    expect(reviewExportRows('title only\nfirst\nsecond\n')).toBeNull();
  });
});

describe('markdown issue', () => {
  it('takes the title from the heading and the trace from the fenced block', () => {
    const report = parseReport(fixture('issue.md'), { filename: 'issue.md' });
    expect(report).toMatchObject({
      kind: 'issue',
      source: { format: 'markdown-issue', filename: 'issue.md' },
    });
    expect(report.title).toBe('`exportCsv` crashes when a row has no `createdAt`');
    expect(report.exceptions[0]?.type).toBe('TypeError');
    expect(
      report.exceptions[0]?.frames.filter((frame) => frame.inApp).map((frame) => frame.function),
    ).toEqual(['formatDate', 'CsvWriter.writeRow', 'ReportService.exportCsv']);
    expect(report.identifiers.slice(0, 4)).toEqual([
      'exportCsv',
      'createdAt',
      'reportService.exportCsv',
      'TypeError',
    ]);
    expect(report.paths[0]).toBe('src/export/csv-writer.ts');
  });

  it("takes the first line as title, not a template's section heading below it", () => {
    const report = parseReport(
      'Dark mode toggle is broken\n\n## Describe the bug\nThe toggle does nothing on my phone.\n',
      { format: 'markdown-issue' },
    );
    expect(report.title).toBe('Dark mode toggle is broken');
    expect(parseReport('## Crash when saving\n\n### Steps\nSave twice.\n').title).toBe(
      'Crash when saving',
    );
  });

  it("takes the reporter's first line as title, not the prompts of a template it starts with", () => {
    const report = parseReport(
      '### Describe the bug\n\nA clear and concise description of what the bug is.\n\nsatisfies() throws on ">=1.2.3 <"\n\n### To Reproduce\nRun it.\n',
      { format: 'markdown-issue' },
    );
    expect(report.title).toBe('satisfies() throws on ">=1.2.3 <"');
    // Nothing but template lines: the first is still a title.
    expect(parseReport('## Describe the bug\n\n## To Reproduce\n').title).toBe('Describe the bug');
  });

  it('uses the first line as title when there is no heading', () => {
    const report = parseReport(
      'Crash when saving\n\n```\nError: boom\n    at save (/app/src/save.js:3:9)\n```\n',
    );
    expect(report.title).toBe('Crash when saving');
    expect(report.exceptions[0]?.frames[0]).toMatchObject({
      function: 'save',
      file: '/app/src/save.js',
      line: 3,
      column: 9,
    });
  });

  it('gives a bare stack the message of the issue form’s "Error message" section', () => {
    const form = (message: string, stack = 'at save (/app/src/save.js:3:9)') =>
      parseReport(
        `### Repro steps\n\nSave twice\n\n### Error message (automated)\n\n${message}\n\n### Error call stack (automated)\n\n\`\`\`text\n${stack}\n\`\`\`\n`,
        { format: 'markdown-issue' },
      );
    expect(form('Cannot add node "1" to the Store.').exceptions[0]).toMatchObject({
      type: '',
      message: 'Cannot add node "1" to the Store.',
    });
    expect(form('_No response_').exceptions[0]?.message).toBe('');
    // A trace with its own exception line keeps it.
    expect(
      form('Something else', 'Error: boom\n    at save (/app/src/save.js:3:9)').exceptions[0],
    ).toMatchObject({ type: 'Error', message: 'boom' });
  });
});

describe('format option', () => {
  it('lists the format names', () => {
    expect(REPORT_FORMAT_NAMES).toEqual([
      'sentry',
      'reviews',
      'markdown-issue',
      'apple',
      'android-anr',
      'go',
      'rust',
      'python',
      'java',
      'dotnet',
      'ruby',
      'php',
      'native',
      'v8',
      'firefox',
      'text',
    ]);
  });

  it('forces a format', () => {
    const text = '# Title\n\n```\nError: x\n    at f (/a/b.js:1:1)\n```';
    expect(parseReport(text).kind).toBe('issue');
    expect(parseReport(text, { format: 'text' })).toMatchObject({
      kind: 'text',
      source: { format: 'text' },
      exceptions: [],
    });
    expect(parseReport(text, { format: 'v8' }).kind).toBe('crash');
  });

  it('rejects an unknown format with INVALID_ARGUMENT', () => {
    expect(() => parseReport('x', { format: 'cobol' })).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
  });
});
