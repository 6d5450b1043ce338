import { readdirSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sharedDataTitle } from '@sightline/core/testing';
import { MAX_REPORT_BYTES } from '@sightline/intake';
import { createFakeRepository, createSecretReport } from '@sightline/investigator/testing';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { type MemoryOutput, memoryOutput } from '../testing/memory-output.test-helper.js';
import { runTriage, type TriageIO, type TriageRow } from './triage.js';

const sharedData = path.resolve(process.cwd(), '../shared/data');
const crashes = sharedDataTitle(
  'labels every shared crash log and Sentry event a crash, with its top in-app frame',
  path.join(sharedData, 'crashes'),
);
const reviews = sharedDataTitle(
  'triages the whole review test split (one report per line)',
  path.join(sharedData, 'reviews/test.jsonl'),
);

function memoryIo(stdin = ''): TriageIO & MemoryOutput {
  return Object.assign(memoryOutput(), {
    readStdin: async () => new TextEncoder().encode(stdin),
    columns: 80,
  });
}

/** An input `--json` has no row for: a file, or a line of one, that could not be triaged. */
interface JsonFailure {
  file: string;
  line?: number;
  error: { code: string; message: string; exitCode: number };
}

/** The JSON lines of `--json` output: rows, and the inputs that failed. */
const jsonLines = (out: string): (TriageRow | JsonFailure)[] =>
  out
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as TriageRow | JsonFailure);

const jsonRows = (out: string): TriageRow[] =>
  jsonLines(out).filter((line): line is TriageRow => !('error' in line));

const jsonFailures = (out: string): JsonFailure[] =>
  jsonLines(out).filter((line): line is JsonFailure => 'error' in line);

