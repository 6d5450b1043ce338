/**
 * `npm run bench:repomap` — how fast the repository map indexes and renders real code bases:
 * published npm packages (exact versions, downloaded once by `npm pack` into bench/.cache, not
 * timed). For each: files, definitions and references indexed; cold index time (empty cache,
 * grammars loaded in the run, as a fresh `sightline map` would); warm time (everything cached);
 * time after touching one file; map rendering time and tokens at a 1,024-token budget; peak
 * memory. Each package is measured in its own child process so that its peak RSS is its own.
 * Warm, touched and map times are medians of several runs. Writes bench/results/repomap.json and
 * the `repomap` table of bench/README.md.
 *
 * Targets (from the issue; reported as measured, never tuned per input): a repository of about
 * 2,000 files indexes cold in < 5 s, warm in < 0.5 s, and after one changed file in < 0.3 s.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, utimes } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { indexRepository, renderRepositoryMap } from '@sightline/codebase';
import { npmPack } from './lib/npm-pack.js';
import {
  type Figures,
  markdownTable,
  msFigure,
  updateReadmeTable,
  writeResults,
} from './lib/results.js';
import { median, timed } from './lib/stats.js';

/** Inputs, small to large. @mui/material is the ~2,000-file case of the targets. */
const PACKAGES = [
  'express@5.3.0',
  '@typescript-eslint/typescript-estree@8.74.0',
  'fastify@5.12.8',
  'eslint@8.55.0',
  'zod@4.6.7',
  'lodash@4.18.1',
  '@mui/material@9.5.0',
  'date-fns@4.4.0',
];
const RUNS = 5;
const MAP_TOKENS = 1024;

/** What one child process measures for one package. */
interface Measurement {
  files: number;
  skipped: number;
  definitions: number;
  references: number;
  coldMs: number;
  warmMs: number[];
  touchedMs: number[];
  touchedFile: string;
  touchedParsed: number[];
  mapMs: number[];
  mapTokens: number;
  mapShownSymbols: number;
  peakRssMiB: number;
}

async function measure(dir: string): Promise<Measurement> {
  const cacheDir = await mkdtemp(path.join(os.tmpdir(), 'sightline-bench-repomap-'));
  try {
    const cold = await timed(() => indexRepository(dir, { cacheDir }));
    const index = cold.result;
    const warmMs: number[] = [];
    for (let run = 0; run < RUNS; run++)
      warmMs.push((await timed(() => indexRepository(dir, { cacheDir }))).ms);

    // Touch the file of median size among parsed files: a typical edit, not the worst case.
    const parsed = [...index.files.values()]
      .filter((file) => file.language !== null)
      .sort((a, b) => a.size - b.size);
    const touched = parsed[Math.floor(parsed.length / 2)] ?? [...index.files.values()][0];
    if (touched === undefined) throw new Error(`nothing indexed in ${dir}`);
    const touchedMs: number[] = [];
    const touchedParsed: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const when = new Date(Date.now() + (run + 1) * 1000);
      await utimes(path.join(dir, touched.path), when, when);
      let parses = 0;
      touchedMs.push(
        (await timed(() => indexRepository(dir, { cacheDir, onParse: () => parses++ }))).ms,
      );
      touchedParsed.push(parses);
    }

    const mapMs: number[] = [];
    let map = renderRepositoryMap(index, { tokens: MAP_TOKENS });
    for (let run = 0; run < RUNS; run++) {
      const rendered = await timed(() => renderRepositoryMap(index, { tokens: MAP_TOKENS }));
      mapMs.push(rendered.ms);
      map = rendered.result;
    }
    let definitions = 0;
    let references = 0;
    for (const file of index.files.values()) {
      definitions += file.definitions.length;
      references += file.references.length;
    }
    return {
      files: index.files.size,
      skipped: index.skipped.length,
      definitions,
      references,
      coldMs: cold.ms,
      warmMs,
      touchedMs,
      touchedFile: touched.path,
      touchedParsed,
      mapMs,
      mapTokens: map.tokens,
      mapShownSymbols: map.shownSymbols,
      peakRssMiB: process.resourceUsage().maxRSS / 1024,
    };
  } finally {
    await rm(cacheDir, { recursive: true, force: true });
  }
}

