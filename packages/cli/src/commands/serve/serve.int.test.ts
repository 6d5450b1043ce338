import fs from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createFakeRepository, type FakeRepository } from '@sightline/investigator/testing';
import { openStore, type RunningService } from '@sightline/service';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryOutput } from '../../testing/memory-output.test-helper.js';
import { runIngest } from '../ingest.js';
import { runWorker } from '../worker.js';
import { runServe } from './run-serve.js';

const CRASH = `TypeError: Cannot read properties of undefined (reading 'price')
    at cartTotal (/srv/shop/src/cart/total.ts:6:25)
    at checkoutSummary (/srv/shop/src/checkout.ts:4:10)`;

let repo: FakeRepository;
let work: string;
beforeEach(async () => {
  repo = await createFakeRepository();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-serve-cli-'));
});
afterEach(async () => {
  await repo.cleanup();
  fs.rmSync(work, { recursive: true, force: true });
});

function memory() {
  return Object.assign(memoryOutput(), { env: {}, readStdin: async () => new Uint8Array() });
}

describe('sightline serve, ingest and worker', () => {
  it('serves, takes reports from `ingest --url`, and shows their diagnosis through the API', async () => {
    const data = path.join(work, 'data');
    const crashFile = path.join(work, 'crash.txt');
    fs.writeFileSync(crashFile, CRASH);
    const io = memory();
    let stop: () => void = () => {};
    const stopped = new Promise<void>((resolve) => {
      stop = resolve;
    });
    let detail: { diagnoses: { method: string }[] } | undefined;
    const exit = await runServe(
      { repo: repo.root, data, port: 0, concurrency: 2 },
      Object.assign(io, {
        stopped,
        async onListening(service: RunningService) {
          const ingest = memory();
          const code = await runIngest(
            { files: [crashFile, crashFile], url: service.url, data },
            ingest,
          );
          expect([code, ingest.out]).toEqual([
            0,
            `${crashFile}: 1 stored, 0 already there\n${crashFile}: 0 stored, 1 already there\n`,
          ]);
          await service.queue.drain({ timeoutMs: 60_000 });
          const auth = { authorization: `Bearer ${service.token}` };
          const inbox = await (await fetch(`${service.url}/api/groups`, { headers: auth })).json();
          detail = await (
            await fetch(`${service.url}/api/groups/${inbox.groups[0].id}`, { headers: auth })
          ).json();
          stop();
        },
      }),
    );
    expect(exit).toBe(0);
    expect(detail?.diagnoses[0]?.method).toBe('offline');
    const token = fs.readFileSync(path.join(data, 'api-token'), 'utf8').trim();
    expect(io.out).toContain(token);
    expect(fs.statSync(path.join(data, 'api-token')).mode & 0o777).toBe(0o600);
    expect(io.out).toContain('/api/groups');

    // Straight into the store, with the service stopped: queued for its next start.
    const direct = memory();
    expect(await runIngest({ files: [crashFile], data }, direct)).toBe(0);
    expect(direct.out).toBe(`${crashFile}: 0 stored, 1 already there\n`);
    const store = await openStore({ sqlite: path.join(data, 'sightline.db') });
    expect(await store.reports.counts()).toEqual({ grouped: 1 });
    await store.close();
  }, 120_000);

  it('limits API requests per client at the `--rate-limit` given (429, JSON, Retry-After)', async () => {
    const io = memory();
    let stop: () => void = () => {};
    const stopped = new Promise<void>((resolve) => {
      stop = resolve;
    });
    const statuses: number[] = [];
    let refused: { status: number; retryAfter: string | null; body: unknown } | undefined;
    const exit = await runServe(
      { repo: repo.root, data: path.join(work, 'limited'), port: 0, concurrency: 1, rateLimit: 2 },
      Object.assign(io, {
        stopped,
        async onListening(service: RunningService) {
          const auth = { authorization: `Bearer ${service.token}` };
          for (let i = 0; i < 2; i++) {
            statuses.push((await fetch(`${service.url}/api/groups`, { headers: auth })).status);
          }
          const third = await fetch(`${service.url}/api/groups`, { headers: auth });
          refused = {
            status: third.status,
            retryAfter: third.headers.get('retry-after'),
            body: await third.json(),
          };
          stop();
        },
      }),
    );
    expect(exit).toBe(0);
    expect(statuses).toEqual([200, 200]);
    expect(refused?.status).toBe(429);
    expect(Number(refused?.retryAfter)).toBeGreaterThan(0);
    expect(refused?.body).toMatchObject({
      error: { code: 'RATE_LIMITED', message: expect.stringContaining('more than 2 requests') },
    });
  }, 60_000);

  it('says in its startup line which store it opened', async () => {
    // Found by a fresh-user trial: --database PATH printed "store (unparseable URL)".
    const database = path.join(work, 'store.db');
    const io = Object.assign(memory(), { stopped: Promise.resolve() });
    expect(
      await runServe(
        { repo: repo.root, data: path.join(work, 'data'), database, port: 0, concurrency: 1 },
        io,
      ),
    ).toBe(0);
    expect(io.err).toContain(`— store: SQLite at ${database}, investigations offline\n`);
    expect(fs.existsSync(database)).toBe(true);
  }, 60_000);

  it('shows how to call it unless told not to (the demo --once stops it at once)', async () => {
    const data = path.join(work, 'data');
    const options = { repo: repo.root, data, port: 0, concurrency: 1 };
    const shown = Object.assign(memory(), { stopped: Promise.resolve() });
    expect(await runServe(options, shown)).toBe(0);
    expect(shown.out).toContain(`API token (shown once; kept in ${path.join(data, 'api-token')})`);
    expect(shown.out).toContain('curl');
    // Trial 24: `serve --demo --once` printed curl lines for a stopped service and a removed token file.
    fs.rmSync(data, { recursive: true, force: true });
    const quiet = Object.assign(memory(), { stopped: Promise.resolve(), callsShown: false });
    expect(await runServe(options, quiet)).toBe(0);
    expect(quiet.out).toBe('');
  }, 60_000);

  it('refuses a public address without a token, and a worker without Postgres', async () => {
    const io = memory();
    await expect(
      runServe(
        {
          repo: repo.root,
          data: path.join(work, 'fresh'),
          port: 0,
          host: '0.0.0.0',
          concurrency: 1,
        },
        io,
      ),
    ).rejects.toThrow('Refusing to listen on 0.0.0.0 without an API token');
    await expect(
      runWorker({ database: path.join(work, 'x.db'), concurrency: 1 }, io),
    ).rejects.toThrow('sightline worker needs a Postgres URL');
    // A file it cannot read is all it says; a readable one meets the missing store.
    const missing = memory();
    expect(
      await runIngest(
        { files: [path.join(work, 'nope.txt')], data: path.join(work, 'fresh') },
        missing,
      ),
    ).toBe(2);
    expect(missing.err).toContain('nope.txt');
    expect(missing.err).not.toContain('No service store');
    const crash = path.join(work, 'crash.txt');
    fs.writeFileSync(crash, 'TypeError: x is undefined\n');
    expect(
      await runIngest({ files: [crash], data: path.join(work, 'fresh') }, memory()).catch(
        (e: Error) => e.message,
      ),
    ).toContain('No service store');
  }, 60_000);

  it('closes on Ctrl-C while its start-up work (the demo posting its reports) still runs', async () => {
    // Trial 47: SIGINT during the demo's posting killed the process before the handler that
    // closes the service was installed, leaving the demo's folder, token and lock behind.
    const data = path.join(work, 'data');
    const before = new Set(process.listeners('SIGINT'));
    let url = '';
    const exit = await runServe(
      { repo: repo.root, data, port: 0, concurrency: 1 },
      Object.assign(memory(), {
        async onListening(service: RunningService) {
          url = service.url;
          expect(fs.existsSync(path.join(data, 'serve.lock'))).toBe(true);
          for (const listener of process.listeners('SIGINT'))
            if (!before.has(listener)) (listener as (signal: string) => void)('SIGINT');
          await new Promise(() => {}); // start-up work that never ends by itself
        },
      }),
    );
    expect(exit).toBe(0);
    expect(fs.existsSync(path.join(data, 'serve.lock'))).toBe(false);
    await expect(fetch(`${url}/api/groups`)).rejects.toThrow();
    expect(process.listeners('SIGINT').filter((listener) => !before.has(listener))).toEqual([]);
  }, 60_000);

  it('closes on Ctrl-C while the service is still starting, before its start-up work', async () => {
    // Trial 48: a Ctrl-C in the demo's first moments (its folder made, the service starting)
    // killed the process before any handler, leaving the folder and its API token behind.
    const data = path.join(work, 'data');
    const before = new Set(process.listeners('SIGINT'));
    let listened = false;
    const running = runServe(
      { repo: repo.root, data, port: 0, concurrency: 1 },
      Object.assign(memory(), {
        onListening() {
          listened = true;
        },
      }),
    );
    for (const listener of process.listeners('SIGINT'))
      if (!before.has(listener)) (listener as (signal: string) => void)('SIGINT');
    expect(await running).toBe(0);
    expect(listened).toBe(false);
    expect(fs.existsSync(path.join(data, 'serve.lock'))).toBe(false);
    expect(process.listeners('SIGINT').filter((listener) => !before.has(listener))).toEqual([]);
  }, 60_000);

  it('says at once what a Ctrl-C waits for; the investigation it stops runs again on the next start', async () => {
    // Trial 49: Ctrl-C with an investigation running waited 6–21 s before exiting, saying nothing.
    let requests = 0;
    let requested: () => void = () => {};
    const model = createServer(() => {
      requests += 1;
      requested();
    }); // accepts each model call and never answers
    await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve));
    const modelSpec = `openai-compatible:http://127.0.0.1:${(model.address() as AddressInfo).port}/v1#never`;
    const nextRequest = () => new Promise<void>((resolve) => (requested = resolve));
    const data = path.join(work, 'data');
    const crashFile = path.join(work, 'crash.txt');
    fs.writeFileSync(crashFile, CRASH);
    const options = { repo: repo.root, data, port: 0, concurrency: 1, model: modelSpec };
    const env = { OPENAI_API_KEY: 'test-key-not-real' };
    const before = new Set(process.listeners('SIGINT'));
    try {
      const first = Object.assign(memory(), { env });
      let atSignal = '';
      const calling = nextRequest();
      const exit = await runServe(
        options,
        Object.assign(first, {
          async onListening(service: RunningService) {
            expect(await runIngest({ files: [crashFile], url: service.url, data }, memory())).toBe(
              0,
            );
            await calling;
            for (const listener of process.listeners('SIGINT'))
              if (!before.has(listener)) (listener as (signal: string) => void)('SIGINT');
            await Promise.resolve();
            atSignal = first.err; // what stderr said at once, before the service closed
          },
        }),
      );
      expect(exit).toBe(0);
      expect(atSignal).toContain(
        'sightline serve: Stopping: waiting for 1 running investigation (up to 10 s; Ctrl-C again to stop now; it runs again on the next start)…\n',
      );
      expect(process.listeners('SIGINT').filter((listener) => !before.has(listener))).toEqual([]);
      expect(requests).toBe(1);

      // The next start takes the investigation up again: the model is called again.
      let stop: () => void = () => {};
      const stopped = new Promise<void>((resolve) => (stop = resolve));
      const again = nextRequest();
      void again.then(stop);
      expect(await runServe(options, Object.assign(memory(), { env, stopped }))).toBe(0);
      expect(requests).toBe(2);
    } finally {
      model.closeAllConnections();
      model.close();
    }
  }, 90_000);

  it('ends at the grace when a Ctrl-C comes while an investigation indexes, its group queued and its job back uncounted', async () => {
    // Repository indexing does not check the stop's signal: the queue puts the job back after its
    // 2 s, the work goes on, and the process must still end at the 10 s grace with nothing lost.
    const data = path.join(work, 'data');
    const crashFile = path.join(work, 'crash.txt');
    fs.writeFileSync(crashFile, CRASH);
    const before = new Set(process.listeners('SIGINT'));
    const io = memory();
    const exits: { code: number; at: number }[] = [];
    let signalledAt = 0;
    let groupId = '';
    const code = await runServe(
      { repo: repo.root, data, port: 0, concurrency: 1 },
      Object.assign(io, {
        exit: (exitCode: number) => exits.push({ code: exitCode, at: Date.now() }),
        async onListening(service: RunningService) {
          expect(await runIngest({ files: [crashFile], url: service.url, data }, memory())).toBe(0);
          await service.queue.drain({ timeoutMs: 60_000 });
          groupId = (await service.store.inbox({})).groups[0]?.id ?? '';
          let indexing: () => void = () => {};
          const indexingStarted = new Promise<void>((resolve) => (indexing = resolve));
          vi.spyOn(service.pipeline.context, 'repository').mockImplementation(() => {
            indexing();
            return new Promise(() => {}); // longer than any grace, deaf to the signal
          });
          await service.pipeline.reinvestigate(groupId);
          await indexingStarted;
          signalledAt = Date.now();
          for (const listener of process.listeners('SIGINT'))
            if (!before.has(listener)) (listener as (signal: string) => void)('SIGINT');
          await Promise.resolve();
        },
      }),
    );
    expect(code).toBe(0);
    await vi.waitFor(() => expect(exits).toHaveLength(1), { timeout: 15_000, interval: 100 });
    expect(exits[0]?.code).toBe(0);
    expect(exits[0]?.at).toBeLessThan(signalledAt + 10_000 + 1_000);
    expect(io.err).toContain(
      'sightline serve: Stopped without waiting longer; the interrupted investigation runs again on the next start.\n',
    );
    expect(process.listeners('SIGINT').filter((listener) => !before.has(listener))).toEqual([]);

    const store = await openStore({ sqlite: path.join(data, 'sightline.db') });
    try {
      expect((await store.groups.get(groupId)).investigation).toEqual({
        state: 'queued',
        detail: 'Interrupted by a shutdown of the service; it runs again when the service starts.',
        attempts: 0,
      });
      const waiting = await store.db
        .selectFrom('jobs')
        .select(['queue', 'state', 'attempts'])
        .where('state', '!=', 'completed')
        .execute();
      expect(waiting).toEqual([{ queue: 'investigate-group', state: 'created', attempts: 0 }]);
      // The diagnosis of the first run is kept.
      expect((await store.diagnoses.latestRevisions([groupId])).size).toBe(1);
    } finally {
      await store.close();
    }
  }, 90_000);
});
