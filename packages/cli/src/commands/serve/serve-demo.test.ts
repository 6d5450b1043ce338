import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoEnding, runServeDemo, type ServeDemoOptions } from './serve-demo.js';

// The demo's download must not start when a flag is wrong: any call fails the test, offline.
vi.mock('@sightline/codebase/testing', () => ({
  npmPack: () => Promise.reject(new Error('npm pack ran before the flags were checked')),
}));

let work: string;
beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-serve-demo-'));
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** Runs the demo; resolves with what it threw and what it wrote to stderr. */
async function refusal(options: Partial<ServeDemoOptions>) {
  const stderr: string[] = [];
  const io = { stdout: () => {}, stderr: (text: string) => stderr.push(text), env: {} };
  const error = await runServeDemo(
    { port: 0, once: true, service: { concurrency: 1 }, ...options },
    io,
  ).catch((thrown: unknown) => thrown);
  return { error, stderr: stderr.join('') };
}

describe('serve --demo refuses a bad data folder before its download', () => {
  it('under a file', async () => {
    const file = path.join(work, 'file');
    fs.writeFileSync(file, '');
    const data = path.join(file, 'data');
    expect(await refusal({ data })).toEqual({
      error: expect.objectContaining({
        code: 'STORE_PATH_INVALID',
        message: `The data folder ${data} cannot be created: ${file} is a file, not a folder. Pick a folder with --data (it is created if missing).`,
      }),
      stderr: '',
    });
  });

  it('held by another serve', async () => {
    const data = path.join(work, 'held');
    fs.mkdirSync(data);
    // The test runner's parent process is alive for the whole test.
    fs.writeFileSync(path.join(data, 'serve.lock'), `${process.ppid}\n`);
    expect(await refusal({ data })).toEqual({
      error: expect.objectContaining({
        message: expect.stringContaining(
          `Another sightline serve (pid ${process.ppid}) is using the data folder ${data}`,
        ),
      }),
      stderr: '',
    });
    expect(fs.readdirSync(data)).toEqual(['serve.lock']);
  });

  it('without an API token for a public --host, leaving no folder behind', async () => {
    const data = path.join(work, 'fresh', 'data');
    expect(await refusal({ data, service: { concurrency: 1, host: '0.0.0.0' } })).toEqual({
      error: expect.objectContaining({
        message: expect.stringContaining('Refusing to listen on 0.0.0.0 without an API token'),
      }),
      stderr: '',
    });
    expect(fs.existsSync(path.join(work, 'fresh'))).toBe(false);
  });
});

describe('the demo ending', () => {
  it('says the temporary data folder goes, and keeps quiet about removing a --data folder', () => {
    expect(demoEnding({ once: true })).toBe(
      '\n--once: stopping (the demo data folder goes with it); without --once it serves until Ctrl-C.\n',
    );
    // With --data the folder is the user's and stays; the line said it went with the demo.
    expect(demoEnding({ once: true, data: '/srv/demo' })).toBe(
      '\n--once: stopping (the data folder /srv/demo is kept); without --once it serves until Ctrl-C.\n',
    );
    expect(demoEnding({ once: false, data: '/srv/demo' })).toBe('\nServing until Ctrl-C.\n');
  });
});
