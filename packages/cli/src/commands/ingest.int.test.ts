/**
 * `sightline ingest` against the service's real API (its app, over a SQLite store in a temporary
 * data folder, called in process: no port) and straight into that store (`--data`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createApp,
  createBuiltInRegistry,
  createCredentialStore,
  createPipeline,
  openQueue,
  openStore,
  PIPELINE_POLICIES,
  type Store,
} from '@sightline/service';
import { DEFAULT_LIMITS, MAX_REPORTS_PER_REQUEST } from '@sightline/service/internal';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memoryOutput } from '../testing/memory-output.test-helper.js';
import { runIngest } from './ingest.js';

const TOKEN = 'test-token-not-secret';

let data: string;
let store: Store;
let close: () => Promise<void>;
/** The service's app, as `fetch` for {@link runIngest}; every request it answers is kept. */
let serviceFetch: typeof fetch;
let requests: { reports: unknown[]; bytes: number; status: number }[];

beforeEach(async () => {
  data = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-ingest-'));
  store = await openStore({ sqlite: path.join(data, 'sightline.db') });
  await store.projects.ensure({ name: 'app', repo: data });
  const queue = await openQueue(store, PIPELINE_POLICIES);
  const app = createApp({
    store,
    queue,
    pipeline: createPipeline({ store, queue }),
    registry: createBuiltInRegistry(),
    credentials: createCredentialStore(data),
    token: TOKEN,
  });
  requests = [];
  serviceFetch = (async (url: URL, init: RequestInit) => {
    const body = String(init.body);
    const response = await app.request(url, init);
    const { reports = [] } = (JSON.parse(body) as { reports?: unknown[] }) ?? {};
    requests.push({ reports, bytes: Buffer.byteLength(body), status: response.status });
    return response;
  }) as unknown as typeof fetch;
  close = async () => {
    await queue.stop();
    await store.close();
  };
});
afterEach(async () => {
  await close();
  fs.rmSync(data, { recursive: true, force: true });
});

function io() {
  return Object.assign(memoryOutput(), {
    env: {},
    readStdin: async () => new Uint8Array(),
    fetch: serviceFetch,
  });
}