describe('runTriage', () => {
  it('classifies a report from stdin and prints a table with per-label counts', async () => {
    const io = memoryIo(
      'The app crashes every time I open the camera since the last update. Please fix!',
    );
    expect(await runTriage({ files: ['-'] }, io)).toBe(0);
    const lines = io.out.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^LABEL\s+CONF\s+TITLE\s+FRAME$/);
    expect(lines[1]).toMatch(
      /^(bug|feature|question|other)\s+[01]\.\d\d {2}The app crashes every time.*…? -$/,
    );
    expect(lines.every((line) => line.length <= 80)).toBe(true);
    expect(lines.at(-1)).toMatch(
      /^bug \d · crash 0 · feature \d · question \d · other \d \(1 report\)$/,
    );
    expect(io.err).toBe('');
  });

  it('shows no secret of a report in its title or frame, with or without --repo', async () => {
    // Found by fresh-user trial 16: a report's secrets reached every output made from it.
    const { text, secrets } = createSecretReport();
    const repo = await createFakeRepository();
    try {
      for (const options of [{}, { repo: repo.root }]) {
        const io = memoryIo(text);
        expect(await runTriage({ files: ['-'], json: true, ...options }, io)).toBe(0);
        for (const secret of secrets) expect(io.out).not.toContain(secret);
        expect(jsonRows(io.out)[0]?.title).toBe(
          '[withheld: looks like a secret (an AWS access key ID)]',
        );
      }
    } finally {
      await repo.cleanup();
    }
  });

  it('sizes the LABEL column to its widest label: question keeps a gap before CONF', async () => {
    // Found by a fresh-user trial: LABEL was 8 wide, so "question0.81" ran together.
    const io = memoryIo('How can I export my data to CSV? Is it possible?');
    expect(await runTriage({ files: ['-'] }, io)).toBe(0);
    const [header = '', row = ''] = io.out.split('\n');
    expect(row).toMatch(/^question {2}0\.\d\d {2}How can I export my data to CSV\?/);
    expect(header).toMatch(/^LABEL {5}CONF {2}TITLE/);
  });

  it('prints JSON lines only with json, one object per report', async () => {
    const io = memoryIo('Please add an option to export my notes as PDF, that would be great.');
    expect(await runTriage({ files: ['-'], json: true }, io)).toBe(0);
    expect(jsonRows(io.out)).toEqual([
      {
        file: 'stdin',
        id: expect.any(String),
        kind: expect.any(String),
        label: expect.stringMatching(/^(bug|feature|question|other)$/),
        confidence: expect.any(Number),
        method: 'offline',
        title: 'Please add an option to export my notes as PDF, that would be great.',
        topFrame: null,
        reasons: expect.any(Array),
      },
    ]);
  });

  it('bounds a title in the JSON as the service does: 200 characters, the last an ellipsis', async () => {
    // Found by a fresh-user trial: issue JSON with a 60,000-character title came out verbatim.
    const io = memoryIo(JSON.stringify({ title: 'Ta '.repeat(20_000), body: 'It crashes.' }));
    expect(await runTriage({ files: ['-'], json: true }, io)).toBe(0);
    expect(jsonRows(io.out)[0]?.title).toBe(`${'Ta '.repeat(66).trimEnd()}…`);
  });

  it('marks a label that is a guess (a language the offline model does not know) in the table and the JSON', async () => {
    const review = 'アプリを開くとすぐに落ちます。アップデートしてから一度も使えていません。';
    const table = memoryIo(review);
    expect(await runTriage({ files: ['-'] }, table)).toBe(0);
    const lines = table.out.trimEnd().split('\n');
    expect(lines[1]).toMatch(/^(bug|feature|question|other)\?\s/);
    expect(lines.at(-1)).toMatch(/^\? a guess: the report is probably in a language/);
    const json = memoryIo(review);
    expect(await runTriage({ files: ['-'], json: true }, json)).toBe(0);
    expect(jsonRows(json.out)[0]).toMatchObject({ guess: true });
  });

  it('says on stderr when --model was not used and the labels are offline', async () => {
    // Fresh-user trial 31: a refused key gave offline labels, exit 0, and not a word of it.
    const model = new MockLanguageModelV3({
      doGenerate: async () => {
        throw new Error('HTTP 401: invalid API key');
      },
    });
    const io = memoryIo('The export button does nothing since the update. Please fix.');
    expect(await runTriage({ files: ['-'], json: true, model }, io)).toBe(0);
    expect(jsonRows(io.out)[0]).toMatchObject({ method: 'offline' });
    expect(io.err).toBe(
      'sightline triage: --model was not used for 1 of 1 report, classified offline instead: The classification call to mock-provider/mock-model-id failed: HTTP 401: invalid API key. Check the model name, API key and network, or classify offline.\n',
    );
  });

  it('refuses --examples without --model instead of ignoring it', async () => {
    // Found by a fresh-user trial: triage --examples DIR without --model said nothing.
    const io = memoryIo('Love this app!');
    await expect(
      runTriage({ files: ['-'], examples: '/nonexistent/data' }, io),
    ).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message:
        '--examples needs --model: the labelled examples are shown to the model, and offline classification uses none. Add --model, or drop --examples.',
    });
    expect(io.out).toBe('');
  });

  it('reports an unreadable file on stderr, still processes the others, and exits 2', async () => {
    const io = memoryIo('Love this app!');
    expect(await runTriage({ files: ['/nonexistent/report.txt', '-'], json: true }, io)).toBe(2);
    expect(io.err).toBe(
      'sightline triage: Cannot read "/nonexistent/report.txt": no such file. Check the path, or pass - to read standard input.\n',
    );
    // The JSON names the file it has no row for, and why, as stderr does (trial 38).
    const [failure] = jsonFailures(io.out);
    expect(failure).toEqual({
      file: '/nonexistent/report.txt',
      error: {
        code: 'PATH_NOT_FOUND',
        message:
          'Cannot read "/nonexistent/report.txt": no such file. Check the path, or pass - to read standard input.',
        exitCode: 2,
      },
    });
    expect(jsonRows(io.out)).toMatchObject([{ file: 'stdin', title: 'Love this app!' }]);
  });

  it('reads a JSON Lines file of {"text": …} reports (the API shape) one report a line, auto or as reviews', async () => {
    const stdin =
      '{"text":"The app crashes every time I open settings"}\n{"text":"Please add dark mode"}\n';
    for (const format of ['auto', 'reviews']) {
      const io = memoryIo(stdin);
      expect(await runTriage({ files: ['-'], json: true, format }, io)).toBe(0);
      expect(jsonRows(io.out).map((row) => [row.title, row.label])).toEqual([
        ['The app crashes every time I open settings', 'bug'],
        ['Please add dark mode', 'feature'],
      ]);
      expect(io.err).toBe('');
    }
  });

  it('reads a Latin-1 report as investigate does: with a note on stderr saying how to convert it', async () => {
    // Found by a fresh-user trial: "café" became "caf\uFFFD" in the title without a word.
    const latin1 = Buffer.from('The app crashes in the café screen since the update\n', 'latin1');
    const io = Object.assign(memoryIo(), { readStdin: async () => new Uint8Array(latin1) });
    expect(await runTriage({ files: ['-'], json: true }, io)).toBe(0);
    expect(jsonRows(io.out)).toHaveLength(1);
    expect(io.err).toBe(
      'sightline triage: note: stdin: invalid UTF-8 bytes were replaced with U+FFFD: the text is in another encoding; convert it to UTF-8 from its encoding first (e.g. iconv -f WINDOWS-1252 -t UTF-8 for Western European text, -f SHIFT_JIS for Japanese; file -bi FILE may name it)\n',
    );
  });

  it("prints the report's reading notes on stderr as investigate does, a note shared by several reports once", async () => {
    // Found by comparing with investigate: triage printed only the encoding note.
    const pasted = memoryIo(
      'The app crashes \u001b[31mevery time\u001b[0m I open settings\u0007 since the update\n',
    );
    expect(await runTriage({ files: ['-'], json: true }, pasted)).toBe(0);
    expect(pasted.err).toBe(
      [
        'sightline triage: note: stdin: terminal colour and cursor codes were removed',
        'sightline triage: note: stdin: control characters were removed',
        '',
      ].join('\n'),
    );
    const lines = memoryIo(
      '{"text":"The app crashes\\u0007 when I open settings"}\n{"text":"Please add dark mode\\u0007"}\n',
    );
    expect(await runTriage({ files: ['-'], json: true }, lines)).toBe(0);
    expect(jsonRows(lines.out)).toHaveLength(2);
    expect(lines.err).toBe('sightline triage: note: stdin: control characters were removed\n');
  });

  it('names a file holding escape codes escaped in its notes and errors', async () => {
    // Fresh-user trial 29: the table was escaped, the notes and errors naming the file were not.
    const folder = await mkdtemp(path.join(tmpdir(), 'sightline-triage-names-'));
    try {
      const named = path.join(folder, 'r\u001b[2Jcut.txt');
      await writeFile(named, 'The app crashes\u0007 when I open settings\n');
      const io = memoryIo('');
      expect(await runTriage({ files: [named, path.join(folder, 'q\u001b[2J.txt')] }, io)).toBe(2);
      expect(io.err).toContain('r\\u001b[2Jcut.txt: control characters were removed');
      expect(io.err).toContain('q\\u001b[2J.txt');
      expect(io.err).not.toContain('\u001b');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('prints no terminal control of a JSON report raw, in its table', async () => {
    // Fresh-user trial 28: an issue's title cleared the screen through the table.
    const issue = memoryIo(
      `${JSON.stringify({ title: 'Crash \u001b[2Jin cart\u202e txt.exe \u0085 now', body: 'x' })}\n`,
    );
    expect(await runTriage({ files: ['-'] }, issue)).toBe(0);
    // Intake gives every title on one line, without bidirectional controls (trial 37).
    expect(issue.out).toContain('Crash in cart txt.exe now');
    for (const raw of ['\u001b', '\u0085', '\u202e']) expect(issue.out).not.toContain(raw);
    expect(issue.err).toBe(
      'sightline triage: note: stdin: terminal colour and cursor codes were removed\n',
    );
  });

  it('reads a UTF-16 JSON Lines file with a byte-order mark, little- or big-endian', async () => {
    // Found by a fresh-user trial: every line of a UTF-16 .jsonl was refused as "not JSON".
    const text =
      '{"text":"The app crashes every time I open settings"}\n{"text":"Please add dark mode"}\n';
    const littleEndian = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const bigEndian = Buffer.concat([
      Buffer.from([0xfe, 0xff]),
      Buffer.from(text, 'utf16le').swap16(),
    ]);
    const dir = await mkdtemp(path.join(tmpdir(), 'triage-'));
    try {
      for (const [name, bytes] of [
        ['le.jsonl', littleEndian],
        ['be.jsonl', bigEndian],
      ] as const) {
        const file = path.join(dir, name);
        await writeFile(file, bytes);
        const io = memoryIo();
        expect(await runTriage({ files: [file], json: true }, io)).toBe(0);
        expect(jsonRows(io.out).map((row) => row.title)).toEqual([
          'The app crashes every time I open settings',
          'Please add dark mode',
        ]);
        expect(io.err).toBe('');
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('bounds a UTF-16 file by its bytes, as ingest and the API do, not by its text in UTF-8', async () => {
    // Found in review: an 8.2 MiB UTF-16 file of Japanese was refused as 10.4 MiB, the size of its
    // text in UTF-8.
    const text = 'エラー: 保存できません\n'.repeat(330_000);
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    expect(bytes.byteLength).toBeLessThan(MAX_REPORT_BYTES);
    expect(Buffer.byteLength(text)).toBeGreaterThan(MAX_REPORT_BYTES);
    const io = Object.assign(memoryIo(), { readStdin: async () => new Uint8Array(bytes) });
    expect(await runTriage({ files: ['-'], json: true }, io)).toBe(0);
    expect(jsonRows(io.out).map((row) => row.title)).toEqual(['エラー: 保存できません']);
    // Read, not refused: the one note says the long body was cut for reading, as investigate's.
    expect(io.err).not.toMatch(/MiB|too large|limit/);
  });

  it('refuses the lines of a .jsonl file that are not JSON or have an empty text, by line number, keeps the others and exits 2', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'triage-'));
    try {
      const file = path.join(dir, 'bad.jsonl');
      await writeFile(file, '{"text":"a crash"}\nnot json\n{"text":""}\n');
      const io = memoryIo();
      expect(await runTriage({ files: [file], json: true }, io)).toBe(2);
      expect(jsonRows(io.out).map((row) => row.title)).toEqual(['a crash']);
      // The JSON names each line it has no row for, and why, as stderr does (trial 38).
      expect(jsonFailures(io.out)).toEqual([
        {
          file,
          line: 2,
          error: { code: 'REPORT_UNPARSEABLE', message: 'line 2 is not JSON', exitCode: 2 },
        },
        {
          file,
          line: 3,
          error: { code: 'REPORT_UNPARSEABLE', message: 'line 3 has an empty "text"', exitCode: 2 },
        },
      ]);
      expect(io.err).toBe(
        [
          `sightline triage: ${file} line 2 is not JSON; skipped.`,
          `sightline triage: ${file} line 3 has an empty "text"; skipped.`,
          '',
        ].join('\n'),
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses the row of a CSV review export that cannot be read, by line number, keeps the others and exits 2', async () => {
    // Found by a fresh-user trial: the whole export was read as one plain-text report titled
    // "id,text,rating", exit 0.
    const dir = await mkdtemp(path.join(tmpdir(), 'triage-'));
    try {
      const file = path.join(dir, 'r.csv');
      await writeFile(file, 'id,text,rating\n1,"app crashes on start",1\n2,"unterminated\n');
      const io = memoryIo();
      expect(await runTriage({ files: [file], json: true }, io)).toBe(2);
      expect(jsonRows(io.out).map((row) => [row.id, row.kind, row.title])).toEqual([
        ['1', 'review', 'app crashes on start'],
      ]);
      expect(io.err).toBe(
        `sightline triage: ${file} line 3 is not a CSV row (a quote opened there is never closed); skipped.\n`,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('reads a CSV of issues with a title and a body column one issue a row, whatever its name', async () => {
    // Found by a fresh-user trial: NLBSE's issues_train.csv (repo,created_at,label,title,body) was
    // read as one "crash" report of 1500 issues cut to 200000 characters, exit 0.
    const dir = await mkdtemp(path.join(tmpdir(), 'triage-'));
    try {
      const file = path.join(dir, 'issues.txt');
      await writeFile(
        file,
        'repo,created_at,label,title,body\n' +
          'o/r,2023-08-26,bug,Crash on save,"Saving fails:\n\n```\nTypeError: x is undefined\n    at save (/app/src/save.js:3:9)\n```"\n' +
          'o/r,2023-08-27,feature,"Add a dark theme","Please add one, the ""light"" theme hurts."\n',
      );
      const io = memoryIo();
      expect(await runTriage({ files: [file], json: true }, io)).toBe(0);
      expect(jsonRows(io.out).map((row) => [row.kind, row.title, row.label])).toEqual([
        ['issue', 'Crash on save', 'crash'],
        ['issue', 'Add a dark theme', expect.any(String)],
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a row of a CSV review export with too few fields by its line number, as an unreadable one', async () => {
    // Found by a fresh-user trial: a row with fewer fields than the header was dropped silently,
    // exit 0.
    const dir = await mkdtemp(path.join(tmpdir(), 'triage-'));
    try {
      const file = path.join(dir, 'r.csv');
      await writeFile(file, 'rating,review,title\n1,"crashes on save",t1\n2\n5,"great",t3\n');
      const io = memoryIo();
      expect(await runTriage({ files: [file], json: true }, io)).toBe(2);
      expect(jsonRows(io.out).map((row) => row.title)).toEqual(['t1', 't3']);
      expect(io.err).toBe(
        `sightline triage: ${file} line 3 has 1 field where the header names 3; skipped.\n`,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a row of a CSV review export with more fields than the header by its line number, as a short one', async () => {
    // Found by a fresh-user trial: an unquoted comma in the text cut it there without a word,
    // `1,crashes on save, then freezes` triaged as "crashes on save", exit 0.
    const dir = await mkdtemp(path.join(tmpdir(), 'triage-'));
    try {
      const file = path.join(dir, 'r.csv');
      await writeFile(file, 'rating,review\n1,crashes on save, then freezes\n5,great app\n');
      const io = memoryIo();
      expect(await runTriage({ files: [file], json: true }, io)).toBe(2);
      expect(jsonRows(io.out).map((row) => row.title)).toEqual(['great app']);
      expect(io.err).toBe(
        `sightline triage: ${file} line 2 has 3 fields where the header names 2; skipped.\n`,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('reads a JSON Lines review export named other than .jsonl line by line, refusing a bad line by number', async () => {
    // Found by a fresh-user trial: as export.txt, the line that was not JSON and the one without
    // a rating were dropped silently, exit 0; as export.jsonl the first was refused, exit 2.
    const dir = await mkdtemp(path.join(tmpdir(), 'triage-'));
    try {
      const lines = [
        '{"text":"App crashes on save","rating":1}',
        '{"text":"Login button broken","rating":2',
        '{"text":"No rating here"}',
        '{"text":"Love it","rating":5}',
      ];
      for (const name of ['export.txt', 'export.jsonl']) {
        const file = path.join(dir, name);
        await writeFile(file, `${lines.join('\n')}\n`);
        const io = memoryIo();
        expect(await runTriage({ files: [file], json: true }, io)).toBe(2);
        expect(jsonRows(io.out).map((row) => row.title)).toEqual([
          'App crashes on save',
          'No rating here',
          'Love it',
        ]);
        expect(io.err).toBe(`sightline triage: ${file} line 2 is not JSON; skipped.\n`);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('reads one {"text": …} line on stdin as the report it holds, refuses a line without text, and an empty .jsonl as ingest does', async () => {
    // Found by a fresh-user trial: the one line was classified as JSON ("JSON object with key
    // text"), {"nottext":1} became a report, and an empty .jsonl was 0 reports, exit 0, where
    // ingest refused it.
    const one = memoryIo('{"text":"The app crashes every time I open settings"}\n');
    expect(await runTriage({ files: ['-'], json: true }, one)).toBe(0);
    expect(jsonRows(one.out).map((row) => row.title)).toEqual([
      'The app crashes every time I open settings',
    ]);
    const dir = await mkdtemp(path.join(tmpdir(), 'triage-'));
    try {
      const noText = path.join(dir, 'no-text.jsonl');
      // Found by fresh-user trial 17 (README said a line without `text` is refused): an object
      // holding a string to read is the report itself, an issue {"title": …} here.
      await writeFile(noText, '{"text":"a crash"}\n{"nottext":1}\n{"title":"no text"}\n');
      const refused = memoryIo();
      expect(await runTriage({ files: [noText], json: true }, refused)).toBe(2);
      expect(jsonRows(refused.out).map((row) => row.title)).toEqual(['a crash', 'no text']);
      expect(refused.err).toMatch(
        /^sightline triage: \S+no-text\.jsonl line 2 has no "text" field and no other text to read as a report \(.*; skipped\.\n$/,
      );
      const empty = path.join(dir, 'empty.jsonl');
      await writeFile(empty, '');
      const io = memoryIo();
      expect(await runTriage({ files: [empty], json: true }, io)).toBe(2);
      expect(io.err).toContain(`${empty}: The report is empty.`);
      expect(jsonRows(io.out)).toEqual([]);
      expect(jsonFailures(io.out)).toMatchObject([
        { file: empty, error: { code: 'REPORT_EMPTY', exitCode: 2 } },
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses standard input given twice before reading anything', async () => {
    // Found by a fresh-user trial: `triage - -` read stdin once, then found it empty.
    let reads = 0;
    const io = Object.assign(memoryIo(), {
      readStdin: async () => {
        reads += 1;
        return new TextEncoder().encode('TypeError: x is undefined');
      },
    });
    await expect(runTriage({ files: ['-', '-'] }, io)).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message:
        'Standard input is given 2 times (-, -); it can be read only once. Give - once, and the other reports as files.',
    });
    expect(reads).toBe(0);
  });

  it('adds a FILE column (base names, cut to fit) when several files are given', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'triage-'));
    try {
      const long = path.join(dir, 'a-very-long-report-file-name-that-must-be-cut.txt');
      await writeFile(long, 'Please add dark mode to the settings screen.');
      await writeFile(path.join(dir, 'b.txt'), 'The app crashes on start.');
      const io = memoryIo();
      expect(await runTriage({ files: [long, path.join(dir, 'b.txt')] }, io)).toBe(0);
      const lines = io.out.split('\n');
      expect(lines[0]).toMatch(/^LABEL\s+CONF\s+FILE\s+TITLE\s+FRAME$/);
      expect(lines[1]).toMatch(
        /^\w+\s+[01]\.\d\d {2}a-very-long-report-file… {2}Please add dark mode/,
      );
      expect(lines[2]).toMatch(/^\w+\s+0\.\d\d {2}b\.txt {21}The app crashes on start\.\s+-$/);
      expect(lines.every((line) => line.length <= 80)).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('prints only the errors, no empty table, and exits 2 when every input failed', async () => {
    const io = memoryIo('  \n');
    expect(await runTriage({ files: ['/nonexistent/report.txt', '-'] }, io)).toBe(2);
    expect(io.out).toBe('');
    expect(io.err).toBe(
      [
        'sightline triage: Cannot read "/nonexistent/report.txt": no such file. Check the path, or pass - to read standard input.',
        'sightline triage: stdin: The report is empty. Pass a crash log, issue text or app review with some text in it.',
        '',
      ].join('\n'),
    );
  });

  it('marks frames in-app against --repo: a dependency path that is the repository itself', async () => {
    const repo = await createFakeRepository();
    try {
      const trace = [
        "TypeError: Cannot read properties of undefined (reading 'price')",
        '    at cartTotal (/home/user/app/node_modules/fake-shop/src/cart/total.ts:7:25)',
        '    at Object.<anonymous> (/home/user/app/index.js:3:1)',
      ].join('\n');
      await writeFile(path.join(repo.root, 'package.json'), '{"name": "fake-shop"}\n');
      const withoutRepo = memoryIo(trace);
      await runTriage({ files: ['-'], json: true }, withoutRepo);
      expect(jsonRows(withoutRepo.out)[0]?.topFrame).not.toContain('src/cart/total.ts');
      const withRepo = memoryIo(trace);
      expect(await runTriage({ files: ['-'], json: true, repo: repo.root }, withRepo)).toBe(0);
      expect(jsonRows(withRepo.out)[0]).toMatchObject({ label: 'crash' });
      expect(jsonRows(withRepo.out)[0]?.topFrame).toContain('src/cart/total.ts:7');
    } finally {
      await repo.cleanup();
    }
  });

  it("takes a chained exception's culprit frame from its root cause, as the localizer reads the chain", async () => {
    // Found by a fresh-user trial: the servlet crash of the shared data showed the outer
    // exception's OpenSessionInViewFilter.java:60, where its label names the root cause's frame.
    const trace = [
      'javax.servlet.ServletException: Something bad happened',
      '    at com.example.myproject.OpenSessionInViewFilter.doFilter(OpenSessionInViewFilter.java:60)',
      '    at org.mortbay.jetty.servlet.ServletHandler$CachedChain.doFilter(ServletHandler.java:1157)',
      '    at org.mortbay.thread.QueuedThreadPool$PoolThread.run(QueuedThreadPool.java:582)',
      'Caused by: com.example.myproject.MyProjectServletException',
      '    at com.example.myproject.MyServlet.doPost(MyServlet.java:169)',
      '    at javax.servlet.http.HttpServlet.service(HttpServlet.java:727)',
      '    at com.example.myproject.OpenSessionInViewFilter.doFilter(OpenSessionInViewFilter.java:30)',
      '    ... 27 common frames omitted',
      '',
    ].join('\n');
    const io = memoryIo(trace);
    expect(await runTriage({ files: ['-'], json: true }, io)).toBe(0);
    expect(jsonRows(io.out)[0]?.topFrame).toBe('MyServlet.java:169 doPost');
  });

  it.skipIf(!crashes.present)(crashes.title, async () => {
    const crashDir = path.join(sharedData, 'crashes');
    const files = readdirSync(crashDir)
      .filter((name) => name !== 'index.json')
      .map((name) => path.join(crashDir, name));
    const io = memoryIo();
    expect(await runTriage({ files, json: true }, io)).toBe(0);
    const rows = jsonRows(io.out);
    expect(rows.length).toBeGreaterThanOrEqual(files.length);
    expect(rows.filter((row) => row.label !== 'crash')).toEqual([]);
    const message = rows.find((row) => row.file.endsWith('sentry_event_python.json'));
    expect(message?.reasons).toEqual(['the report is a Sentry event']);
    expect(message?.title).toMatch(/^Sentry event logged at build_msg /);
    for (const row of rows) expect(row.title).toMatch(/\w/);
    const table = memoryIo();
    await runTriage({ files }, table);
    expect(table.out.split('\n').every((line) => line.length <= 80)).toBe(true);
    expect(table.out).toMatch(/^LABEL\s+CONF\s+FILE\s+TITLE\s+FRAME\n/);
    expect(table.out).toContain(' go_panic_nil_pointer.txt ');
    // The labels' top in-app frame of a chained Java exception is its root cause's (the nested
    // one's root cause has no frame: its cause's, below the mail library's frames).
    const topFrameOf = (name: string) => rows.find((row) => row.file.endsWith(name))?.topFrame;
    expect(topFrameOf('java_servlet_exception_caused_by.txt')).toBe('MyServlet.java:169 doPost');
    expect(topFrameOf('java_nested_exception_caused_by.txt')).toBe(
      'AutomaticEmailFacade.java:229 sendWithSmtp',
    );
    const node = rows.find((row) => row.file.endsWith('node_typeerror_async.txt'));
    expect(node).toMatchObject({
      label: 'crash',
      method: 'offline',
      topFrame: expect.stringMatching(/:\d+ \S+/),
    });
  });

  it.skipIf(!reviews.present)(reviews.title, async () => {
    const io = memoryIo();
    expect(await runTriage({ files: [path.join(sharedData, 'reviews/test.jsonl')] }, io)).toBe(0);
    const summary = io.out.split('\n').find((line) => /^bug \d/.test(line)) ?? '';
    expect(summary).toMatch(
      /^bug \d+ · crash 0 · feature \d+ · question \d+ · other \d+ \(677 reports\)$/,
    );
    const counts = [...summary.matchAll(/(\d+)/g)].map((match) => Number(match[1]));
    expect(counts.slice(0, 5).reduce((sum, count) => sum + count, 0)).toBe(677);
    // Reviews go to the review classifier, which has no question label.
    expect(counts[3]).toBe(0);
  });
});
