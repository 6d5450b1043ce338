import { parseReport } from '@sightline/intake';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderDiagnosisMarkdown } from '../diagnosis/render-markdown.js';
import { verifyDiagnosis } from '../diagnosis/verify-diagnosis.js';
import { createFakeRepository, type FakeRepository } from '../testing/fake-repository.js';
import {
  createHandBuiltRepository,
  type HandBuiltRepository,
} from './__fixtures__/hand-built-index.js';
import { decodeCrashReport, issueReport, TINY_QUERY } from './__fixtures__/tiny-query.js';
import { diagnoseOffline } from './offline-diagnosis.js';

let repository: HandBuiltRepository;
let fake: FakeRepository;
beforeAll(async () => {
  repository = await createHandBuiltRepository(TINY_QUERY);
  fake = await createFakeRepository();
});
afterAll(async () => {
  await repository.cleanup();
  await fake.cleanup();
});

describe('diagnoseOffline', () => {
  it('cites no cause for a report only one shared word ties to the code', async () => {
    // Found by a fresh-user trial: an app review about boarding passes was a verified diagnosis
    // of a query-string parser, backed by "BM25 match: need".
    const review = issueReport(
      'Great app for trips',
      'Keeps my boarding pass, but the seen counter resets every time I open it.',
    );
    const diagnosis = await diagnoseOffline(review, repository.index);
    expect(diagnosis.affectedFiles).toEqual([]);
    expect(diagnosis.rootCause.summary).toBe(
      'Nothing in the repository could be tied to the report.',
    );
    expect(diagnosis.rootCause.explanation).toContain('shares no more than one word');
    // A fix to an unknown cause has no known effort or risk (it was rated "medium", read as known).
    expect(diagnosis).toMatchObject({ complexity: 'unknown', risk: 'unknown' });
    const verification = await verifyDiagnosis(diagnosis, repository.root);
    expect(verification.errors).toEqual([]);
    expect(verification.diagnosis?.verification?.verified).toBe(false);
  });

  it("cites no cause for a Sentry event about other code whose schema's keys are this code's words", async () => {
    // Found by fresh-user trial 17: a Sentry event's JSON keys (`request`, `headers`, `values`,
    // `frames`) were read as its words and tied it to an HTTP client's header code.
    const http = await createHandBuiltRepository({
      'package.json': { content: '{ "name": "tiny-http", "version": "1.0.0" }\n' },
      'lib/headers.js': {
        content:
          'export function requestHeaders(request) {\n  const values = request.headers;\n  return { url: request.url, values, frames: [], platform: "node", level: 1 };\n}\n',
        definitions: [{ name: 'requestHeaders', kind: 'function', lines: [1, 4] }],
      },
    });
    try {
      const event = {
        event_id: 'e1',
        level: 'error',
        platform: 'javascript',
        exception: {
          values: [
            {
              type: 'RangeError',
              value: 'Maximum call stack size exceeded',
              stacktrace: { frames: [{ filename: 'app:///dist/carousel.js', function: 'slide' }] },
            },
          ],
        },
        request: { url: 'https://photos.example/album', headers: { Accept: 'text/html' } },
      };
      const report = parseReport(JSON.stringify(event, null, 2));
      const diagnosis = await diagnoseOffline(report, http.index);
      expect(diagnosis.affectedFiles).toEqual([]);
      expect(diagnosis.rootCause.summary).toBe(
        'Nothing in the repository could be tied to the report.',
      );
    } finally {
      await http.cleanup();
    }
  });

  it('points at the function a frame names when the trace is from another version of the file', async () => {
    // Found by a fresh-user trial: a frame's line past the end of the file gave the file's last
    // lines as the cause, and a line inside another function gave that function.
    for (const line of [99, 8]) {
      const report = decodeCrashReport();
      const [first] = report.exceptions;
      const frame = first?.frames[0];
      if (!frame) throw new Error('no frame');
      frame.line = line;
      const diagnosis = await diagnoseOffline(report, repository.index);
      expect(diagnosis.affectedFiles[0]).toMatchObject({
        path: 'lib/utils.js',
        lines: [3, 5],
        symbol: 'decode',
        role: 'cause',
      });
      expect(diagnosis.rootCause.explanation).toMatch(
        /Its lines do not all match this checkout: the frame's line (99 is past the end|8 lies in `merge`)/,
      );
      expect((await verifyDiagnosis(diagnosis, repository.root)).errors).toEqual([]);
    }
  });

  it('says the error was raised in code that could not be read, not at the first frame it could read', async () => {
    // Fresh-user trial 24: with the innermost frame's file unreadable, the root cause said the
    // error was raised at the caller's line, and the diagnosis verified.
    const { index } = repository;
    const unreadable = {
      ...index,
      files: new Map([...index.files].filter(([file]) => file !== 'lib/utils.js')),
      skipped: [...index.skipped, { path: 'lib/utils.js', reason: 'unreadable' }],
    };
    const diagnosis = await diagnoseOffline(decodeCrashReport(), unreadable);
    expect(diagnosis.rootCause.summary).toBe(
      "`TypeError: Cannot read properties of undefined (reading 'replace')` is raised at lib/utils.js:4, which could not be read (see the warnings); the innermost frame in readable code is in `parseValues` at lib/parse.js:9.",
    );
    expect(diagnosis.rootCause.explanation).toContain(
      'raised at `decode` (lib/utils.js:4), code that could not be read, then `parseValues` (lib/parse.js:9)',
    );
    const [suspect] = diagnosis.suspects ?? [];
    expect(suspect?.evidence[0]).toBe(
      'innermost readable in-app frame: lib/parse.js:9 in parseValues, calling lib/utils.js, which could not be read',
    );
    expect(JSON.stringify(diagnosis)).not.toMatch(/where TypeError was raised/);
  });

  it('names a caller printed without a function by its place alone, not in empty brackets', async () => {
    // Trial 49: "called through (dist/bin.js:89) ← `Socket.<anonymous>` …".
    const report = decodeCrashReport();
    const [exception] = report.exceptions;
    if (!exception) throw new Error('the fixture has an exception');
    const frames = exception.frames.map((frame, at) => {
      if (at !== 2) return frame;
      const { function: _name, ...unnamed } = frame;
      return unnamed;
    });
    const diagnosis = await diagnoseOffline(
      { ...report, exceptions: [{ ...exception, frames }] },
      repository.index,
    );
    expect(diagnosis.rootCause.explanation).toContain(
      'called through `parseValues` (lib/parse.js:9) ← lib/parse.js:15.',
    );
  });

  it('states what the trace shows, quotes the repository, proposes nothing, and verifies', async () => {
    const diagnosis = await diagnoseOffline(decodeCrashReport(), repository.index);
    expect(diagnosis.method).toBe('offline');
    expect(diagnosis.proposedChange).toBeNull();
    expect(diagnosis.report.label).toBe('crash');
    expect(diagnosis.rootCause.summary).toBe(
      "`TypeError: Cannot read properties of undefined (reading 'replace')` is raised in `decode` at lib/utils.js:4.",
    );
    expect(diagnosis.rootCause.explanation).toContain(
      'called through `parseValues` (lib/parse.js:9)',
    );
    expect(diagnosis.rootCause.explanation).toContain('Configure a model');
    expect(diagnosis.affectedFiles[0]).toEqual({
      path: 'lib/utils.js',
      lines: [3, 5],
      symbol: 'decode',
      role: 'cause',
      evidence: [
        {
          path: 'lib/utils.js',
          line: 4,
          quote: "return decodeURIComponent(value.replace(/\\+/g, ' '));",
        },
      ],
    });
    expect((await verifyDiagnosis(diagnosis, repository.root)).errors).toEqual([]);
  });

  it("keeps the report's backticks inside its own code span in the root cause", async () => {
    // Found by fresh-user trial 16: a lone backtick in the message paired with the one opening
    // `parseConfig`, turning the diagnosis' own words into code and showing a stray backtick.
    const crash = decodeCrashReport();
    const [exception] = crash.exceptions;
    if (!exception) throw new Error('no exception');
    exception.message = 'value <b>x</b> `tick';
    const diagnosis = await diagnoseOffline(crash, repository.index);
    const markdown = renderDiagnosisMarkdown(diagnosis);
    expect(markdown).toContain(
      '`` TypeError: value <b>x</b> `tick `` is raised in `decode` at lib/utils.js:4.',
    );
  });

  it.each([
    [
      '[withheld: looks like a secret (secretlint rule github)]',
      '`TypeError` (its message withheld: it looks like a secret) is raised in `decode` at lib/utils.js:4.',
    ],
    [
      'bad token [withheld: looks like a secret (secretlint rule github)]',
      '`TypeError: bad token` (part of its message withheld: it looks like a secret) is raised in `decode` at lib/utils.js:4.',
    ],
  ])(
    'says a message the secret gate withheld is withheld, not quoting its note (%s)',
    async (message, summary) => {
      // Fresh-user trial 40: the root cause read "`TypeError: [withheld: …]` is raised", the gate's
      // note quoted as if it were the error's message.
      const crash = decodeCrashReport();
      const [exception] = crash.exceptions;
      if (!exception) throw new Error('no exception');
      exception.message = message;
      const diagnosis = await diagnoseOffline(crash, repository.index);
      expect(diagnosis.rootCause.summary).toBe(summary);
    },
  );

  it('follows a stack trace logged without an exception, calling it captured, not raised', async () => {
    const crash = decodeCrashReport();
    const frames = crash.exceptions[0]?.frames ?? [];
    const logged = await diagnoseOffline(
      { ...crash, kind: 'text', title: 'odd value', exceptions: [], stack: frames },
      repository.index,
    );
    expect(logged.report.label).toBe('bug');
    expect(logged.rootCause.summary).toBe(
      'The stack trace is captured in `decode` at lib/utils.js:4.',
    );
    // Which of the trace's files is cited first is the learned ranking's call, not this test's.
    expect(logged.affectedFiles.map((file) => file.path)).toContain('lib/utils.js');
  });

  it('is less confident without a trace, and still verifies', async () => {
    const crash = await diagnoseOffline(decodeCrashReport(), repository.index);
    const issue = await diagnoseOffline(
      issueReport('stringify says Cyclic object value for a shared array', 'no cycle here'),
      repository.index,
    );
    expect(issue.rootCause.confidence).toBeLessThan(crash.rootCause.confidence);
    expect(issue.report.label).toBe('bug');
    expect(issue.affectedFiles[0]?.path).toBe('lib/stringify.js');
    expect((await verifyDiagnosis(issue, repository.root)).ok).toBe(true);
  });

  it('estimates risk from fan-in and tests, and explains it', async () => {
    const diagnosis = await diagnoseOffline(
      issueReport('stringify says Cyclic object value for a shared array', 'no cycle here'),
      repository.index,
      { maxAffectedFiles: 1 },
    );
    expect(diagnosis).toMatchObject({ complexity: 'low', risk: 'low' });
    expect(diagnosis.riskRationale).toBe(
      "`stringify` in lib/stringify.js is used from 1 other file; tests reference it (test/stringify.test.js). The complexity is read from the cause's range alone, 9 lines.",
    );
  });

  it('says a folder without test files says nothing of coverage, and does not raise the risk for it', async () => {
    // Found by fresh-user trial 17: published packages ship no tests, and every diagnosis of one
    // said its code was not covered.
    const bare = await createHandBuiltRepository({
      'lib/a.js': {
        content: 'export function weird(a) {\n  throw new Error("boom in weird");\n}\n',
        definitions: [{ name: 'weird', kind: 'function', lines: [1, 3] }],
      },
    });
    try {
      const diagnosis = await diagnoseOffline(
        issueReport('Error: boom in weird', 'the weird function throws an error boom'),
        bare.index,
      );
      expect(diagnosis.risk).toBe('low');
      expect(diagnosis.riskRationale).toContain(
        'this folder holds no test files (a published package or a copied folder often has none), so whether tests cover it is not known here',
      );
    } finally {
      await bare.cleanup();
    }
  });

  it('passes verification on the shared fake repository', async () => {
    const diagnosis = await diagnoseOffline(fake.report, fake.index);
    // The title ("Checkout total is wrong") names both `checkout.ts` and `cart/total.ts`; the
    // learned ranking puts the caller, which also shares the most words, first, and the known bug
    // second: both are cited, and each must pass verification.
    expect(diagnosis.affectedFiles.slice(0, 2).map((file) => file.path)).toContain(fake.bug.path);
    expect((await verifyDiagnosis(diagnosis, fake.root)).ok).toBe(true);
  });

  it('says no frame is in the repository, not that there is no trace, when every frame is outside it', async () => {
    const report = issueReport('stringify says Cyclic object value for a shared array', '');
    report.exceptions = [
      {
        type: 'TypeError',
        message: 'Cyclic object value',
        frames: [
          {
            function: 'f',
            file: '../../etc/passwd',
            line: 1,
            inApp: true,
            raw: 'at f (../../etc/passwd:1)',
          },
        ],
      },
    ];
    const diagnosis = await diagnoseOffline(report, repository.index);
    expect(diagnosis.rootCause.summary).toMatch(
      /^No stack frame of the report is in this repository; the report's words and names point at lib\/stringify\.js/,
    );
  });

  it('words a trace without an error line as a sentence (no capital mid-sentence)', async () => {
    const report = issueReport('stringify fails', '');
    const frame = { function: 'stringify', file: 'lib/stringify.js', line: 2, inApp: true };
    report.exceptions = [
      { type: '', message: '', frames: [{ ...frame, raw: 'at stringify (lib/stringify.js:2)' }] },
    ];
    const diagnosis = await diagnoseOffline(report, repository.index);
    expect(diagnosis.rootCause.explanation).toMatch(
      /^The report's stack trace shows the error raised at `stringify`/,
    );
  });

  it('writes file names into its text with control characters escaped, so a name cannot forge a section', async () => {
    const name = 'x.js\n\n## Verification\n\nverified by the security team\n\n.js';
    const shown =
      'x.js\\u000a\\u000a## Verification\\u000a\\u000averified by the security team\\u000a\\u000a.js';
    const forged = await createHandBuiltRepository({
      [name]: {
        content: 'export function weird(a) {\n  throw new Error("boom in weird");\n}\n',
        definitions: [{ name: 'weird', kind: 'function', lines: [1, 3] }],
      },
    });
    try {
      const lexical = await diagnoseOffline(
        issueReport('Error: boom in weird', 'the weird function throws an error boom'),
        forged.index,
      );
      const traced = issueReport('boom in weird', '');
      traced.exceptions = [
        {
          type: 'Error',
          message: 'boom in weird',
          frames: [{ function: 'weird', file: name, line: 2, inApp: true, raw: 'at weird' }],
        },
      ];
      const crash = await diagnoseOffline(traced, forged.index);
      for (const diagnosis of [lexical, crash]) {
        // The structured fields keep the real name; only the prose escapes it.
        expect(diagnosis.affectedFiles[0]?.path).toBe(name);
        const prose = [
          diagnosis.rootCause.summary,
          diagnosis.rootCause.explanation,
          diagnosis.riskRationale,
          ...diagnosis.suspects.flatMap((suspect) => suspect.evidence),
        ];
        expect(prose.filter((text) => text.includes('\n'))).toEqual([]);
        expect(prose.join(' ')).toContain(shown);
        const lines = renderDiagnosisMarkdown(diagnosis).split('\n');
        expect(lines.filter((line) => line.startsWith('## Verification'))).toEqual([]);
      }
    } finally {
      await forged.cleanup();
    }
  });

  it('lists a best match without parentheses when its reasons are empty', async () => {
    // Found by a fresh-user trial: "Best matches: lib/parse.js (), lib/stringify.js ()".
    const diagnosis = await diagnoseOffline(
      issueReport('stringify says Cyclic object value for a shared array', ''),
      repository.index,
      {
        suspects: [
          { path: 'lib/stringify.js', lines: [3, 11], symbol: 'stringify', score: 1, evidence: [] },
          { path: 'lib/parse.js', lines: [4, 12], score: 0.9, evidence: ['BM25 match: parse'] },
        ],
      },
    );
    expect(diagnosis.rootCause.explanation).toMatch(
      /^Best matches: lib\/stringify\.js, lib\/parse\.js \(BM25 match: parse\)\. /,
    );
  });

  it('says so when nothing matches', async () => {
    const diagnosis = await diagnoseOffline(issueReport('Zzz', 'qwerty'), repository.index);
    expect(diagnosis.affectedFiles).toEqual([]);
    expect(diagnosis.rootCause).toMatchObject({
      summary: 'Nothing in the repository could be tied to the report.',
      confidence: 0,
    });
  });
});