/** Runs {@link measure} for one package in a fresh Node process (same loader flags as this one). */
async function measureInChild(dir: string): Promise<Measurement> {
  const script = fileURLToPath(import.meta.url);
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [...process.execArgv, script, '--child', dir],
    {
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  return JSON.parse(stdout) as Measurement;
}

const medianMs = (values: number[]) => ({
  ...msFigure(median(values)),
  runs: values.length,
  statistic: 'median' as const,
});
const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`;
const thousands = (value: number) => value.toLocaleString('en-US');

async function main(): Promise<void> {
  const inputs: Record<string, unknown> = {};
  const figures: Figures = {};
  const rows: string[][] = [];
  const loads: number[] = [];
  for (const spec of PACKAGES) {
    const packed = await npmPack(spec);
    process.stderr.write(`measuring ${spec} …\n`);
    loads.push(os.loadavg()[0] ?? 0);
    const m = await measureInChild(packed.dir);
    inputs[spec] = { name: packed.name, version: packed.version, source: `npm pack ${spec}` };
    figures[spec] = {
      files: { value: m.files, unit: 'files' },
      skippedFiles: { value: m.skipped, unit: 'files' },
      definitions: { value: m.definitions, unit: 'definitions' },
      references: { value: m.references, unit: 'references' },
      coldIndex: {
        ...msFigure(m.coldMs),
        statistic: 'single',
        note: 'empty cache, grammars loaded in the run',
      },
      warmIndex: medianMs(m.warmMs),
      oneFileChanged: {
        ...medianMs(m.touchedMs),
        note: `touched ${m.touchedFile}; files parsed per run: ${m.touchedParsed.join(', ')}`,
      },
      map: { ...medianMs(m.mapMs), note: `graph, PageRank and rendering at ${MAP_TOKENS} tokens` },
      mapTokens: { value: m.mapTokens, unit: 'tokens' },
      mapSymbols: { value: m.mapShownSymbols, unit: 'definitions' },
      peakRss: {
        value: Math.round(m.peakRssMiB),
        unit: 'MiB',
        statistic: 'max',
        note: 'whole child process',
      },
    };
    rows.push([
      `${packed.name}@${packed.version}`,
      thousands(m.files),
      thousands(m.definitions),
      thousands(m.references),
      seconds(m.coldMs),
      seconds(median(m.warmMs)),
      seconds(median(m.touchedMs)),
      seconds(median(m.mapMs)),
      `${m.mapTokens} (${m.mapShownSymbols} defs)`,
      `${Math.round(m.peakRssMiB)} MiB`,
    ]);
    process.stderr.write(`  ${rows.at(-1)?.join(' | ')}\n`);
  }

  const table = markdownTable(
    [
      'package',
      'files',
      'definitions',
      'references',
      'cold index',
      `warm index (median of ${RUNS})`,
      `one file changed (median of ${RUNS})`,
      `map (median of ${RUNS})`,
      `map tokens (budget ${MAP_TOKENS})`,
      'peak RSS',
    ],
    rows,
  );
  const { results } = await writeResults('repomap', {
    inputs: { packages: inputs, runs: RUNS, mapTokens: MAP_TOKENS, loadAverages: loads },
    figures,
  });
  const { machine, date, node } = results;
  const load = `${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`;
  const note = [
    `Measured ${date.slice(0, 10)} on ${machine.cpu} (${machine.cores} cores, ${machine.memoryGiB} GiB), Node ${node}.`,
    `1-minute load average ${load} while measuring: on a shared machine every time is inflated and noisy; cold times are single runs.`,
  ].join(' ');
  await updateReadmeTable('repomap', `${table}\n\n${note}`);
  process.stdout.write(`${table}\n\n${note}\n`);
}

if (process.argv[2] === '--child') {
  process.stdout.write(JSON.stringify(await measure(process.argv[3] as string)));
} else {
  await main();
}
