/**
 * `npm run bench:serve`: the triage service's pipeline on 10,000 reports made from real samples in
 * ../shared/data (reviews, issues, crash logs in their formats, varied), against json5 2.2.1 with
 * offline investigation, on SQLite and (when SIGHTLINE_TEST_POSTGRES_URL is set) Postgres.
 *
 * Figures per database: reports ingested per second; reports classified and grouped per second
 * (from the first ingest until every report is grouped) and this process' CPU seconds over that
 * span; investigation latency p50/p95 (each diagnosis' own duration) and how many finished within
 * the investigation budget; inbox query p95 over a store seeded with 100,000 groups (filters, text
 * search, paging); reports in = reports stored; jobs run twice (handler runs per job id); peak RSS
 * of the process. On Postgres also the scale-out: 1, then 2 worker processes
 * (`bench/lib/serve-worker.ts`, what `sightline worker` runs) on the same reports, reports grouped
 * per second, the ratio, and handler runs per job id summed over the workers.
 * Targets (issue 29): 10k grouped and classified < 60 s and < 20 CPU-s; inbox p95 < 50 ms at 100k
 * groups; 2 workers ≥ 1.6× one.
 * Environment: BENCH_SERVE_REPORTS (10,000), BENCH_SERVE_INBOX_GROUPS / BENCH_SERVE_PG_INBOX_GROUPS
 * (100,000), BENCH_SERVE_SCALE_OUT_REPORTS (= reports), BENCH_SERVE_PG_IN_PROCESS=0 (skip the
 * in-process Postgres run), BENCH_SERVE_INVESTIGATION_MS (120,000). BENCH_SERVE_SOAK_REPORTS=100000
 * runs the soak instead (SQLite, a steady stream, memory sampled every 5,000 reports; written to
 * bench/results/serve-soak.json and its own table). `node --cpu-prof` profiles
 * the workers too; `bench/lib/cpu-profile-top.ts` summarises the profiles.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import {
  createPipeline,
  type InboxQuery,
  type JobHandler,
  type JobQueue,
  openQueue,
  openStore,
  PIPELINE_POLICIES,
  type RawReport,
  type Store,
} from '@sightline/service';
import { parse as parseCsv } from 'csv-parse/sync';
import { npmPack } from './lib/npm-pack.js';
import { type Figure, markdownTable, updateReadmeTable, writeResults } from './lib/results.js';

const SHARED = path.resolve('..', 'shared', 'data');
const TOTAL = Number(process.env.BENCH_SERVE_REPORTS ?? 10_000);
const INVESTIGATION_BUDGET_MS = Number(process.env.BENCH_SERVE_INVESTIGATION_MS ?? 120_000);
const INBOX_GROUPS = {
  sqlite: Number(process.env.BENCH_SERVE_INBOX_GROUPS ?? 100_000),
  postgres: Number(process.env.BENCH_SERVE_PG_INBOX_GROUPS ?? 100_000),
};
/** Reports of the soak; when set (> 0) the run is the soak alone, written to serve-soak.json. */
const SOAK_REPORTS = Number(process.env.BENCH_SERVE_SOAK_REPORTS ?? 0);
/** Reports per Postgres scale-out run (1 worker process, then 2). */
const SCALE_OUT_REPORTS = Number(process.env.BENCH_SERVE_SCALE_OUT_REPORTS ?? TOTAL);

if (!fs.existsSync(SHARED)) {
  console.error(`bench:serve needs ../shared/data (not found at ${SHARED}).`);
  process.exit(2);
}

