/**
 * `sightline serve` that cannot start says why in one line and exits 2 (no stack trace): the port
 * is in use, the data folder is not writable or another serve holds it, the --database URL is
 * wrong or its server does not answer. Run as a real process, as a user runs it.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SightlineError } from '@sightline/core';
import { createFakeRepository, type FakeRepository } from '@sightline/investigator/testing';
import { type RunningService, startService } from '@sightline/service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exitCodeFor } from '../../run/exit-code-for.js';
import { EXIT_USAGE } from '../../run/exit-codes.js';
import { runServe } from './run-serve.js';

const main = fileURLToPath(new URL('../../main.ts', import.meta.url));

let repo: FakeRepository;
let work: string;
let busy: Server;
let busyPort: number;
beforeAll(async () => {
  repo = await createFakeRepository();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-serve-start-'));
  busy = createServer();
  await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
  busyPort = (busy.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise((resolve) => busy.close(resolve));
  await repo.cleanup();
  fs.rmSync(work, { recursive: true, force: true });
});

/** Runs `sightline serve ARGS` from source; resolves with its exit code and stderr. */
function serve(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', '--conditions=@sightline/source', main, 'serve', ...args],
      { timeout: 150_000, env: { ...process.env, SIGHTLINE_MODEL: '' } },
      (_error, _stdout, stderr) => resolve({ code: child.exitCode, stderr }),
    );
  });
}

function expectRefusal(result: { code: number | null; stderr: string }, message: string | RegExp) {
  expect(result.stderr).toMatch(message);
  expect(result.stderr).not.toMatch(/^\s+at /m);
  expect(result.code).toBe(EXIT_USAGE);
}

describe('sightline serve that cannot start', () => {
  it('names a port in use', async () => {
    const data = path.join(work, 'port');
    expectRefusal(
      await serve(['--repo', repo.root, '--data', data, '--port', String(busyPort)]),
      `Cannot listen on 127.0.0.1:${busyPort}: the port is in use by another process. Pick another with --port`,
    );
    // The folder this start created is gone: no token, no database, no lock left behind.
    expect(fs.existsSync(data)).toBe(false);
    // In a folder that was there, only what the start wrote is removed.
    const kept = path.join(work, 'kept');
    fs.mkdirSync(kept);
    fs.writeFileSync(path.join(kept, 'notes.txt'), 'mine');
    expectRefusal(
      await serve(['--repo', repo.root, '--data', kept, '--port', String(busyPort)]),
      'Cannot listen on',
    );
    expect(fs.readdirSync(kept)).toEqual(['notes.txt']);
  }, 180_000);

  it('names a data folder it cannot write', async () => {
    const file = path.join(work, 'not-a-folder');
    fs.writeFileSync(file, '');
    expectRefusal(
      await serve(['--repo', repo.root, '--data', path.join(file, 'data'), '--port', '0']),
      `The data folder ${path.join(file, 'data')} cannot be created: ${file} is a file, not a folder. Pick a folder with --data (it is created if missing).`,
    );
    // --data naming a file itself: not a permissions problem.
    expectRefusal(
      await serve(['--repo', repo.root, '--data', file, '--port', '0']),
      `The data folder ${file} is a file, not a folder. Pick a folder with --data (it is created if missing).`,
    );
    if (process.platform === 'linux') {
      // A recursive mkdir under /proc never returned (Node 20): serve hung without a word.
      expectRefusal(
        await serve(['--repo', repo.root, '--data', '/proc/sightline-x/y', '--port', '0']),
        /Cannot create or write the data folder \/proc\/sightline-x\/y/,
      );
    }
  }, 180_000);

  it('writes nothing through a .sightline that links out of the repository', async () => {
    const outside = path.join(work, 'anywhere');
    const linked = path.join(work, 'linked-repo');
    fs.mkdirSync(outside);
    fs.mkdirSync(linked);
    fs.symlinkSync(outside, path.join(linked, '.sightline'));
    await expect(startService({ repo: linked, port: 0 })).rejects.toMatchObject({
      code: 'STORE_PATH_INVALID',
      message: expect.stringMatching(/through a symbolic link .* pick a folder with --data/),
    });
    expect(fs.readdirSync(outside)).toEqual([]);
  });

  it('refuses a second service on the same data folder, naming the first one’s pid', async () => {
    const data = path.join(work, 'shared');
    const first: RunningService = await startService({ repo: repo.root, dataDir: data, port: 0 });
    try {
      expectRefusal(
        await serve(['--repo', repo.root, '--data', data, '--port', '0']),
        `Another sightline serve (pid ${process.pid}) is using the data folder ${data}`,
      );
    } finally {
      await first.close();
    }
    expect(fs.existsSync(path.join(data, 'serve.lock'))).toBe(false);
  }, 180_000);

  it('refuses a --database URL it cannot use', async () => {
    const io = { stdout: () => {}, stderr: () => {}, env: {} };
    const options = { repo: repo.root, data: path.join(work, 'db'), port: 0, concurrency: 1 };
    for (const [database, message] of [
      [
        'mysql://u@h/db',
        '--database takes postgres://user@host/db or a SQLite file path, not a mysql:// URL.',
      ],
      ['postgres://', '--database postgres:// is not a Postgres URL'],
      ['sqlite:nope', '--database takes a SQLite file as a plain path, not a sqlite: URL'],
      [
        'C:/x',
        `--database C:/x is a Windows drive path, but this system (${process.platform}) has`,
      ],
    ] as const) {
      const error = await runServe({ ...options, database }, io).catch((thrown: unknown) => thrown);
      expect(SightlineError.isInstance(error) && error.message).toContain(message);
      expect(exitCodeFor(error)).toBe(EXIT_USAGE);
    }
    expect(fs.existsSync('sqlite:nope')).toBe(false);
    expect(fs.existsSync('C:')).toBe(false);
  });

  it('refuses a Windows drive path as --data or --repo, as it refuses one as --database', async () => {
    // Found by checking the folder flags after --database: serve --data C:/x created ./C:/x.
    // A service that starts anyway stops at once.
    const io = { stdout: () => {}, stderr: () => {}, env: {}, stopped: Promise.resolve() };
    const options = { repo: repo.root, data: path.join(work, 'drive'), port: 0, concurrency: 1 };
    try {
      for (const [flag, given] of [
        ['data', { data: 'Q:/sightline-drive-test' }],
        ['repo', { repo: 'Q:/sightline-drive-test' }],
      ] as const) {
        const error = await runServe({ ...options, ...given }, io).catch(
          (thrown: unknown) => thrown,
        );
        expect(SightlineError.isInstance(error) && error.message).toContain(
          `--${flag} Q:/sightline-drive-test is a Windows drive path, but this system (${process.platform}) has no drive letters`,
        );
        expect(exitCodeFor(error)).toBe(EXIT_USAGE);
      }
      expect(fs.existsSync('Q:')).toBe(false);
    } finally {
      fs.rmSync('Q:', { recursive: true, force: true });
    }
  });

  it('names a Postgres server that does not answer, without its password', async () => {
    const unreachable = await serve([
      '--repo',
      repo.root,
      '--data',
      path.join(work, 'pg'),
      '--database',
      'postgres://u:secret@127.0.0.1:1/db',
    ]);
    expectRefusal(
      unreachable,
      /Cannot open the store at postgres:\/\/u:\*\*\*@127\.0\.0\.1:1\/db: .*ECONNREFUSED/,
    );
    expect(unreachable.stderr).not.toContain('secret');
  }, 180_000);
});
