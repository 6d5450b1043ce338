/**
 * `npm run bench:action`: how soon the GitHub Action posts its diagnosis after an `issues: opened`
 * event (#34: "make the Action start investigating within seconds of the event"). The Action runs
 * `npx --yes @sightline/action@<version> github-action` (action.yml): one package without
 * dependencies, the CLI bundled. Measured here, from the tarball `npm run pack` makes:
 *
 * - its size, and the time to install it into an empty folder with the network off (what npx does
 *   after the download; the download itself depends on the runner's network and is not measured);
 * - event → comment: from starting its `github-action` on a recorded event until the fake GitHub
 *   API on 127.0.0.1 receives the comment, offline investigation included (the repository's index
 *   built afresh each time, as on a runner's fresh checkout), on two repositories
 *   (the test fixture's fake shop, and json5 2.2.1 with the issue of `npm run demo`);
 * - the same with the CLI of this checkout (`packages/cli/bin/sightline.js`, dependencies
 *   installed) as the baseline in the same run: what bundling costs or saves at start-up.
 *
 * Before this package the Action's first step was `npm ci` of the whole repository (about 1,400
 * packages and the console's build, 8 minutes on this 2-core machine per the README), then the same
 * run. Build first (`npm run build`, done by `npm ci`).
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createFakeRepository } from '@sightline/investigator/testing';
import { startFakeGitHubIssue } from '@sightline/service/testing';
import { packAll } from '../scripts/pack.js';
import { BENCH_DIR, npmPack } from './lib/npm-pack.js';
import { markdownTable, msFigure, updateReadmeTable, writeResults } from './lib/results.js';
import { median } from './lib/stats.js';

const RUNS = 5;
const INSTALL_RUNS = 3;
const run = promisify(execFile);
const root = path.resolve(BENCH_DIR, '..');
if (!existsSync(path.join(root, 'packages/action/dist/main.js'))) {
  throw new Error('@sightline/action is not built: run `npm run build` first.');
}
const EVENT = path.join(root, 'packages/cli/src/github-action/__fixtures__/issues-opened.json');
const scratch = await mkdtemp(path.join(os.tmpdir(), 'sightline-bench-action-'));

/** Installs the tarball into a fresh folder with the network off; returns the time in ms. */
async function install(tarball: string, prefix: string): Promise<number> {
  const started = performance.now();
  await run('npm', [
    'install',
    '--prefix',
    prefix,
    '--offline',
    '--no-audit',
    '--no-fund',
    tarball,
  ]);
  return performance.now() - started;
}

/**
 * Runs `command … github-action --repo repo` on `event` against a fresh fake GitHub API.
 * @returns ms from start to the comment's arrival, and to the process's exit.
 */
async function eventToComment(command: string[], repo: string, event: string) {
  // A runner checks the repository out afresh: no index cache from an earlier run.
  await rm(path.join(repo, '.sightline'), { recursive: true, force: true });
  const github = await startFakeGitHubIssue();
  const started = performance.now();
  const child = spawn(
    command[0] as string,
    [...command.slice(1), 'github-action', '--repo', repo],
    {
      cwd: scratch,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        PATH: process.env.PATH ?? '',
        HOME: scratch,
        GITHUB_EVENT_NAME: 'issues',
        GITHUB_EVENT_PATH: event,
        GITHUB_REPOSITORY: 'acme/fake-shop',
        GITHUB_API_URL: github.url,
        GITHUB_TOKEN: 'ghs_fake_workflow_token',
      },
    },
  );
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const exited = performance.now() - started;
  await github.close();
  const [comment] = github.comments;
  if (code !== 0 || !comment)
    throw new Error(`${command.join(' ')} exited ${code} without a comment`);
  return { commentMs: comment.writtenAt - started, exitMs: exited };
}

const [tarball] = await packAll({
  outDir: path.join(scratch, 'tarballs'),
  only: ['@sightline/action'],
});
if (!tarball) throw new Error('no @sightline/action tarball');
const tarballBytes = (await stat(tarball.file)).size;
const installs: number[] = [];
for (let attempt = 0; attempt < INSTALL_RUNS; attempt += 1) {
  const prefix = path.join(scratch, `runner-${attempt}`);
  installs.push(await install(tarball.file, prefix));
}
const bundled = [path.join(scratch, 'runner-0', 'node_modules', '.bin', 'sightline-action')];
const checkout = [process.execPath, path.join(root, 'packages/cli/bin/sightline.js')];