/** Reviews (three files, by id), issues (CSV) and crash logs varied by line numbers and ids. */
function makeReports(total: number): RawReport[] {
  const reviews = new Map<string, { title?: string; text: string; rating?: number }>();
  for (const file of ['labeled.jsonl', 'train.jsonl', 'test.jsonl']) {
    for (const line of fs.readFileSync(path.join(SHARED, 'reviews', file), 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const review = JSON.parse(line) as {
        id: string;
        title?: string;
        text: string;
        rating?: number;
      };
      reviews.set(`${file}:${review.id}`, review);
    }
  }
  const issues = (
    parseCsv(fs.readFileSync(path.join(SHARED, 'labeled', 'nlbse2024', 'issues_train.csv')), {
      columns: true,
    }) as { repo: string; title: string; body: string }[]
  ).slice(0, 3_000);
  const crashDir = path.join(SHARED, 'crashes');
  const crashes = fs
    .readdirSync(crashDir)
    .filter((file) => file !== 'index.json')
    .map((file) => ({ file, text: fs.readFileSync(path.join(crashDir, file), 'utf8') }));
  const out: RawReport[] = [];
  const receivedAt = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
  const reviewList = [...reviews.values()];
  for (let i = 0; out.length < total; i += 1) {
    const slot = i % 10;
    if (slot < 6) {
      const review = reviewList[i % reviewList.length];
      if (!review) continue;
      out.push({
        sourceKind: 'app-store',
        sourceId: `review-${i}`,
        receivedAt: receivedAt(i),
        format: 'auto',
        payload: { json: { ...review, id: `review-${i}` } },
      });
    } else if (slot < 8) {
      const issue = issues[i % issues.length];
      if (!issue) continue;
      out.push({
        sourceKind: 'github',
        sourceId: `issue-${i}`,
        receivedAt: receivedAt(i),
        format: 'auto',
        filename: 'issue.md',
        payload: { text: `# ${issue.title}\n\n${issue.body}` },
      });
    } else {
      const crash = crashes[i % crashes.length];
      if (!crash) continue;
      // The same crash seen again: line numbers and hex addresses shift, the stack stays.
      const shift = Math.floor(i / crashes.length) % 7;
      const text = crash.text.replace(
        /:(\d+)(?=[:)\s])/g,
        (_, line: string) => `:${Number(line) + shift}`,
      );
      out.push({
        sourceKind: 'sentry',
        sourceId: `crash-${i}`,
        receivedAt: receivedAt(i),
        format: 'auto',
        filename: crash.file,
        payload: { text },
      });
    }
  }
  return out;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return (
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
  );
}

