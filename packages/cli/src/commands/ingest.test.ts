import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryOutput } from '../testing/memory-output.test-helper.js';
import { runIngest } from './ingest.js';

/** A request body the ingest API takes, as the fake service below reads it. */
interface SentBody {
  reports: { id: string; text?: string; filename?: string }[];
}

/**
 * A fake ingest API: keeps each request's body in `sent` and answers as the service does (every
 * report stored, `reportIds` in order).
 */
function fakeService(): { sent: SentBody[]; fetch: typeof fetch } {
  const sent: SentBody[] = [];
  const fetch = (async (_url: URL, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as SentBody;
    sent.push(body);
    return storedAnswer(body);
  }) as unknown as typeof globalThis.fetch;
  return { sent, fetch };
}

/** The service's answer to a request whose reports were all stored. */
function storedAnswer(body: SentBody): Response {
  return Response.json({
    stored: body.reports.length,
    duplicates: 0,
    revised: 0,
    reportIds: body.reports.map((report) => report.id),
  });
}

describe('sightline ingest', () => {
  /** An IO whose stdin holds `stdin` and whose fetch records that it was called. */
  const recordingIo = (stdin: string) => {
    const sent = { fetched: false };
    const io = Object.assign(memoryOutput(), {
      env: {},
      readStdin: async () => new TextEncoder().encode(stdin),
      fetch: (async () => {
        sent.fetched = true;
        return new Response('{}');
      }) as typeof fetch,
    });
    return { io, sent };
  };

  it('refuses a --url that is not a URL with a usage error that says what to give', async () => {
    const { io, sent } = recordingIo('');
    await expect(
      runIngest({ files: ['-'], url: 'not a url', token: 'x' }, io),
    ).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringContaining('--url "not a url" is not a URL'),
    });
    expect(sent.fetched).toBe(false);
  });

  it('refuses a --url of another scheme than http(s) before reading or sending anything', async () => {
    const { io, sent } = recordingIo('TypeError: x is undefined');
    for (const url of ['ftp://127.0.0.1/reports', 'file:///tmp/x']) {
      await expect(runIngest({ files: ['-'], url, token: 'x' }, io)).rejects.toMatchObject({
        code: 'INVALID_ARGUMENT',
        message: expect.stringContaining('is not an http(s) address'),
      });
    }
    expect(sent.fetched).toBe(false);
  });

  it('refuses a --url with a user name or password before sending anything, showing no password', async () => {
    const { io, sent } = recordingIo('TypeError: x is undefined');
    // Trial 34: with no scheme, the password sat in the URL's path and was echoed.
    for (const url of [
      'http://ops:pw-secret@127.0.0.1:4317',
      'ftp://ops:pw-secret@127.0.0.1/x',
      'ops:pw-secret@127.0.0.1:4317',
    ]) {
      const error = await runIngest({ files: ['-'], url, token: 'x' }, io).catch(
        (caught) => caught,
      );
      expect(error).toMatchObject({ code: 'INVALID_ARGUMENT' });
      expect(JSON.stringify({ message: error.message, details: error.details })).not.toContain(
        'pw-secret',
      );
    }
    const error = await runIngest(
      { files: ['-'], url: 'http://ops:pw-secret@127.0.0.1:4317', token: 'x' },
      io,
    ).catch((caught) => caught);
    expect(error.message).toContain('give --url http://127.0.0.1:4317');
    expect(sent.fetched).toBe(false);
  });

  it('refuses a token an HTTP header cannot carry without showing it', async () => {
    // Trial 34: fetch's Headers refused it with the token quoted, under "Cannot reach".
    const { io, sent } = recordingIo('TypeError: x is undefined');
    for (const token of ['tok-secret\nline2', 'tok-secret\u2026']) {
      const error = await runIngest(
        { files: ['-'], url: 'http://127.0.0.1:4317', token },
        io,
      ).catch((caught) => caught);
      expect(error.message).toMatch(/^The API token holds a line break/);
      expect(error.message).not.toContain('tok-secret');
    }
    expect(sent.fetched).toBe(false);
  });

  it('refuses an empty or binary report, or text in another encoding, as the API does, storing and sending nothing', async () => {
    for (const [bytes, problem] of [
      [new Uint8Array([32, 10, 9]), 'is empty. Send the report text.'],
      [
        new Uint8Array([0x50, 0x4b, 3, 4, 0, 0, 0, 8]),
        'is binary data: 6 of its first 8 characters are control characters or invalid bytes (the first, U+0003, at character 3).',
      ],
      // Found by a fresh-user trial: a Latin-1 report was stored with U+FFFD for "é".
      [
        new Uint8Array(Buffer.from('The app crashes in the café screen\n', 'latin1')),
        'stdin is not valid UTF-8: the text is in another encoding; convert it to UTF-8 from its encoding first (e.g. iconv -f WINDOWS-1252 -t UTF-8 for Western European text, -f SHIFT_JIS for Japanese; file -bi FILE may name it).',
      ],
      // Found in review: UTF-16 with an unpaired surrogate was told to convert from Latin-1.
      [
        new Uint8Array(
          Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Crash \ud800 here\n', 'utf16le')]),
        ),
        'stdin is not valid UTF-16: it holds a 16-bit unit that is no character (half of a surrogate pair), so the file is damaged; save or export it again, as UTF-8 if you can.',
      ],
    ] as const) {
      let fetched = false;
      const io = Object.assign(memoryOutput(), {
        env: {},
        readStdin: async () => bytes,
        fetch: (async () => {
          fetched = true;
          return new Response('{}');
        }) as typeof fetch,
      });
      const code = await runIngest({ files: ['-'], url: 'http://127.0.0.1:9', token: 'x' }, io);
      expect(code).toBe(2);
      expect(io.err).toContain(problem);
      expect(fetched).toBe(false);
    }
  });

  it('reads a UTF-16 report with a byte-order mark as text, as the API does', async () => {
    // Found by a fresh-user trial: a UTF-16 crash log was refused as "binary data".
    const text = 'TypeError: x is undefined\n    at f (/app/src/a.js:1:2)\n';
    for (const bytes of [
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]),
      Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]),
    ]) {
      const { sent, fetch } = fakeService();
      const io = Object.assign(memoryOutput(), {
        env: {},
        readStdin: async () => new Uint8Array(bytes),
        fetch,
      });
      expect(await runIngest({ files: ['-'], url: 'http://127.0.0.1:9', token: 'x' }, io)).toBe(0);
      expect(sent.map((body) => body.reports.map((report) => report.text))).toEqual([[text]]);
      expect(io.err).toBe('');
    }
  });

  it('stops at the files it cannot take, without looking for a store then', async () => {
    const io = Object.assign(memoryOutput(), {
      env: {},
      readStdin: async () => new Uint8Array([0x50, 0x4b, 3, 4, 0, 0, 0, 8]),
    });
    const code = await runIngest({ files: ['-'], data: '/nonexistent/sightline-data' }, io);
    expect(code).toBe(2);
    expect(io.err.trim().split('\n')).toEqual([
      expect.stringMatching(/^sightline ingest: .* is binary data: 6 of its first 8 characters/),
    ]);
  });

  it('says how many reports already there were updated by a new text', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'ingest-'));
    try {
      const file = path.join(dir, 'edited.jsonl');
      await writeFile(file, '{"id":"r1","text":"It crashes on open, now with a trace"}\n');
      const fetch = (async () =>
        Response.json({
          stored: 0,
          duplicates: 0,
          revised: 1,
          reportIds: ['r1'],
        })) as unknown as typeof globalThis.fetch;
      const io = Object.assign(memoryOutput(), {
        env: {},
        readStdin: async () => new Uint8Array(),
        fetch,
      });
      expect(await runIngest({ files: [file], url: 'http://127.0.0.1:9', token: 'x' }, io)).toBe(0);
      expect(io.out).toBe(
        `${file}: 0 stored, 1 updated (a new text of a report already there), 0 already there\n`,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('sends the text of each {"text": …} line of a .jsonl file, and refuses the bad lines by number', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'ingest-'));
    try {
      const good = path.join(dir, 'good.jsonl');
      const bad = path.join(dir, 'bad.jsonl');
      await writeFile(
        good,
        '{"text":"The app crashes every time I open settings"}\n{"text":"Please add dark mode","id":"r2"}\n',
      );
      await writeFile(bad, '{"text":"a crash"}\nnot json\n{"text":""}\n');
      const { sent, fetch } = fakeService();
      const io = Object.assign(memoryOutput(), {
        env: {},
        readStdin: async () => new Uint8Array(),
        fetch,
      });
      const code = await runIngest(
        { files: [good, bad], url: 'http://127.0.0.1:9', token: 'x' },
        io,
      );
      expect(code).toBe(2);
      expect(sent.map((body) => body.reports.map((report) => report.text))).toEqual([
        ['The app crashes every time I open settings', 'Please add dark mode'],
        ['a crash'],
      ]);
      expect(sent[0]?.reports[1]).toMatchObject({ id: 'r2', filename: 'good.jsonl' });
      expect(io.out).toBe(
        `${good}: 2 stored, 0 already there\n${bad}: 1 stored, 0 already there, 2 lines refused\n`,
      );
      expect(io.err).toBe(
        [
          `sightline ingest: ${bad} line 2 is not JSON; not ingested.`,
          `sightline ingest: ${bad} line 3 has an empty "text"; not ingested.`,
          '',
        ].join('\n'),
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('reads one {"text": …} line on stdin as the report it holds, and refuses a line without text', async () => {
    const { sent, fetch } = fakeService();
    const io = Object.assign(memoryOutput(), {
      env: {},
      readStdin: async () =>
        new TextEncoder().encode('{"text":"The app crashes on start"}\n{"nottext":1}\n'),
      fetch,
    });
    expect(await runIngest({ files: ['-'], url: 'http://127.0.0.1:9', token: 'x' }, io)).toBe(2);
    expect(sent.map((body) => body.reports.map((report) => report.text))).toEqual([
      ['The app crashes on start'],
    ]);
    expect(io.err).toMatch(
      /^sightline ingest: stdin line 2 has no "text" field and no other text to read as a report \(.*; not ingested\.\n$/,
    );
    const one = Object.assign(memoryOutput(), {
      env: {},
      readStdin: async () => new TextEncoder().encode('{"text":"Please add dark mode"}'),
      fetch: io.fetch,
    });
    expect(await runIngest({ files: ['-'], url: 'http://127.0.0.1:9', token: 'x' }, one)).toBe(0);
    expect(sent[1]?.reports.map((report) => report.text)).toEqual(['Please add dark mode']);
  });

  it("sends a request again after the wait a 429's Retry-After asks for, then names what a lasting refusal left unstored", async () => {
    // Found by reading the senders: one 429 of the service's rate limit (600 requests a minute)
    // failed the file, though the service asks to send again after Retry-After.
    const dir = await mkdtemp(path.join(tmpdir(), 'ingest-'));
    try {
      const file = path.join(dir, 'many.jsonl');
      const lines = Array.from({ length: 1500 }, (_, n) => JSON.stringify({ text: `Crash ${n}` }));
      await writeFile(file, `${lines.join('\n')}\n`);
      const waits: number[] = [];
      let calls = 0;
      const io = Object.assign(memoryOutput(), {
        env: {},
        readStdin: async () => new Uint8Array(),
        sleep: async (ms: number) => {
          waits.push(ms);
        },
        fetch: (async (_url: URL, init: RequestInit) => {
          calls += 1;
          if (calls === 2) return storedAnswer(JSON.parse(String(init.body)) as SentBody);
          return Response.json(
            {
              error: {
                code: 'RATE_LIMITED',
                message: 'This API client sent more than 600 requests in a minute.',
              },
            },
            { status: 429, headers: { 'retry-after': '1' } },
          );
        }) as unknown as typeof fetch,
      });
      expect(await runIngest({ files: [file], url: 'http://127.0.0.1:9', token: 'x' }, io)).toBe(2);
      // Request 1 is sent again once; request 2 four times (three retries), then refused.
      expect(calls).toBe(6);
      expect(waits).toEqual([1000, 1000, 1000, 1000]);
      expect(io.out).toBe(`${file}: 1000 stored, 0 already there, 500 not stored\n`);
      const busy = (retry: number) =>
        `sightline ingest: the service is busy (429); sending again in 1 s (retry ${retry} of 3).`;
      expect(io.err.split('\n')).toEqual([
        busy(1),
        busy(1),
        busy(2),
        busy(3),
        `sightline ingest: ${file}: lines 1-1000 stored; lines 1001-1500 not stored, as request 2 of 2 (lines 1001-1500) failed: The service refused the reports (429; sent 4 times over 3 s; Retry-After 1 s): This API client sent more than 600 requests in a minute. Ingest the file again to send the rest: what is stored already is not stored twice.`,
        '',
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('tells of no wait for a busy service with quiet', async () => {
    let calls = 0;
    const io = Object.assign(memoryOutput(), {
      env: {},
      readStdin: async () => new TextEncoder().encode('{"text":"Crash on save"}'),
      sleep: async () => {},
      fetch: (async (_url: URL, init: RequestInit) => {
        calls += 1;
        if (calls === 2) return storedAnswer(JSON.parse(String(init.body)) as SentBody);
        return Response.json(
          { error: { code: 'RATE_LIMITED', message: 'Too many requests.' } },
          { status: 429, headers: { 'retry-after': '1' } },
        );
      }) as unknown as typeof fetch,
    });
    const options = { files: ['-'], url: 'http://127.0.0.1:9', token: 'x', quiet: true };
    expect(await runIngest(options, io)).toBe(0);
    expect(calls).toBe(2);
    expect(io.err).toBe('');
  });

  it('refuses standard input given twice before reading or sending anything', async () => {
    let reads = 0;
    const io = Object.assign(memoryOutput(), {
      env: {},
      readStdin: async () => {
        reads += 1;
        return new TextEncoder().encode('TypeError: x is undefined');
      },
    });
    await expect(
      runIngest({ files: ['-', '/dev/stdin'], url: 'http://127.0.0.1:9', token: 'x' }, io),
    ).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringContaining('Standard input is given 2 times (-, /dev/stdin)'),
    });
    expect(reads).toBe(0);
  });

  it('names the file in front of its size error, as in its other file errors', async () => {
    // Found by a fresh-user trial: "sightline ingest: The report is over 10 MiB…" said not which.
    const dir = await mkdtemp(path.join(tmpdir(), 'ingest-'));
    try {
      const big = path.join(dir, 'big.txt');
      await writeFile(big, '');
      await truncate(big, 11 * 1024 * 1024);
      const io = Object.assign(memoryOutput(), {
        env: {},
        readStdin: async () => new Uint8Array(),
      });
      expect(await runIngest({ files: [big], url: 'http://127.0.0.1:9', token: 'x' }, io)).toBe(2);
      expect(io.err).toMatch(
        /^sightline ingest: .*big\.txt: The report is 11,534,336 bytes, over the 10 MiB limit/,
      );
      expect(io.err).toContain(`${big}: The report`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('names a file whose name is a word of the error message too (a file named report)', async () => {
    // Found in review: the file was named unless the message held its name anywhere, so a file
    // named "report" was not named in front of "The report is over 10 MiB".
    const dir = await mkdtemp(path.join(tmpdir(), 'ingest-'));
    const cwd = process.cwd();
    try {
      process.chdir(dir);
      await writeFile('report', '');
      await truncate('report', 11 * 1024 * 1024);
      const io = Object.assign(memoryOutput(), {
        env: {},
        readStdin: async () => new Uint8Array(),
      });
      expect(
        await runIngest(
          { files: ['report', 'missing'], url: 'http://127.0.0.1:9', token: 'x' },
          io,
        ),
      ).toBe(2);
      expect(io.err).toContain(
        'sightline ingest: report: The report is 11,534,336 bytes, over the 10 MiB',
      );
      expect(io.err).toContain('sightline ingest: Cannot read "missing": no such file.');
    } finally {
      process.chdir(cwd);
      await rm(dir, { recursive: true, force: true });
    }
  });
});
