import { describe, expect, it } from 'vitest';
import { readReportLines } from './report-lines.js';

describe('readReportLines', () => {
  it('reads each {"text": …} line as one report, with the API fields it gives', () => {
    const text = [
      '{"text":"The app crashes every time I open settings","id":"r-1"}',
      '',
      '{"text":"Please add dark mode","format":"text","url":"https://example.com/2"}',
    ].join('\n');
    expect(readReportLines(text, { filename: 'reports.jsonl' })).toEqual({
      reports: [
        { line: 1, text: 'The app crashes every time I open settings', id: 'r-1' },
        { line: 3, text: 'Please add dark mode', format: 'text', url: 'https://example.com/2' },
      ],
      refused: [],
    });
  });

  it('refuses lines that are not JSON, not objects, or have an empty text, by line number', () => {
    const text =
      '{"text":"a crash"}\nnot json\n{"text":""}\n[1]\n{"text":7}\n{"text":"x","format":"nope"}\n';
    const lines = readReportLines(text, { filename: 'bad.jsonl' });
    expect(lines?.reports).toEqual([{ line: 1, text: 'a crash' }]);
    expect(lines?.refused.map(({ line, reason }) => `${line} ${reason.split(' (')[0]}`)).toEqual([
      '2 is not JSON',
      '3 has an empty "text"',
      '4 is JSON but not an object',
      '5 has a "text" that is not a string',
      '6 names an unknown "format" "nope"',
    ]);
  });

  it('refuses a line whose id holds a lone surrogate, and reads one elsewhere as U+FFFD', () => {
    // Found by trial 19's re-check: ids "a\ud800" and "a\udc00" both became "a\uFFFD", so the
    // second report replaced the first.
    const text =
      '{"id":"a\\ud800","text":"first"}\n{"id":"a\\udc00","text":"second"}\n{"id":"b","text":"x \\ud800"}\n{"id":"c\\ud83d\\ude00","text":"y"}\n';
    const lines = readReportLines(text, { filename: 'ids.jsonl' });
    expect(lines?.reports).toEqual([
      { line: 3, id: 'b', text: 'x \uFFFD' },
      { line: 4, id: 'c\u{1F600}', text: 'y' },
    ]);
    expect(lines?.refused.map(({ line, reason }) => `${line} ${reason.split(' (')[0]}`)).toEqual([
      '1 has an "id" with a lone UTF-16 surrogate',
      '2 has an "id" with a lone UTF-16 surrogate',
    ]);
  });

  it('reads a line of any length whole, and a file that starts with a byte-order mark', () => {
    // Found by a fresh-user trial: every line was cut at 2,000 characters before JSON.parse, so a
    // crash report with its stack trace (2.5 KB) was refused as "not JSON"; a BOM did the same
    // to line 1.
    const trace = `TypeError: x is undefined\n${'    at parse (lib/parse.js:10:5)\n'.repeat(200)}`;
    const text = `\uFEFF${JSON.stringify({ text: trace })}\n${JSON.stringify({ text: 'small' })}\n`;
    expect(readReportLines(text, { filename: 'crashes.jsonl' })).toEqual({
      reports: [
        { line: 1, text: trace },
        { line: 2, text: 'small' },
      ],
      refused: [],
    });
    expect(readReportLines(text)?.reports).toHaveLength(2);
  });

  it('recognises {"text": …} lines without a file name, and leaves other text alone', () => {
    const text = '{"text":"The app crashes"}\n{"text":"Please add dark mode"}\n';
    expect(readReportLines(text)?.reports.map((report) => report.text)).toEqual([
      'The app crashes',
      'Please add dark mode',
    ]);
    expect(readReportLines('TypeError: x is undefined\n    at f (src/a.ts:1:1)\n')).toBeNull();
    expect(readReportLines('{"level":"error","msg":"a"}\n{"level":"info"}\n')).toBeNull();
  });

  it('reads one {"text": …} line as one report, named or not (stdin)', () => {
    // Found by a fresh-user trial: `echo '{"text": …}' | sightline triage -` classified the JSON
    // itself, titled "JSON object with key text".
    for (const filename of [undefined, 'one.jsonl']) {
      expect(readReportLines('{"text":"The app crashes on start"}\n', { filename })).toEqual({
        reports: [{ line: 1, text: 'The app crashes on start' }],
        refused: [],
      });
    }
  });

  it('refuses an object that holds no text but its id, by line number', () => {
    // Found by a fresh-user trial: {"nottext":1} became a report, labelled a guess in an
    // unfamiliar language.
    const lines = readReportLines(
      '{"text":"a crash"}\n{"nottext":1}\n{}\n{"id":"r-4","n":[[]]}\n',
      {
        filename: 'r.jsonl',
      },
    );
    expect(lines?.reports).toEqual([{ line: 1, text: 'a crash' }]);
    expect(lines?.refused.map(({ line, reason }) => `${line} ${reason.split(' (')[0]}`)).toEqual([
      '2 has no "text" field and no other text to read as a report',
      '3 has no "text" field and no other text to read as a report',
      '4 has no "text" field and no other text to read as a report',
    ]);
  });

  it('keeps an object without "text" that holds text of its own as the report (an issue, an error, a log record)', () => {
    // Found in review: refusing every object no format knew refused real reports, such as
    // {"message", "stack"}, {"summary", "description"} and {"level", "msg"}.
    const objects = [
      { message: 'TypeError: x is undefined', stack: 'TypeError: x\n    at f (a.js:1:1)' },
      { summary: 'Login broken', description: 'Cannot log in since 2.3' },
      { level: 'error', msg: 'payment failed' },
      { id: 9, error: { message: 'upstream timed out' } },
    ].map((object) => JSON.stringify(object));
    expect(readReportLines(objects.join('\n'), { filename: 'issues.jsonl' })).toEqual({
      reports: objects.map((text, index) => ({
        line: index + 1,
        text,
        ...(index === 3 ? { id: '9' } : {}),
      })),
      refused: [],
    });
  });

  it('reads a {"text": …} line with the same fields whether it comes named .jsonl or on stdin', () => {
    // A Slack message piped to `ingest -` is a {"text": …} line: its "url" is the API's, checked
    // alike (by the API's schema) whichever way the line came.
    const line = JSON.stringify({
      type: 'message',
      text: 'App crashes',
      url: 'slack://x',
      ts: '1',
    });
    const expected = { reports: [{ line: 1, text: 'App crashes', url: 'slack://x' }], refused: [] };
    expect(readReportLines(line)).toEqual(expected);
    expect(readReportLines(line, { filename: 'slack.jsonl' })).toEqual(expected);
  });

  it('leaves an empty or blank file to the caller as the empty report it is, not 0 reports', () => {
    for (const text of ['', '\n\n', '  \n']) {
      expect(readReportLines(text, { filename: 'empty.jsonl' })).toBeNull();
    }
  });

  it('keeps review rows and other objects as the line itself', () => {
    const review = '{"id":7,"text":"Login button does nothing","rating":1}';
    const event = '{"event_id":"e1","exception":{"values":[]}}';
    expect(readReportLines(`${review}\n${event}\n`, { filename: 'mixed.ndjson' })).toEqual({
      reports: [
        { line: 1, text: review, id: '7' },
        { line: 2, text: event },
      ],
      refused: [],
    });
  });

  it('reads a review export in JSON Lines under any name, refusing by number the lines it cannot take', () => {
    // Found by a fresh-user trial: named export.txt, its line that was not JSON and its line
    // without a rating were dropped without a word, where export.jsonl refused the first.
    const text = [
      '{"text":"App crashes on save","rating":1}',
      '{"text":"Login button broken","rating":2',
      '{"text":"No rating here"}',
      '{"text":"Love it","rating":5}',
    ].join('\n');
    const named = readReportLines(text, { filename: 'export.jsonl' });
    expect(named).toEqual({
      reports: [
        { line: 1, text: '{"text":"App crashes on save","rating":1}' },
        { line: 3, text: 'No rating here' },
        { line: 4, text: '{"text":"Love it","rating":5}' },
      ],
      refused: [{ line: 2, reason: 'is not JSON' }],
    });
    expect(readReportLines(text, { filename: 'export.txt' })).toEqual(named);
    expect(readReportLines(text)).toEqual(named);
  });
});
