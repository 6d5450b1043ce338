/**
 * Every real crash sample of shared/data/crashes against what its index.json says: the error type
 * and message, the `Caused by` chain, and the innermost in-app frame.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sharedDataTitle } from '@sightline/core/testing';
import { describe, expect, it } from 'vitest';
import { parseReport } from './parse-report.js';
import type { Exception, Frame } from './types.js';

const DATA = path.resolve(process.cwd(), '../shared/data/crashes');
const INDEX = path.join(DATA, 'index.json');

interface IndexItem {
  file: string;
  format: string;
  error: { type: string | null; message: string; caused_by?: string };
  caused_by?: string;
  top_in_app_frame: string | null;
}

type FrameExpectation = Partial<Pick<Frame, 'function' | 'module' | 'file' | 'line' | 'column'>>;

/**
 * index.json describes the top in-app frame in prose; these are the same frames as fields (each
 * value is checked to occur in the prose, so the table cannot drift from the index). `cause` is
 * the first in-app frame of the first `Caused by` where the description names one.
 */
const TOP_FRAMES: Record<string, { outer: FrameExpectation | null; cause?: FrameExpectation }> = {
  'sentry_event_javascript.json': {
    outer: { function: 'member', file: '../../sentry/scripts/views.js', line: 283, column: 50 },
  },
  'sentry_event_python.json': { outer: null },
  'ios_crash_report_ios14_symbolicated.ips': { outer: { module: 'kaki', function: 'main' } },
  'macos_crash_report_monterey.ips': { outer: { module: 'sleep' } },
  'android_anr_thread_dump.txt': {
    outer: {
      module: 'io.sentry.samples.android.MainActivity$2',
      function: 'run',
      file: 'MainActivity.java',
      line: 177,
    },
  },
  'python_traceback_pydicom.txt': {
    outer: {
      function: 'get_pixeldata',
      file: '/pydicom__pydicom/pydicom/pixel_data_handlers/numpy_handler.py',
      line: 293,
    },
  },
  'node_express_referenceerror.txt': { outer: { file: '/app/app.js', line: 52 } },
  'go_panic_http_server.txt': {
    outer: {
      module: 'main',
      function: 'doPanic',
      file: '/Users/<USER>/src/go/src/httppanic.go',
      line: 8,
    },
  },
  'go_panic_nil_pointer.txt': {
    outer: { module: 'panics', function: 'nilPtrDereference', file: 'panics/panics.go', line: 33 },
  },
  'rust_panic_index_out_of_bounds.txt': { outer: { file: 'src/main.rs', line: 4, column: 5 } },
  'java_servlet_exception_caused_by.txt': {
    outer: {
      module: 'com.example.myproject.OpenSessionInViewFilter',
      function: 'doFilter',
      file: 'OpenSessionInViewFilter.java',
      line: 60,
    },
    cause: {
      module: 'com.example.myproject.MyServlet',
      function: 'doPost',
      file: 'MyServlet.java',
      line: 169,
    },
  },
  'java_nested_exception_caused_by.txt': {
    outer: {
      module: 'com.nethunt.crm.api.server.adminsync.AutomaticEmailFacade',
      function: 'sendWithSmtp',
      line: 236,
    },
    cause: { function: 'sendWithSmtp', file: 'AutomaticEmailFacade.java', line: 229 },
  },
  'chrome_typeerror_stack.txt': {
    outer: { function: 'bar', file: 'http://path/to/file.js', line: 13, column: 17 },
  },
  'firefox_typeerror_stack.txt': {
    outer: { function: 'bar', file: 'http://127.0.0.1:8000/js/file.js', line: 13 },
  },
  // An eval frame is attributed to the line of its caller (file.js line 26), as Sentry does.
  'firefox_nested_eval_stack.txt': {
    outer: { function: 'baz', file: 'http://localhost:8080/file.js', line: 26 },
  },
  'node_typeerror_async.txt': {
    outer: {
      function: 'formatLineItems',
      file: '/srv/app/src/billing/invoice.ts',
      line: 41,
      column: 27,
    },
  },
};

/**
 * The message index.json gives, as it can appear in the file: notes in parentheses that describe
 * the fixture are dropped, and a message that is not in the file at all (Firefox stacks carry no
 * message line) is expected as ''.
 */
function expectedError(item: IndexItem): { type: string; message: string } {
  if (/not part of the stack text/.test(item.error.message)) return { type: '', message: '' };
  return { type: item.error.type ?? '', message: item.error.message };
}

/** Message events (index.json: no exception) carry a stack trace but no exception. */
const isMessageEvent = (item: IndexItem) => /message event without exception/.test(item.format);

/** Compares messages with whitespace collapsed; ` ... ` in the index elides part of the text. */
function expectMessage(actual: string, expected: string): void {
  const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();
  const pieces = collapse(expected).split(' ... ');
  if (pieces.length === 1) {
    expect(collapse(actual)).toBe(pieces[0]);
    return;
  }
  let from = 0;
  for (const piece of pieces) {
    const at = collapse(actual).indexOf(piece, from);
    expect(at, `"${piece}" in "${actual}"`).toBeGreaterThanOrEqual(from);
    from = at + piece.length;
  }
}

function expectTopFrame(
  exception: Exception,
  expected: FrameExpectation | null,
  description: string,
): void {
  const top = exception.frames.find((frame) => frame.inApp);
  if (expected === null) {
    expect(top).toBeUndefined();
    return;
  }
  expect(top).toMatchObject(expected);
  for (const value of Object.values(expected)) expect(description).toContain(String(value));
}

const items: IndexItem[] = existsSync(INDEX) ? JSON.parse(readFileSync(INDEX, 'utf8')).items : [];

const shared = sharedDataTitle('real crash samples (shared/data/crashes)', INDEX);
describe.skipIf(!shared.present)(shared.title, () => {
  it('has an expectation for every file in index.json', () => {
    expect(items.map((item) => item.file).sort()).toEqual(Object.keys(TOP_FRAMES).sort());
  });

  it.each(items.map((item) => [item.file, item] as const))('%s', (file, item) => {
    const report = parseReport(readFileSync(path.join(DATA, file)), { filename: file });
    expect(report.notes).toBeUndefined();
    if (isMessageEvent(item)) {
      // The raven event has no message field either, only a local variable holding the text.
      expect(item.error.type).toBeNull();
      expect(report).toMatchObject({ kind: 'text', exceptions: [] });
      expect(report.title).toMatch(/^Sentry event logged at \w+ \(/);
      expect(report.stack?.length).toBeGreaterThan(0);
      expect(report.stack?.find((frame) => frame.inApp)).toBeUndefined();
      expect(TOP_FRAMES[file]?.outer).toBeNull();
      return;
    }
    const exception = report.exceptions[0] as Exception;
    expect(exception).toBeDefined();
    const expected = expectedError(item);
    expect(exception.type).toBe(expected.type);
    expectMessage(exception.message, expected.message);
    expect(report.kind).toBe('crash');

    const causedBy = item.error.caused_by ?? item.caused_by;
    let cause = exception.cause;
    for (const type of causedBy?.split(' -> ') ?? []) {
      expect(cause?.type).toBe(type);
      cause = cause?.cause;
    }

    const description = item.top_in_app_frame ?? '';
    const top = TOP_FRAMES[file];
    expectTopFrame(exception, top?.outer ?? null, description);
    if (top?.cause) expectTopFrame(exception.cause as Exception, top.cause, description);
  });
});
