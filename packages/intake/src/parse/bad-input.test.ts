/** Untrusted input: every case ends in a text report or a SightlineError with a stable code. */
import { describe, expect, it } from 'vitest';
import { backtrackingText, manyHeadingsIssue } from './adversarial-inputs.js';
import { MAX_REPORT_BYTES } from './limits.js';
import { parseReport } from './parse-report.js';
import { regexRuns } from './regex-runs.test-helper.js';
import { reportTitle } from './report-title.js';

const code = (run: () => unknown): string | undefined => {
  try {
    run();
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code ?? 'NOT_A_SIGHTLINE_ERROR';
  }
};

describe('parseReport on bad input', () => {
  it('refuses empty and whitespace-only input with REPORT_EMPTY', () => {
    expect(code(() => parseReport(''))).toBe('REPORT_EMPTY');
    expect(code(() => parseReport(' \n\t\r\n '))).toBe('REPORT_EMPTY');
    expect(code(() => parseReport(new Uint8Array()))).toBe('REPORT_EMPTY');
  });

  it("reads a log pasted from a terminal without its colour codes (no '[31m' left in the title)", () => {
    const pasted =
      '\u001b[31mTypeError: x is not a function\u001b[39m\n    at run (src/run.js:3:9)\n\u001b[2K';
    const report = parseReport(pasted);
    expect(report.exceptions[0]).toMatchObject({
      type: 'TypeError',
      message: 'x is not a function',
    });
    expect(report.body).not.toContain('[31m');
    expect(report.body).not.toContain('[2K');
    expect(code(() => parseReport('\u001b[0m\u001b[2K'))).toBe('REPORT_EMPTY');
  });

  it('refuses input over the limit with REPORT_TOO_LARGE (10 MiB by default)', () => {
    expect(MAX_REPORT_BYTES).toBe(10 * 1024 * 1024);
    const paste = 'x'.repeat(50 * 1024 * 1024);
    expect(code(() => parseReport(paste))).toBe('REPORT_TOO_LARGE');
    expect(code(() => parseReport(Buffer.from('hello world'), { maxBytes: 5 }))).toBe(
      'REPORT_TOO_LARGE',
    );
  });

  it('measures object input in UTF-8 bytes, not characters', () => {
    // Its JSON rendering is 27 characters but 37 bytes.
    const report = { title: 'é'.repeat(10) };
    expect(code(() => parseReport(report, { maxBytes: 30 }))).toBe('REPORT_TOO_LARGE');
    expect(code(() => parseReport(report, { maxBytes: 40 }))).toBeUndefined();
  });

  it('refuses binary data with REPORT_UNPARSEABLE', () => {
    const bytes = new Uint8Array(4096).map((_, index) => (index * 7919) % 256);
    expect(code(() => parseReport(bytes))).toBe('REPORT_UNPARSEABLE');
    // Text in an encoding not recognised (UTF-16BE without a byte-order mark) is told how to convert.
    const utf16be = Buffer.from('TypeError: x is undefined\n', 'utf16le').swap16();
    expect(() => parseReport(utf16be)).toThrow('convert it to UTF-8 first (e.g. iconv -f UTF-16');
    // Found by fresh-user trial 19: Japanese in Shift-JIS (no NUL, mostly invalid UTF-8) was
    // "binary data" to convert from UTF-16. Bytes of 「アプリが落ちます。」 and a line of ASCII.
    const shiftJis = Buffer.concat([
      Buffer.from('83418376838a82aa978e82bf82dc82b78142', 'hex'),
      Buffer.from('\n'),
    ]);
    expect(() => parseReport(shiftJis)).toThrow(
      /^The report is not valid UTF-8: the text is in another encoding; convert it .*-f SHIFT_JIS for Japanese/,
    );
  });

  it('reads invalid UTF-8 with replacement characters and says so', () => {
    const bytes = Buffer.concat([
      Buffer.from('TypeError: bad \xff byte\n    at f (/app/a.js:1:2)\n', 'latin1'),
      Buffer.from([0xc3, 0x28]),
    ]);
    const report = parseReport(bytes);
    expect(report.kind).toBe('crash');
    const replaced =
      'invalid UTF-8 bytes were replaced with U+FFFD: the text is in another encoding; convert it to UTF-8 from its encoding first (e.g. iconv -f WINDOWS-1252 -t UTF-8 for Western European text, -f SHIFT_JIS for Japanese; file -bi FILE may name it)';
    expect(report.notes).toEqual([replaced]);
    // A stray NUL byte does not make it binary data, nor hide the replacement (trial 26).
    const withNul = parseReport(Buffer.from('Caf\xe9 crashes\x00 on start\n', 'latin1'));
    expect(withNul.notes).toEqual([replaced, 'control characters were removed']);
  });

  it('reads UTF-16 with a byte-order mark', () => {
    const text = 'ReferenceError: x is not defined\n    at g (/app/b.js:4:1)\n';
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    expect(parseReport(bytes).exceptions[0]?.type).toBe('ReferenceError');
  });

  it('turns JSON scalars and unknown objects into text reports', () => {
    for (const input of ['42', 'null', '"just a string"', '{"a": 1}']) {
      expect(parseReport(input)).toMatchObject({ kind: 'text', exceptions: [] });
    }
  });

  it('says when a JSON object was cut short and reads what it holds up to the cut', () => {
    const cutNote =
      'it is a JSON object cut short: what it holds up to the cut was read, what came after is missing (for an event, its innermost stack frames or its exception); pass it whole for those';
    const secret = ['gh', 'p_', 'x'.repeat(36)].join('');
    const cut = parseReport(`{"event_id": "abc", "token": "${secret}", "exception": {"values": [`);
    expect(cut.kind).toBe('text');
    expect(cut.notes).toEqual([cutNote]);
    // Cut before its exception: titled by what it lacks, not by its first line, `{` (trial 28).
    expect(cut.title).toBe('Sentry event without an exception, a message or a stack trace');
    // Laid out one value per line, as a whole one-line event is, so the gate withholds one line.
    expect(cut.body.split('\n').filter((line) => line.includes(secret))).toEqual([
      `  "token": "${secret}",`,
    ]);
    expect(parseReport('{"message": "Cannot read prop').notes).toEqual([cutNote]);
    // Cut right after a value or a key (fresh-user trial 24: a Sentry event cut by `head -c`).
    expect(parseReport('{"event_id": "abc", "level": "error", "timestamp": 17').notes).toEqual([
      cutNote,
    ]);
    expect(parseReport('{"event_id": "abc", "tags": {"os": "linux"}, "user" \n').notes).toEqual([
      cutNote,
    ]);
    // Several JSON documents (JSON Lines, an .ips crash report) are not one cut short.
    expect(parseReport('{"a": 1}\n{"b": 2}\n').notes).toBeUndefined();
    // Text that only starts with a brace is no JSON that failed: no note.
    expect(parseReport('{a: 1} was logged, then it crashed').notes).toBeUndefined();
    expect(parseReport('[Bug] the app crashes on start').notes).toBeUndefined();
  });

  it('reads a Sentry event cut inside its frames as a crash with the frames before the cut', () => {
    // Fresh-user trial 27: such an event was titled `{`, labelled other, with no stack trace.
    const frame = (name: string, line: number) =>
      `{"function": "${name}", "filename": "src/${name}.js", "lineno": ${line}, "in_app": true}`;
    const event = `{"event_id": "abc",\n "exception": {"values": [{"stacktrace": {"frames": [\n  ${frame('main', 3)},\n  ${frame('render', 40)},\n  {"function": "upd`;
    const report = parseReport(event);
    expect(report).toMatchObject({
      kind: 'crash',
      title: 'Exception at render (src/render.js:40)',
    });
    expect(report.exceptions[0]?.frames.map((frame) => frame.file)).toContain('src/main.js');
    expect(report.notes).toHaveLength(1);
    // A value cut in two reads as cut, never as a shorter whole value ('Type' is no exception
    // type), and keeps its whole words only: the word the cut split may be a token's start.
    const cutType = parseReport('{"exception": {"values": [{"type": "Type');
    expect(cutType.exceptions[0]?.type).toBe('…');
    // An exception cut to its mark is no title; the event's message is.
    expect(
      parseReport(
        '{"message": "Cannot read properties of undefined", "exception": {"values": [{"type": "Type',
      ).title,
    ).toBe('Cannot read properties of undefined');
    expect(parseReport('{"message": "Cannot read prop\\u00').title).toBe('Cannot read …');
    const token = ['gh', 'p_', 'aBcDeFgHiJkLmNoP'].join('');
    const cutToken = parseReport(`{"message": "Bad credentials: token ${token}`);
    expect(cutToken.title).toBe('Bad credentials: token …');
    expect(JSON.stringify(cutToken)).not.toContain(token.slice(0, 6));
    // In its body too, when the event spans lines (fresh-user trial 29: a Sentry event's body is
    // its text, and the half token reached search and a model's prompt).
    const lines = parseReport(
      `{\n  "event_id": "0123",\n  "exception": {"values": [{"type": "TypeError", "value": "item is undefined token ${token}`,
    );
    expect(lines.body).toContain('"value": "item is undefined token …"');
    expect(JSON.stringify(lines)).not.toContain(token.slice(0, 6));
    // A release or id cut short names another version or event: not taken.
    const cutRelease = parseReport(
      '{"event_id": "a1b2", "exception": {"values": [{"type": "E"}]}, "release": "shop@2.3',
    );
    expect(cutRelease).toMatchObject({ kind: 'crash', id: expect.any(String) });
    expect(cutRelease.appVersion).toBeUndefined();
    expect(parseReport('{"exception": {"values": [{"type": "E"}]}, "event_id": "a1b').id).not.toBe(
      'a1b…',
    );
    // A number or literal at the cut is no value: `"lineno": 1` may be the start of 12.
    const cutLine = parseReport(
      '{"exception": {"values": [{"type": "E", "stacktrace": {"frames": [{"filename": "src/a.js", "function": "f", "lineno": 1',
    );
    expect(cutLine.exceptions[0]?.frames[0]).toMatchObject({ file: 'src/a.js', function: 'f' });
    expect(cutLine.exceptions[0]?.frames[0]?.line).toBeUndefined();
    // A cut text nested past the depth limit is read as text, by its depth, not by the stack.
    const deep = parseReport(`{"a": ${'['.repeat(100_000)}`);
    expect(deep.kind).toBe('text');
    expect(deep.notes?.[0]).toMatch(/^it opens as JSON but ends before the JSON does/);
    // A review export (an array of objects) cut short is said to be, not read silently as one
    // text report (fresh-user trial 28).
    expect(
      parseReport('[{"text": "App crashes on start", "rating": 1}, {"text": "Love this app, gre')
        .notes,
    ).toEqual([
      'it opens as JSON but ends before the JSON does, so it was read as text: if it is an event, an issue or an export cut short, pass it whole',
    ]);
  });

  it('reads deeply nested JSON without overflowing the stack', () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expect(parseReport(deep).kind).toBe('text');
    let nested: Record<string, unknown> = {};
    for (let depth = 0; depth < 100_000; depth += 1) nested = { child: nested };
    expect(code(() => parseReport(nested))).toBe('REPORT_UNPARSEABLE');
    // Found by fresh-user trial 17: refused by a depth check that names the limit, not by
    // whether the call stack happens to overflow.
    let past: Record<string, unknown> = {};
    for (let depth = 0; depth < 300; depth += 1) past = { child: past };
    expect(() => parseReport(past)).toThrow(/nests deeper than 256 levels of objects and arrays/);
  });

  it('refuses cyclic objects with REPORT_UNPARSEABLE', () => {
    const cyclic: Record<string, unknown> = { title: 't' };
    cyclic.self = cyclic;
    expect(code(() => parseReport(cyclic))).toBe('REPORT_UNPARSEABLE');
  });

  it('removes stray control characters and notes it', () => {
    const report = parseReport('App crashes\u0000 on start');
    expect(report).toMatchObject({
      kind: 'text',
      title: 'App crashes on start',
      notes: ['control characters were removed'],
    });
    // In a JSON report's values too, where its text has them escaped (fresh-user trial 28: a
    // title's clear-screen code reached the terminal through triage).
    const issue = {
      title: 'Crash \u001b[2J\u001b[31mred\u001b[0m\u0007 in applyDiscount',
      body: 'x',
    };
    for (const input of [issue, JSON.stringify(issue)]) {
      expect(parseReport(input)).toMatchObject({
        title: 'Crash red in applyDiscount',
        notes: ['terminal colour and cursor codes were removed'],
      });
    }
    expect(issue.title).toContain('\u001b');
    const event = {
      exception: { values: [{ type: 'Range\u001b[31mError', value: 'bad\u0000value' }] },
    };
    expect(parseReport(event)).toMatchObject({
      title: 'RangeError: bad value',
      notes: ['terminal colour and cursor codes were removed', 'control characters were removed'],
    });
    // Between two words they leave a space: `red\0nul` is not read as `rednul`.
    expect(parseReport('the colour is red\u0000\u0007nul today').title).toBe(
      'the colour is red nul today',
    );
  });

  // No time target here (how fast they are is `npm run bench:intake`'s, with its target): the
  // test's timeout only catches a hang. They still have to be read as what they are.
  it('reads adversarial lines (built to make a regular expression backtrack) as a crash with its body cut', () => {
    const report = parseReport(backtrackingText());
    expect(report).toMatchObject({ kind: 'crash', source: { format: 'rust' } });
    // One line in 11 is a panic line: 27 of the 300.
    expect(report.exceptions).toHaveLength(27);
    expect(report.notes).toEqual(['body cut to 198765 characters (of 596290)']);
  });

  it('cuts a body past the limit before the word the limit would split', () => {
    // Fresh-user trial 28: a token straddling the limit was shown up to it, 28 of its 36 characters.
    const token = ['gh', 'p_', 'aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789'].join('');
    const text = `${'word '.repeat(39_995)}${token} and more after it`;
    const report = parseReport(text);
    expect(report.body).toBe('word '.repeat(39_995));
    expect(report.notes).toEqual(['body cut to 199975 characters (of 200033)']);
    expect(JSON.stringify(report)).not.toContain('ghp_');
  });

  it('cuts a long title before the word the cut would split, in every format', () => {
    // Trial 49: a first line cut at its 300th character showed 20 characters of a GitHub token.
    const token = ['gh', 'p_', 'aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789'].join('');
    const line = `${'word '.repeat(56)}${token} rest`;
    const texts = [
      `${line}\nsecond line`,
      `# ${line}\n\nbody`,
      `TypeError: ${line}\n    at f (/app/src/a.js:1:2)`,
      JSON.stringify({ title: line, body: 'body' }),
    ];
    for (const text of texts) {
      const report = parseReport(text);
      // A title holds the whole token, where the secret rules find it, or none of it.
      const title = report.title ?? '';
      expect(title.includes('ghp_') ? title.includes(token) : title.endsWith('word')).toBe(true);
      expect(reportTitle({ ...report, title: `${'w '.repeat(97)}${token}` })).toBe(
        `${'w '.repeat(97).trimEnd()}…`,
      );
    }
  });

  it('says why a body with no space to cut at is left out, not that it was cut to 0 characters', () => {
    // Trial 49: a 10,000,000-character line warned "body cut to 0 characters (of 10000000)".
    const report = parseReport('a'.repeat(300_000));
    expect(report.body).toBe('');
    expect(report.notes).toEqual([
      'body left out: its first 200000 characters (of 300000) hold no space or line break to cut it at without splitting a word',
    ]);
  });

  // Each Rust 1.73 panic line (`thread 'main' panicked at src/main.rs:1:5:`) took every line after
  // it as its message, up to a blank line: n such lines cost n²/2 regular-expression runs (200,000
  // lines, 8.6 MB, ran out of memory). Doubling the lines must not much more than double the work.
  it('reads many panic lines in work linear in their number', () => {
    const panics = (count: number) =>
      Array.from(
        { length: count },
        (_, index) => `thread 'main' panicked at src/main.rs:${index + 1}:5:`,
      ).join('\n');
    const runs = [500, 1_000].map((count) => regexRuns(() => parseReport(panics(count))));
    expect((runs[1] ?? 0) / (runs[0] ?? 1)).toBeLessThan(2.2);
    const report = parseReport(panics(3));
    expect(
      report.exceptions.map((exception) => [exception.message, exception.frames[0]?.line]),
    ).toEqual([
      ['', 1],
      ['', 2],
      ['', 3],
    ]);
  });

  // A copy of the rest of the report per heading took over 3 minutes on these 50,000 empty
  // sections (500 kB); read once, they take about a second (timed by `npm run bench:intake`).
  it('reads an issue of many "Error message" headings without hanging', { timeout: 60_000 }, () => {
    const report = parseReport(manyHeadingsIssue(), { format: 'markdown-issue' });
    expect(report.exceptions[0]).toMatchObject({ type: '', message: 'boom' });
  });
});
