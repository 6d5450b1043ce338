/**
 * Benchmark results: `bench/results/<name>.json` (machine, Node version, date, inputs with their
 * versions, every figure with its unit) and the table between `<!-- bench:NAME -->` and
 * `<!-- /bench:NAME -->` in bench/README.md.
 *
 * @example
 * await writeResults('localize', { inputs: { cases: { file: '…', count: 50 } },
 *   figures: { top1: { value: 0.62, unit: 'fraction' } } });
 * await updateReadmeTable('localize', markdownTable(['metric', 'value'], [['top-1', '62 %']]));
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BENCH_DIR } from './npm-pack.js';

/** One measured number with its unit; add `runs` and `statistic` for repeated measurements. */
export interface Figure {
  value: number;
  /** e.g. `ms`, `s`, `MiB`, `files`, `tokens`, `fraction`. */
  unit: string;
  /** How many runs `value` summarizes. */
  runs?: number;
  /** How `value` summarizes the runs, e.g. `median`. */
  statistic?: 'median' | 'mean' | 'min' | 'max' | 'single';
  /** Anything a reader needs to judge the number (e.g. "noisy: shared machine"). */
  note?: string;
}

/**
 * A time in milliseconds as a {@link Figure}, rounded to 0.1 ms (finer is noise on a shared machine).
 * @param ms - the time, milliseconds.
 * @param note - optional {@link Figure.note}.
 * @returns `{ value, unit: 'ms' }`, with `note` when given.
 */
export function msFigure(ms: number, note?: string): Figure {
  return { value: Math.round(ms * 10) / 10, unit: 'ms', ...(note ? { note } : {}) };
}

/**
 * A ratio as a {@link Figure}, rounded (benchmark ratios are not meaningful past a few decimals).
 * @param value - the ratio, usually 0–1.
 * @param decimals - decimals kept. Default 3.
 * @returns `{ value, unit: 'fraction' }`.
 */
export function fraction(value: number, decimals = 3): Figure {
  const scale = 10 ** decimals;
  return { value: Math.round(value * scale) / scale, unit: 'fraction' };
}

/** Figures may nest (per input, per label) down to {@link Figure}s. */
export type Figures = { [key: string]: Figure | Figures };

/** The machine a benchmark ran on. */
export interface MachineInfo {
  cpu: string;
  cores: number;
  /** Total memory, GiB. */
  memoryGiB: number;
  platform: string;
  /** 1-minute load average when the results were written; above `cores`, times are inflated. */
  loadAverage: number;
}

/** The whole results file. */
export interface BenchResults {
  name: string;
  /** ISO 8601 time of the run. */
  date: string;
  machine: MachineInfo;
  node: string;
  /** What was measured, with versions (package versions, data files and sizes, settings). */
  inputs: Record<string, unknown>;
  figures: Figures;
}

/**
 * Describes this machine.
 * @returns CPU model, cores, memory (GiB), OS and the current 1-minute load average.
 */
export function machineInfo(): MachineInfo {
  return {
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
    cores: os.cpus().length,
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    platform: `${os.platform()} ${os.release()}`,
    loadAverage: Math.round((os.loadavg()[0] ?? 0) * 100) / 100,
  };
}

/**
 * Writes `bench/results/<name>.json` with the machine, Node version and date filled in.
 * @param name - the benchmark's name (`repomap` for `npm run bench:repomap`).
 * @param results - inputs and figures.
 * @returns the absolute path written and what was written.
 */
export async function writeResults(
  name: string,
  { inputs, figures }: Pick<BenchResults, 'inputs' | 'figures'>,
): Promise<{ file: string; results: BenchResults }> {
  const results: BenchResults = {
    name,
    date: new Date().toISOString(),
    machine: machineInfo(),
    node: process.version,
    inputs,
    figures,
  };
  const file = path.join(BENCH_DIR, 'results', `${name}.json`);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(results, null, 2)}\n`);
  return { file, results };
}

/**
 * Formats a Markdown table.
 * @param headers - column titles.
 * @param rows - cells; numbers are written as given (format them first).
 * @returns the table, without a trailing newline.
 */
export function markdownTable(
  headers: readonly string[],
  rows: readonly (readonly (string | number)[])[],
): string {
  const line = (cells: readonly (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n');
}

/**
 * Replaces the text between `<!-- bench:NAME -->` and `<!-- /bench:NAME -->` in bench/README.md
 * (appending a `## NAME` section with the markers when they are missing).
 * @param name - the benchmark's name.
 * @param markdown - the new content (a table and any notes).
 * @param readme - the file to edit. Default bench/README.md.
 * @returns when the file is written.
 */
export async function updateReadmeTable(
  name: string,
  markdown: string,
  readme = path.join(BENCH_DIR, 'README.md'),
): Promise<void> {
  const open = `<!-- bench:${name} -->`;
  const close = `<!-- /bench:${name} -->`;
  const text = await readFile(readme, 'utf8').catch(() => '# Benchmarks\n');
  const block = `${open}\n${markdown.trim()}\n${close}`;
  const start = text.indexOf(open);
  const end = text.indexOf(close);
  const updated =
    start !== -1 && end > start
      ? text.slice(0, start) + block + text.slice(end + close.length)
      : `${text.trimEnd()}\n\n## ${name}\n\n${block}\n`;
  await writeFile(readme, updated);
}
