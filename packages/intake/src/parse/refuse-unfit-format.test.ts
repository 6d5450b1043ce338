import { describe, expect, it } from 'vitest';
import { REPORT_FORMAT_NAMES } from './formats/index.js';
import { parseReports } from './parse-report.js';

const PLAIN = 'The widget explodes when I click the purple button.';
const JAVA = 'java.lang.NullPointerException: boom\n\tat com.example.Cart.total(Cart.java:10)';
const SENTRY = JSON.stringify({
  event_id: 'abc',
  exception: { values: [{ type: 'TypeError', value: 'x is undefined' }] },
});

function refusal(input: string, format: string): string {
  try {
    parseReports(input, { format });
  } catch (error) {
    return (error as Error).message;
  }
  return 'parsed';
}

describe('a report format given explicitly', () => {
  // Found by a fresh-user trial: `--report-format sentry` on a text file was read as plain text
  // under the name "sentry", without a word.
  it('is refused on text that is not JSON when it reads JSON, saying what to do', () => {
    expect(refusal(PLAIN, 'sentry')).toBe(
      'The report is not in the report format "sentry" given for it: it is not JSON, and "sentry" reads a Sentry event or issue (a JSON object with one of "exception", "sentry.interfaces.Exception", "stacktrace", "sentry.interfaces.Stacktrace", "threads", "logentry", "sentry.interfaces.Message", "event_id", "entries"). Leave the report format out to detect it, or give "text" to read the report as plain text.',
    );
  });

  it('is refused on JSON that is not its own', () => {
    expect(refusal('{"title": "Crash on save"}', 'sentry')).toMatch(
      /^The report is not in the report format "sentry" given for it: it holds no Sentry event or issue/,
    );
  });

  it('is refused for a trace format on text without its trace, naming the trace', () => {
    expect(refusal(JAVA, 'python')).toBe(
      'The report is not in the report format "python" given for it: it holds no Python traceback, which "python" reads. Leave the report format out to detect it, or give "text" to read the report as plain text.',
    );
  });

  it('refuses plain text under every format that reads a structure, and reads it under the others', () => {
    const read = REPORT_FORMAT_NAMES.filter((format) => refusal(PLAIN, format) === 'parsed');
    expect(read).toEqual(['reviews', 'markdown-issue', 'text']);
  });

  it('reads what fits it', () => {
    expect(parseReports(SENTRY, { format: 'sentry' })[0]).toMatchObject({
      kind: 'crash',
      source: { format: 'sentry' },
    });
    expect(parseReports(JAVA, { format: 'java' })[0]).toMatchObject({
      kind: 'crash',
      source: { format: 'java' },
    });
  });
});