async function freshLocation(kind: 'sqlite' | 'postgres', label: string) {
  if (kind === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `sightline-bench-${label}-`));
    return {
      location: { sqlite: path.join(dir, 'bench.db') },
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const { default: pg } = await import('pg');
  const base = process.env.SIGHTLINE_TEST_POSTGRES_URL as string;
  const name = `sightline_bench_${label}_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    location: { postgres: url.toString() },
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** Polls every 100 ms until `total` reports are grouped or marked failed. */
async function untilGrouped(store: Store, total: number): Promise<void> {
  for (;;) {
    const counts = await store.reports.counts();
    if ((counts.grouped ?? 0) + (counts.failed ?? 0) >= total) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits for the queue to empty; false when the investigation budget ran out first. */
async function drainedInBudget(queue: JobQueue): Promise<boolean> {
  return queue.drain({ timeoutMs: INVESTIGATION_BUDGET_MS }).then(
    () => true,
    () => false,
  );
}

async function runPipeline(kind: 'sqlite' | 'postgres', repo: string, reports: RawReport[]) {
  const { location, drop } = await freshLocation(kind, 'pipeline');
  const store = await openStore(location);
  const queue = await openQueue(store, PIPELINE_POLICIES);
  const pipeline = createPipeline({ store, queue });
  const project = await store.projects.ensure({ name: 'json5', repo });
  const runs = new Map<string, number>();
  const handlers: Record<string, JobHandler> = {};
  for (const [name, handler] of Object.entries(pipeline.handlers)) {
    handlers[name] = async (data, job) => {
      runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
      await handler(data, job);
    };
  }
  await (await pipeline.context.repository(repo)).index(); // index once before timing (cached per revision)
  await queue.work(handlers, { concurrency: 2 });
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < reports.length; i += 500) {
    await pipeline.ingest(reports.slice(i, i + 500), { projectId: project.id, sourceId: null });
  }
  const ingestedMs = performance.now() - started;
  await untilGrouped(store, reports.length);
  const groupedMs = performance.now() - started;
  const cpuMs = process.cpuUsage(cpuBefore);
  const drained = await drainedInBudget(queue);
  await queue.stop();
  const counts = await store.reports.counts();
  const groups = await store.inbox({ limit: 1 });
  const durations = await store.diagnoses.durationsMs();
  const investigable =
    (await store.inbox({ label: 'bug', limit: 1 })).total +
    (await store.inbox({ label: 'crash', limit: 1 })).total;
  const jobCounts = await queue.counts().catch(() => ({}));
  const stored = Object.values(counts).reduce((sum, n) => sum + n, 0);
  await store.close();
  await drop();
  return {
    ingestPerSecond: (reports.length / ingestedMs) * 1000,
    groupedSeconds: groupedMs / 1000,
    groupedPerSecond: (reports.length / groupedMs) * 1000,
    // This process' CPU time until every report was grouped (user + system, s): the work itself,
    // apart from waiting for a core on a shared machine (a Postgres server's time is not in it).
    groupedCpuSeconds: (cpuMs.user + cpuMs.system) / 1e6,
    reportsIn: reports.length,
    reportsStored: stored,
    reportsUnreadable: counts.failed ?? 0,
    groups: groups.total,
    investigableGroups: investigable,
    diagnoses: durations.length,
    allInvestigated: drained,
    investigationP50: percentile(durations, 50),
    investigationP95: percentile(durations, 95),
    jobsRunTwice: [...runs.values()].filter((n) => n > 1).length,
    jobsFailed: (jobCounts as Record<string, number>).failed ?? 0,
  };
}

/** Starts one `bench/lib/serve-worker.ts` process; resolves once it works the queue. */
async function startWorker(url: string, repo: string) {
  const child = spawn(
    process.execPath,
    [
      // `node --cpu-prof … bench/serve.ts` profiles the workers too (one file per process).
      ...process.execArgv.filter((arg) => arg.startsWith('--cpu-prof')),
      '--import',
      'tsx',
      '--conditions=@sightline/source',
      'bench/lib/serve-worker.ts',
    ],
    {
      env: { ...process.env, BENCH_SERVE_WORKER_URL: url, BENCH_SERVE_WORKER_REPO: repo },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const first = await lines.next();
  if (first.value !== 'ready') throw new Error(`a bench worker did not start (${first.value})`);
  return {
    /** SIGTERM, then the worker's handler runs per job id and its CPU seconds. */
    stop: async () => {
      child.kill('SIGTERM');
      const last = await lines.next();
      return JSON.parse(String(last.value)) as {
        runs: Record<string, number>;
        cpuSeconds: number;
      };
    },
  };
}

/**
 * Postgres scale-out: `workers` worker processes (2 jobs at once each) work the queue this process
 * fills; reports classified and grouped per second from the first ingest, and handler runs per job
 * id summed over the workers.
 */
async function scaleOut(repo: string, reports: RawReport[], workers: number) {
  console.error(`postgres: ${workers} worker process(es) on ${reports.length} reports…`);
  const { location, drop } = await freshLocation('postgres', `workers${workers}`);
  const store = await openStore(location);
  const queue = await openQueue(store, PIPELINE_POLICIES);
  const pipeline = createPipeline({ store, queue });
  const project = await store.projects.ensure({ name: 'json5', repo });
  const url = (location as { postgres: string }).postgres;
  const started = await Promise.all(Array.from({ length: workers }, () => startWorker(url, repo)));
  const t0 = performance.now();
  for (let i = 0; i < reports.length; i += 500) {
    await pipeline.ingest(reports.slice(i, i + 500), { projectId: project.id, sourceId: null });
  }
  await untilGrouped(store, reports.length);
  const groupedMs = performance.now() - t0;
  const drained = await drainedInBudget(queue);
  const results = await Promise.all(started.map((worker) => worker.stop()));
  const runs = new Map<string, number>();
  for (const result of results) {
    for (const [id, n] of Object.entries(result.runs)) runs.set(id, (runs.get(id) ?? 0) + n);
  }
  const jobCounts = await queue.counts().catch(() => ({}));
  const counts = await store.reports.counts();
  await queue.stop();
  await store.close();
  await drop();
  return {
    workers,
    groupedSeconds: groupedMs / 1000,
    groupedPerSecond: (reports.length / groupedMs) * 1000,
    workerCpuSeconds: results.reduce((sum, r) => sum + r.cpuSeconds, 0),
    reportsStored: Object.values(counts).reduce((sum, n) => sum + n, 0),
    jobsRun: runs.size,
    jobsRunTwice: [...runs.values()].filter((n) => n > 1).length,
    jobsFailed: (jobCounts as Record<string, number>).failed ?? 0,
    allInvestigated: drained,
  };
}

async function inboxP95(kind: 'sqlite' | 'postgres') {
  const { location, drop } = await freshLocation(kind, 'inbox');
  const store: Store = await openStore(location);
  const project = await store.projects.ensure({ name: 'inbox', repo: '/nowhere' });
  const labels = ['bug', 'crash', 'feature', 'other'] as const;
  const words = [
    'crash',
    'login',
    'checkout',
    'sync',
    'dark',
    'mode',
    'freeze',
    'upload',
    'payment',
    'widget',
  ];
  // Seeded through the store's batch calls, 1,000 groups a transaction (not timed).
  for (let start = 0; start < INBOX_GROUPS[kind]; start += 1_000) {
    const raws: RawReport[] = [];
    for (let i = start; i < Math.min(start + 1_000, INBOX_GROUPS[kind]); i += 1) {
      raws.push({
        sourceKind: i % 3 ? 'app-store' : 'sentry',
        sourceId: `g${i}`,
        receivedAt: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
        format: 'auto',
        payload: { text: 'x' },
      });
    }
    const rows = await store.reports.insertMany(raws, { projectId: project.id, sourceId: null });
    await store.groups.attachMany(
      rows.map((row, offset) => {
        const i = start + offset;
        const raw = raws[offset] as RawReport;
        return {
          reportId: row.id,
          projectId: project.id,
          label: labels[i % 4] ?? 'bug',
          title: `${words[i % 10]} ${words[(i * 7) % 10]} problem ${i}`,
          receivedAt: raw.receivedAt,
          sourceKind: raw.sourceKind,
          key: { signature: `s${i}` },
        };
      }),
    );
  }
  const queries: InboxQuery[] = [
    {},
    { label: 'crash' },
    { status: 'new' },
    { q: 'checkout freeze' },
    { source: 'sentry', label: 'bug' },
    { project: project.id, limit: 100 },
  ];
  const times: number[] = [];
  for (let round = 0; round < 40; round += 1) {
    for (const query of queries) {
      const t = performance.now();
      const page = await store.inbox(query);
      if (page.nextCursor) await store.inbox({ ...query, cursor: page.nextCursor });
      times.push((performance.now() - t) / (page.nextCursor ? 2 : 1));
    }
  }
  await store.close();
  await drop();
  return { p50: percentile(times, 50), p95: percentile(times, 95), queries: times.length };
}

/**
 * The soak: `total` reports through the SQLite pipeline as a steady stream (ingested 500 at a time
 * while fewer than 5,000 wait), with this process' memory sampled every 5,000 reports grouped.
 * Flat memory: the heap at the end within a few MiB of the heap after the first quarter.
 */
async function soak(repo: string, total: number) {
  console.error(`sqlite: soak of ${total} reports…`);
  const reports = makeReports(total);
  const { location, drop } = await freshLocation('sqlite', 'soak');
  const store = await openStore(location);
  const queue = await openQueue(store, PIPELINE_POLICIES);
  const pipeline = createPipeline({ store, queue });
  const project = await store.projects.ensure({ name: 'json5', repo });
  await queue.work(pipeline.handlers, { concurrency: 2 });
  const mib = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;
  const samples: { grouped: number; rssMiB: number; heapUsedMiB: number }[] = [];
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  let ingested = 0;
  let grouped = 0;
  while (grouped < total) {
    if (ingested < total && ingested - grouped < 5_000) {
      await pipeline.ingest(reports.slice(ingested, ingested + 500), {
        projectId: project.id,
        sourceId: null,
      });
      ingested = Math.min(total, ingested + 500);
      continue;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    const counts = await store.reports.counts();
    const now = (counts.grouped ?? 0) + (counts.failed ?? 0);
    if (Math.floor(now / 5_000) > Math.floor(grouped / 5_000) || now >= total) {
      const memory = process.memoryUsage();
      samples.push({ grouped: now, rssMiB: mib(memory.rss), heapUsedMiB: mib(memory.heapUsed) });
      console.error(`soak: ${JSON.stringify(samples.at(-1))}`);
    }
    grouped = now;
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const drained = await drainedInBudget(queue);
  const counts = await store.reports.counts();
  const jobCounts = await queue.counts();
  await queue.stop();
  await store.close();
  await drop();
  const quarter = samples.find((sample) => sample.grouped >= total / 4) ?? samples[0];
  const last = samples.at(-1);
  return {
    seconds,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    stored: Object.values(counts).reduce((sum, n) => sum + n, 0),
    jobsFailed: jobCounts.failed ?? 0,
    drained,
    samples,
    heapGrowthMiB:
      last && quarter ? Math.round((last.heapUsedMiB - quarter.heapUsedMiB) * 10) / 10 : Number.NaN,
    rssGrowthMiB:
      last && quarter ? Math.round((last.rssMiB - quarter.rssMiB) * 10) / 10 : Number.NaN,
  };
}

const { dir, name, version } = await npmPack('json5@2.2.1');
// The machine is shared: the load average says how much of it the wall-clock figures had.
const loadAtStart = os
  .loadavg()
  .map((n) => n.toFixed(1))
  .join(' / ');
if (SOAK_REPORTS > 0) {
  const run = await soak(dir, SOAK_REPORTS);
  const { file } = await writeResults('serve-soak', {
    inputs: {
      package: `${name}@${version}`,
      reports: SOAK_REPORTS,
      mix: 'as bench:serve (reviews, issues, crash logs)',
      database: 'sqlite',
      investigation: 'offline',
      concurrency: 2,
      loadAverageAtStart: loadAtStart,
    },
    figures: {
      groupedIn: { value: Math.round(run.seconds), unit: 's', statistic: 'single' },
      groupedCpu: { value: Math.round(run.cpuSeconds), unit: 's', statistic: 'single' },
      reportsStored: { value: run.stored, unit: 'reports' },
      jobsFailed: { value: run.jobsFailed, unit: 'jobs' },
      heapGrowthAfterFirstQuarter: {
        value: run.heapGrowthMiB,
        unit: 'MiB',
        note: 'heap used at the end minus heap used once a quarter of the reports were grouped',
      },
      rssGrowthAfterFirstQuarter: { value: run.rssGrowthMiB, unit: 'MiB' },
      memorySamples: {
        value: run.samples.length,
        unit: 'samples',
        note: JSON.stringify(run.samples),
      },
    },
  });
  const rows = run.samples
    .filter(
      (_, index) =>
        index % Math.ceil(run.samples.length / 20) === 0 || index === run.samples.length - 1,
    )
    .map((sample) => [sample.grouped.toLocaleString('en'), sample.rssMiB, sample.heapUsedMiB]);
  await updateReadmeTable(
    'serve-soak',
    `${markdownTable(['reports grouped', 'RSS (MiB)', 'heap used (MiB)'], rows)}

${SOAK_REPORTS.toLocaleString('en')} reports grouped in ${Math.round(run.seconds)} s (CPU ${Math.round(run.cpuSeconds)} s), ${run.stored} stored, ${run.jobsFailed} jobs failed, investigations all done within the budget: ${run.drained}. Heap used grew ${run.heapGrowthMiB} MiB and RSS ${run.rssGrowthMiB} MiB from the first quarter to the end. Load average at the start: ${loadAtStart}.`,
  );
  console.error(`Results in ${file}.`);
  process.exit(0);
}
const reports = makeReports(TOTAL);
const postgres = Boolean(process.env.SIGHTLINE_TEST_POSTGRES_URL);
// BENCH_SERVE_PG_IN_PROCESS=0 leaves out the in-process Postgres run (and its inbox seeding), keeping
// the worker-process scale-out below.
const kinds: ('sqlite' | 'postgres')[] =
  postgres && process.env.BENCH_SERVE_PG_IN_PROCESS !== '0' ? ['sqlite', 'postgres'] : ['sqlite'];
if (!postgres) console.error('SIGHTLINE_TEST_POSTGRES_URL is not set: SQLite only.');
const figures: Record<string, Record<string, Figure>> = {};
const rows: (string | number)[][] = [];
for (const kind of kinds) {
  console.error(`${kind}: pipeline on ${reports.length} reports…`);
  const run = await runPipeline(kind, dir, reports);
  console.error(`${kind}: inbox queries over ${INBOX_GROUPS[kind]} groups…`);
  const inbox = await inboxP95(kind);
  figures[kind] = {
    reportsIngestedPerSecond: {
      value: Math.round(run.ingestPerSecond),
      unit: 'reports/s',
      statistic: 'single',
    },
    groupedAndClassifiedIn: {
      value: Math.round(run.groupedSeconds * 10) / 10,
      unit: 's',
      statistic: 'single',
      note: 'target < 60 s; investigations run alongside',
    },
    groupedAndClassifiedCpu: {
      value: Math.round(run.groupedCpuSeconds * 10) / 10,
      unit: 's',
      statistic: 'single',
      note: "this process' CPU time (user + system) over the same span: the work apart from waiting for a core",
    },
    groupedAndClassifiedPerSecond: {
      value: Math.round(run.groupedPerSecond),
      unit: 'reports/s',
      statistic: 'single',
    },
    investigationP50: {
      value: run.investigationP50,
      unit: 'ms',
      note: "each diagnosis' own duration, offline",
    },
    investigationP95: { value: run.investigationP95, unit: 'ms' },
    diagnoses: {
      value: run.diagnoses,
      unit: 'diagnoses',
      note: `of ${run.investigableGroups} bug/crash groups; all done within the ${INVESTIGATION_BUDGET_MS / 1000} s budget: ${run.allInvestigated}`,
    },
    groups: { value: run.groups, unit: 'groups' },
    reportsIn: { value: run.reportsIn, unit: 'reports' },
    reportsStored: {
      value: run.reportsStored,
      unit: 'reports',
      note: `${run.reportsUnreadable} stored but unreadable by intake (kept, marked failed)`,
    },
    jobsRunTwice: { value: run.jobsRunTwice, unit: 'jobs' },
    jobsFailed: { value: run.jobsFailed, unit: 'jobs' },
    inboxP50: {
      value: Math.round(inbox.p50 * 100) / 100,
      unit: 'ms',
      runs: inbox.queries,
      statistic: 'median',
    },
    inboxP95: {
      value: Math.round(inbox.p95 * 100) / 100,
      unit: 'ms',
      runs: inbox.queries,
      note: `over ${INBOX_GROUPS[kind]} groups; target < 50 ms`,
    },
  };
  rows.push([
    kind,
    `${run.groupedSeconds.toFixed(1)} s (${Math.round(run.groupedPerSecond)}/s)`,
    `${run.groupedCpuSeconds.toFixed(1)} s`,
    `${run.investigationP50} / ${run.investigationP95} ms`,
    `${run.diagnoses} of ${run.investigableGroups}`,
    `${inbox.p95.toFixed(1)} ms (${INBOX_GROUPS[kind].toLocaleString('en')} groups)`,
    `${run.reportsIn} / ${run.reportsStored}`,
    run.jobsRunTwice,
  ]);
}
const scaleOutRows: (string | number)[][] = [];
let speedup = Number.NaN;
if (postgres) {
  const scaleReports = reports.slice(0, SCALE_OUT_REPORTS);
  const one = await scaleOut(dir, scaleReports, 1);
  const two = await scaleOut(dir, scaleReports, 2);
  speedup = two.groupedPerSecond / one.groupedPerSecond;
  figures.postgresScaleOut = {};
  for (const run of [one, two]) {
    figures.postgresScaleOut[`workers${run.workers}GroupedPerSecond`] = {
      value: Math.round(run.groupedPerSecond * 10) / 10,
      unit: 'reports/s',
      statistic: 'single',
      note: `${scaleReports.length} reports classified and grouped in ${run.groupedSeconds.toFixed(1)} s; workers' CPU ${run.workerCpuSeconds.toFixed(1)} s; ${run.jobsRun} jobs, ${run.jobsRunTwice} run twice, ${run.jobsFailed} failed; ${run.reportsStored} stored; all investigated within the budget: ${run.allInvestigated}`,
    };
    scaleOutRows.push([
      run.workers,
      `${run.groupedSeconds.toFixed(1)} s (${run.groupedPerSecond.toFixed(1)}/s)`,
      `${run.workerCpuSeconds.toFixed(1)} s`,
      `${scaleReports.length} / ${run.reportsStored}`,
      `${run.jobsRun} / ${run.jobsRunTwice} / ${run.jobsFailed}`,
    ]);
  }
  figures.postgresScaleOut.twoWorkersSpeedup = {
    value: Math.round(speedup * 100) / 100,
    unit: '×',
    statistic: 'single',
    note: 'reports/s of 2 worker processes over 1; target ≥ 1.6×',
  };
}
const peak = process.resourceUsage().maxRSS / 1024;
const { file } = await writeResults('serve', {
  inputs: {
    package: `${name}@${version}`,
    reports: TOTAL,
    mix: '60 % reviews (../shared/data/reviews), 20 % issues (nlbse2024 CSV), 20 % crash logs (../shared/data/crashes, line numbers shifted)',
    investigation: 'offline',
    concurrency: 2,
    inboxGroups: INBOX_GROUPS,
    scaleOutReports: postgres ? SCALE_OUT_REPORTS : 0,
    loadAverageAtStart: loadAtStart,
  },
  figures: {
    ...figures,
    peakRss: { value: Math.round(peak), unit: 'MiB', note: 'the whole benchmark process' },
  },
});
const table = markdownTable(
  [
    'database',
    `${TOTAL} reports grouped + classified`,
    'CPU time of that span',
    'investigation p50 / p95',
    'diagnoses',
    'inbox p95',
    'reports in / stored',
    'jobs run twice',
  ],
  rows,
);
const scaleOutTable = scaleOutRows.length
  ? `\n\nPostgres, worker processes (2 jobs at once each) on ${SCALE_OUT_REPORTS} reports:\n\n${markdownTable(
      [
        'worker processes',
        'grouped + classified',
        "workers' CPU time",
        'reports in / stored',
        'jobs run / run twice / failed',
      ],
      scaleOutRows,
    )}\n\n2 workers / 1 worker: ${speedup.toFixed(2)}× (target ≥ 1.6×).`
  : '';
await updateReadmeTable(
  'serve',
  `${table}${scaleOutTable}\n\nPeak RSS ${Math.round(peak)} MiB. Load average at the start: ${loadAtStart}. Targets: grouped and classified < 60 s and < 20 CPU-s, inbox p95 < 50 ms at 100,000 groups.`,
);
console.log(table);
console.error(`Results in ${file}.`);
