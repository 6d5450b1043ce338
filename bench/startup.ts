/**
 * `npm run bench:startup`: how long `sightline --version` and `sightline --help` take to start,
 * from the built CLI (`packages/cli/bin/sightline.js`, as users run it), against Node's own
 * start-up (`node -e 0`) measured in the same run. Target (#19): under 0.3 s for both.
 *
 * Each command runs RUNS times; wall time is the child's, CPU time (user + system) is read in the
 * child by a preloaded exit hook. Build the CLI first (`npm run build`, done by `npm ci`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { markdownTable, msFigure, updateReadmeTable, writeResults } from './lib/results.js';
import { median } from './lib/stats.js';

const RUNS = 15;
const TARGET_MS = 300;
const root = fileURLToPath(new URL('..', import.meta.url));
const bin = path.join(root, 'packages', 'cli', 'bin', 'sightline.js');
if (!existsSync(path.join(root, 'packages', 'cli', 'dist', 'main.js'))) {
  throw new Error('The CLI is not built: run `npm run build` first.');
}

// Writes the process's CPU time (µs) to $STARTUP_CPU_FILE as it exits.
const cpuHook = `data:text/javascript,${encodeURIComponent(
  'import { writeFileSync } from "node:fs"; process.on("exit", () => { const { user, system } = process.cpuUsage(); writeFileSync(process.env.STARTUP_CPU_FILE, String(user + system)); });',
)}`;
const scratch = mkdtempSync(path.join(os.tmpdir(), 'sightline-startup-'));

/** Runs `node ...args` RUNS times; returns the median wall and CPU times in ms. */
function measure(args: string[]): { wallMs: number; cpuMs: number } {
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const cpuFile = path.join(scratch, `cpu-${run}`);
    const started = performance.now();
    const child = spawnSync(process.execPath, ['--import', cpuHook, ...args], {
      env: { ...process.env, STARTUP_CPU_FILE: cpuFile },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    walls.push(performance.now() - started);
    if (child.status !== 0) throw new Error(`node ${args.join(' ')} exited ${child.status}`);
    cpus.push(Number(readFileSync(cpuFile, 'utf8')) / 1000);
  }
  return { wallMs: median(walls), cpuMs: median(cpus) };
}

const loadBefore = os.loadavg()[0] ?? 0;
const node = measure(['-e', '0']);
const version = measure([bin, '--version']);
const help = measure([bin, '--help']);
const loadAfter = os.loadavg()[0] ?? 0;
rmSync(scratch, { recursive: true, force: true });

const seconds = (ms: number) => `${(ms / 1000).toFixed(3)} s`;
const row = (name: string, { wallMs, cpuMs }: { wallMs: number; cpuMs: number }) => [
  name,
  seconds(wallMs),
  seconds(cpuMs),
  `${(wallMs / node.wallMs).toFixed(1)}×`,
  name.startsWith('node')
    ? '—'
    : `wall ${wallMs < TARGET_MS ? 'met' : '**missed**'}, CPU ${cpuMs < TARGET_MS ? 'met' : '**missed**'}`,
];
const table = markdownTable(
  [
    'command',
    `wall (median of ${RUNS})`,
    `CPU user+system (median of ${RUNS})`,
    'wall ÷ node -e 0',
    'target < 0.3 s',
  ],
  [
    row('node -e 0 (baseline)', node),
    row('sightline --version', version),
    row('sightline --help', help),
  ],
);
const { results } = await writeResults('startup', {
  inputs: { runs: RUNS, targetMs: TARGET_MS, loadAverages: [loadBefore, loadAfter] },
  figures: Object.fromEntries(
    Object.entries({ node, version, help }).map(([name, times]) => [
      name,
      { wall: msFigure(times.wallMs), cpu: msFigure(times.cpuMs) },
    ]),
  ),
});
const note = [
  `Measured ${results.date.slice(0, 10)} on ${results.machine.cpu} (${results.machine.cores} cores), Node ${results.node},`,
  `1-minute load average ${loadBefore.toFixed(1)}–${loadAfter.toFixed(1)}: wall times on a shared machine are inflated; CPU time is the steadier figure.`,
  'Before lazy loading (every verb imported at start-up), `--version` took 1.4–1.7 s of CPU.',
].join(' ');
await updateReadmeTable('startup', `${table}\n\n${note}`);
process.stdout.write(`${table}\n\n${note}\n`);
