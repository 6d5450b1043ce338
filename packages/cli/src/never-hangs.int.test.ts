/**
 * The CLI never hangs: under a pseudo-terminal that reports 0 columns (as `script` and some CI
 * ptys do) `map` and `investigate` print a result instead of looping on cursor codes, and SIGTERM
 * or SIGINT stops `investigate` while it waits on a model that never answers (with `--json`, after
 * the JSON error line, also while the verb's modules are still loading).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createFakeRepository, type FakeRepository } from '@sightline/investigator/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The CLI from its TypeScript source, as `node packages/cli/bin/sightline.js` runs the build.
const workspace = fileURLToPath(new URL('../../../', import.meta.url));
const main = fileURLToPath(new URL('./main.ts', import.meta.url));
const cli = [process.execPath, '--import', 'tsx', '--conditions=@sightline/source', main];

/** `script` (util-linux) gives the command a pseudo-terminal; Debian and Ubuntu ship it. */
const hasScript = (() => {
  try {
    execFileSync('script', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

let repo: FakeRepository;
let scratch: string;
let server: Server;
let modelUrl: string;

beforeAll(async () => {
  repo = await createFakeRepository();
  scratch = await mkdtemp(path.join(os.tmpdir(), 'sightline-never-hangs-'));
  await writeFile(
    path.join(scratch, 'report.txt'),
    'Checkout total is wrong\n\nThe cart total ignores the discount.\n',
  );
  // A model server that accepts the request and never answers.
  server = createServer(() => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  modelUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await repo.cleanup();
  await rm(scratch, { recursive: true, force: true });
});

/** `investigate` of the test repository and report, with more flags. */
const investigate = (...flags: string[]) => [
  'investigate',
  '--repo',
  repo.root,
  '--report',
  path.join(scratch, 'report.txt'),
  ...flags,
];

/** Quotes one argument for `sh -c`. */
const quote = (value: string) => `'${value.replaceAll("'", "'\\''")}'`;

/** Runs the CLI under a 0-column pty; resolves with the typescript `script` recorded. */
function underZeroColumns(args: string[]): Promise<{ code: number | null; output: string }> {
  const typescript = path.join(scratch, `typescript-${args[0]}`);
  const command = `stty cols 0; ${[...cli, ...args].map(quote).join(' ')}`;
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qfec', command, typescript], {
      cwd: workspace,
      stdio: 'ignore',
    });
    const killer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', async (code) => {
      clearTimeout(killer);
      resolve({ code, output: await readFile(typescript, 'utf8') });
    });
  });
}

describe.skipIf(!hasScript)('under a 0-column terminal', () => {
  it('map prints the map and ends', async () => {
    const { code, output } = await underZeroColumns(['map', '--repo', repo.root]);
    expect(code).toBe(0);
    expect(output).toMatch(/Indexed \d+ files?/);
    expect(output.length).toBeLessThan(100_000);
  }, 90_000);

  it('investigate prints a diagnosis and ends', async () => {
    const { code, output } = await underZeroColumns(investigate('--no-cache'));
    expect(output).toContain('Root cause');
    expect(output.length).toBeLessThan(200_000);
    expect(code).not.toBeNull();
  }, 90_000);
});

// Ended by the signal, as Node ends by default: a shell reports 128 + its number (README: 143, 130).
// With --json, stdout first gets the JSON error line every other failure prints (trial 39).
it.each([
  ['SIGTERM', 143, false],
  ['SIGINT', 130, false],
  ['SIGTERM', 143, true],
  ['SIGINT', 130, true],
] as const)(
  '%s stops investigate within a second while it waits on the model (exit %i in a shell; --json: %s)',
  async (signal, exitInShell, json) => {
    const child = spawn(
      cli[0] as string,
      [
        ...cli.slice(1),
        ...investigate(
          '--model',
          `openai-compatible:${modelUrl}#never`,
          '--no-cache',
          ...(json ? ['--json'] : []),
        ),
      ],
      { cwd: workspace, env: { ...process.env, OPENAI_API_KEY: 'test-key-not-real' } },
    );
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    const waiting = new Promise<void>((resolve) => server.once('request', () => resolve()));
    const closed = new Promise<{ at: number; by: NodeJS.Signals | null }>((resolve) => {
      child.on('close', (_code, by) => resolve({ at: performance.now(), by }));
    });
    await waiting;
    const sent = performance.now();
    child.kill(signal);
    const { at, by } = await closed;
    expect(at - sent).toBeLessThan(1_000);
    expect(by).toBe(signal);
    if (!json) expect(stdout).toBe('');
    else
      expect(JSON.parse(stdout)).toEqual({
        error: {
          code: 'ABORTED',
          message: `Stopped by ${signal} before it finished: its output is missing or incomplete. Run it again to finish.`,
          exitCode: exitInShell,
        },
      });
  },
  90_000,
);

it.each([
  // Fresh-user trial 40: Ctrl-C in the first 1.5 s of `investigate --json` (the verb's modules
  // loading) printed nothing; the handler was installed only after the load.
  ['/commands/investigate.ts', 'the verb'],
  // Fresh-user trial 49: in its first 0.4 s (main.ts's own imports loading, commander first),
  // likewise; main.ts now installs the handler before it imports any package.
  ['/node_modules/commander/', 'the program'],
])(
  'prints the JSON error line for a stop signal while %s (%s) loads',
  async (slow) => {
    const hooks = fileURLToPath(new URL('./__fixtures__/slow-verb-load.mjs', import.meta.url));
    const child = spawn(
      cli[0] as string,
      ['--import', hooks, ...cli.slice(1), ...investigate('--json')],
      { cwd: workspace, env: { ...process.env, SIGHTLINE_TEST_SLOW_LOAD: slow } },
    );
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    const loading = new Promise<void>((resolve) =>
      child.stderr.on('data', (chunk: Buffer) => {
        if (chunk.toString('utf8').includes(`loading ${slow}`)) resolve();
      }),
    );
    const closed = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('close', (_code, by) => resolve(by)),
    );
    await loading;
    child.kill('SIGINT');
    expect(await closed).toBe('SIGINT');
    expect(JSON.parse(stdout)).toMatchObject({ error: { code: 'ABORTED', exitCode: 130 } });
  },
  90_000,
);