function jsonRows(out: string): Record<string, unknown>[] {
  return out
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('sightline ingest against the service', () => {
  it('prints the same JSON, reportIds included, over --url as with --data', async () => {
    // Found by a fresh-user trial: over --url the object had no reportIds.
    const file = path.join(data, 'reports.jsonl');
    fs.writeFileSync(file, '{"text":"The app crashes on start"}\n{"text":"Add dark mode"}\n');
    const overHttp = io();
    const url = { url: 'http://127.0.0.1:9', token: TOKEN };
    expect(await runIngest({ files: [file], ...url, json: true }, overHttp)).toBe(0);
    const direct = io();
    expect(await runIngest({ files: [file], data, json: true }, direct)).toBe(0);
    const [sent] = jsonRows(overHttp.out);
    const [stored] = jsonRows(direct.out);
    expect(sent).toEqual({
      file,
      stored: 2,
      duplicates: 0,
      revised: 0,
      reportIds: [expect.any(String), expect.any(String)],
    });
    expect(stored).toEqual({ ...sent, stored: 0, duplicates: 2 });
  });

  it('sends a file of more reports than one request takes in several, and reports the total', async () => {
    // Found by a fresh-user trial: a file of more than 1,000 reports failed whole (400).
    const file = path.join(data, 'many.jsonl');
    fs.writeFileSync(
      file,
      lines(2500, (n) => ({ text: `Crash number ${n} on start` })),
    );
    const out = io();
    expect(await runIngest({ files: [file], url: 'http://127.0.0.1:9', token: TOKEN }, out)).toBe(
      0,
    );
    expect([out.out, out.err]).toEqual([`${file}: 2500 stored, 0 already there\n`, '']);
    expect(requests.map((request) => [request.reports.length, request.status])).toEqual([
      [MAX_REPORTS_PER_REQUEST, 202],
      [MAX_REPORTS_PER_REQUEST, 202],
      [500, 202],
    ]);
    expect(await storedReports()).toBe(2500);
  });

  it("keeps each request within the API's body limit", async () => {
    // 999 reports (one request by count) of 10,400 characters: a 10.4 MB file, under the 10 MiB
    // a file may have, whose reports with their ids and times are more than one body holds.
    const file = path.join(data, 'large.jsonl');
    fs.writeFileSync(
      file,
      lines(999, (n) => ({ text: `Crash ${n} `.padEnd(10_400, 'x') })),
    );
    const out = io();
    expect(await runIngest({ files: [file], url: 'http://127.0.0.1:9', token: TOKEN }, out)).toBe(
      0,
    );
    expect(out.out).toBe(`${file}: 999 stored, 0 already there\n`);
    expect(requests.length).toBe(2);
    for (const request of requests) {
      expect(request.bytes).toBeLessThanOrEqual(DEFAULT_LIMITS.reportBodyBytes);
    }
    expect(await storedReports()).toBe(999);
  });

  it('says which lines a failed request left unstored, and stores them when sent again', async () => {
    const file = path.join(data, 'many.jsonl');
    fs.writeFileSync(
      file,
      lines(2500, (n) => ({ text: `Crash number ${n} on start` })),
    );
    const service = serviceFetch;
    let calls = 0;
    serviceFetch = (async (url: URL, init: RequestInit) => {
      calls += 1;
      if (calls !== 2) return service(url, init);
      return Response.json(
        { error: { code: 'STORE_UNAVAILABLE', message: 'The store is busy' } },
        { status: 503 },
      );
    }) as unknown as typeof fetch;
    const first = io();
    const url = { url: 'http://127.0.0.1:9', token: TOKEN };
    expect(await runIngest({ files: [file], ...url }, first)).toBe(2);
    expect(first.out).toBe(`${file}: 1000 stored, 0 already there, 1500 not stored\n`);
    expect(first.err).toBe(
      `sightline ingest: ${file}: lines 1-1000 stored; lines 1001-2500 not stored, as request 2 of 3 (lines 1001-2000) failed: The service refused the reports (503): The store is busy. Ingest the file again to send the rest: what is stored already is not stored twice.\n`,
    );
    expect(await storedReports()).toBe(1000);
    const again = io();
    expect(await runIngest({ files: [file], ...url, json: true }, again)).toBe(0);
    expect(jsonRows(again.out)).toEqual([
      expect.objectContaining({ stored: 1500, duplicates: 1000 }),
    ]);
    expect(await storedReports()).toBe(2500);
  });
  it('refuses a record with a bad field by its line, alike over --url and with --data, and keeps the others', async () => {
    // Found by a fresh-user trial: over --url one bad field refused the whole file, named by the
    // API's batch index (reports.1.receivedAt); --data stored the same values unchecked.
    const file = path.join(data, 'fields.jsonl');
    fs.writeFileSync(
      file,
      lines(5, (n) =>
        n === 2
          ? { text: 'Crash 2', receivedAt: 'not a date' }
          : n === 3
            ? { text: 'Crash 3', url: 'javascript:alert(1)' }
            : n === 4
              ? { text: 'Crash 4', id: 'x'.repeat(300) }
              : { text: `Crash ${n}` },
      ),
    );
    const refusals = [
      'line 2 has a bad "receivedAt": not a date and time in ISO 8601; give one with Z or an offset (e.g. 2026-12-01T09:30:00Z or 2026-12-01T10:30:00+01:00), or none; not ingested.',
      'line 3 has a bad "url": not an http(s) address; give one (e.g. https://example.com/issues/1), or none; not ingested.',
      'line 4 has a bad "id": longer than 200 characters; give a shorter one, or none (the content identifies the report then); not ingested.',
    ].map((refusal) => `sightline ingest: ${file} ${refusal}\n`);
    const overHttp = io();
    expect(
      await runIngest({ files: [file], url: 'http://127.0.0.1:9', token: TOKEN }, overHttp),
    ).toBe(2);
    expect([overHttp.out, overHttp.err]).toEqual([
      `${file}: 2 stored, 0 already there, 3 lines refused\n`,
      refusals.join(''),
    ]);
    expect(requests.map((request) => request.reports.length)).toEqual([2]);
    const direct = io();
    expect(await runIngest({ files: [file], data }, direct)).toBe(2);
    expect([direct.out, direct.err]).toEqual([
      `${file}: 0 stored, 2 already there, 3 lines refused\n`,
      refusals.join(''),
    ]);
    expect(await storedReports()).toBe(2);
  });

  it('refuses a file whose one report has a bad field, alike over --url and with --data', async () => {
    const file = path.join(data, 'crash.txt');
    fs.writeFileSync(file, 'TypeError: x is undefined\n');
    for (const where of [{ url: 'http://127.0.0.1:9', token: TOKEN }, { data }]) {
      const out = io();
      expect(await runIngest({ files: [file], ...where, reportFormat: 'xml' }, out)).toBe(2);
      expect([out.out, out.err]).toEqual([
        '',
        expect.stringMatching(
          /^sightline ingest: \S+crash\.txt has a bad "format": unknown format "xml"; use one of auto, .*; not ingested\.\n$/,
        ),
      ]);
    }
    expect(requests).toEqual([]);
    expect(await storedReports()).toBe(0);
  });
});

/** A JSON Lines file of `count` records. */
function lines(count: number, record: (n: number) => object): string {
  return Array.from({ length: count }, (_, index) => `${JSON.stringify(record(index + 1))}\n`).join(
    '',
  );
}

async function storedReports(): Promise<number> {
  return Object.values(await store.reports.counts()).reduce((sum, count) => sum + count, 0);
}
