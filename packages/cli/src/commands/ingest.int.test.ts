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
});