// The two repositories and their events.
const shop = await createFakeRepository();
const json5 = await npmPack('json5@2.2.1');
const json5Event = path.join(scratch, 'json5-event.json');
const recorded = JSON.parse(await readFile(EVENT, 'utf8'));
const [title = '', ...body] = (
  await readFile(path.join(root, 'examples/json5-2.2.1-proto-pollution/report.md'), 'utf8')
).split('\n');
recorded.issue.title = title.replace(/^#\s*/, '');
recorded.issue.body = body.join('\n').trim();
await writeFile(json5Event, JSON.stringify(recorded));
const cases = [
  { name: 'fake shop (8 files)', repo: shop.root, event: EVENT },
  { name: 'json5 2.2.1 package', repo: json5.dir, event: json5Event },
];

const loadBefore = os.loadavg()[0] ?? 0;
const measured: Record<string, Record<string, { commentMs: number; exitMs: number }>> = {};
for (const { name, repo, event } of cases) {
  const byEntry: Record<string, { commentMs: number; exitMs: number }> = {};
  measured[name] = byEntry;
  for (const [entry, command] of [
    ['@sightline/action (bundle)', bundled],
    ['CLI of the checkout (baseline)', checkout],
  ] as const) {
    const runs = [];
    // One warm-up run (the files of the entry and the repository into the OS's page cache).
    await eventToComment(command, repo, event);
    for (let attempt = 0; attempt < RUNS; attempt += 1)
      runs.push(await eventToComment(command, repo, event));
    byEntry[entry] = {
      commentMs: median(runs.map((r) => r.commentMs)),
      exitMs: median(runs.map((r) => r.exitMs)),
    };
  }
}
const loadAfter = os.loadavg()[0] ?? 0;
await shop.cleanup();
await rm(scratch, { recursive: true, force: true });

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const rows = Object.entries(measured).flatMap(([name, entries]) => {
  const base = entries['CLI of the checkout (baseline)'];
  return Object.entries(entries).map(([entry, { commentMs, exitMs }]) => [
    name,
    entry,
    seconds(commentMs),
    seconds(exitMs),
    base ? `${(commentMs / base.commentMs).toFixed(2)}×` : '—',
  ]);
});
const table = markdownTable(
  ['repository', 'entry', `event → comment (median of ${RUNS})`, 'event → exit', '÷ baseline'],
  rows,
);
const installMs = median(installs);
const { results } = await writeResults('action', {
  inputs: {
    runs: RUNS,
    installRuns: INSTALL_RUNS,
    repositories: cases.map(({ name }) => name),
    loadAverages: [loadBefore, loadAfter],
  },
  figures: {
    tarball: { value: tarballBytes, unit: 'bytes' },
    installOffline: { ...msFigure(installMs), runs: INSTALL_RUNS, statistic: 'median' },
    eventToComment: Object.fromEntries(
      Object.entries(measured).map(([name, entries]) => [
        name,
        Object.fromEntries(
          Object.entries(entries).map(([entry, { commentMs, exitMs }]) => [
            entry,
            {
              comment: { ...msFigure(commentMs), runs: RUNS, statistic: 'median' as const },
              exit: { ...msFigure(exitMs), runs: RUNS, statistic: 'median' as const },
            },
          ]),
        ),
      ]),
    ),
  },
});
const note = [
  `The package: ${(tarballBytes / 1_048_576).toFixed(1)} MB packed, installed offline into an empty folder in ${seconds(installMs)} (median of ${INSTALL_RUNS}; npx does this after the download).`,
  'Offline investigations, each without an index cache in the repository (as on a fresh checkout); one warm-up run per row, not in the median.',
  `Measured ${results.date.slice(0, 10)} on ${results.machine.cpu} (${results.machine.cores} cores), Node ${results.node}, 1-minute load average ${loadBefore.toFixed(1)}–${loadAfter.toFixed(1)}: wall times on a shared machine are inflated.`,
  'The Action before: `npm ci` of the whole repository first (about 1,400 packages and the console build; 8 minutes on this machine per the README), then the same run.',
].join(' ');
await updateReadmeTable('action', `${table}\n\n${note}`);
process.stdout.write(`${table}\n\n${note}\n`);
