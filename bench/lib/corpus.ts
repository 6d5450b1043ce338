/**
 * The corpus of real fixes (issue #33): hundreds of public bug reports, each linked to the commit
 * that fixed it, for learning and cross-validating the localizer's ranking across repositories.
 *
 * What is committed is facts only, one case per line in `bench/corpus/cases.jsonl`: repository,
 * fix commit and its parent (the revision measured), the issue the fix closed, where the report
 * text comes from (a public data set file at a commit, and the record in it), the SHA-256 of that
 * text, the report's kind (a crash or stack trace, or a plain description), the language, and the
 * gold files with the lines the fix changed (non-test code, 1-based, at the parent). The file's own
 * SHA-256 is in `bench/corpus/cases.jsonl.sha256`. Report texts copied from public sources never
 * enter the repository: `npm run corpus:fill` copies them into `bench/.cache/corpus/reports/`
 * (git-ignored) and checks each against its hash; trees go to `bench/.cache/repos` through the
 * same `materialize` as the development set. A case is a {@link DevCase} of set `corpus`, so
 * bench:localize measures it with the same loop.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { DevCase, DevGold } from './localize-cases.js';
import { BENCH_DIR } from './npm-pack.js';

/** Version of the facts format; a file of another version is rejected. */
export const CORPUS_FORMAT = 1;
/** The committed facts, one JSON object per line. */
export const CORPUS_FACTS = path.join(BENCH_DIR, 'corpus', 'cases.jsonl');
/** Where `corpus:fill` keeps report texts (git-ignored), one `<id>.json` per case. */
export const CORPUS_REPORT_DIR = path.join(BENCH_DIR, '.cache', 'corpus', 'reports');

/** A crash (exception, panic, stack trace or crash log in the report) or a plain description. */
export type ReportKind = 'crash' | 'plain';

/** Where a case's report text is read from: a record of a public data set at a commit. */
export interface ReportSource {
  /** Data set name, e.g. `Multi-SWE-bench`, or `issue` for a text read from the issue itself. */
  dataset: string;
  /**
   * GitHub `owner/name` holding the data set file; empty, with `commit`, for a file committed in
   * this repository (the paraphrased reports), `path` then being relative to its root.
   */
  repo: string;
  commit: string;
  path: string;
  /** The record's key in that file (an instance id). */
  record: string;
  /** SPDX licence of the data set as its repository states it. */
  licence: string;
}

/**
 * Where a record of a data set is: the data set's file at its commit, and the record's key.
 * @param dataSet - the data set as its sources list names it (`dataset`, `repo`, `commit`, `licence`).
 * @param file - the data set's file holding the record.
 * @param record - the record's key in that file.
 */
export function recordSource(
  dataSet: Pick<ReportSource, 'dataset' | 'repo' | 'commit' | 'licence'>,
  file: string,
  record: string,
): ReportSource {
  const { dataset, repo, commit, licence } = dataSet;
  return { dataset, repo, commit, path: file, record, licence };
}

/** One committed case: facts only, no report text. */
export interface CorpusFact {
  format: typeof CORPUS_FORMAT;
  id: string;
  /** GitHub `owner/name`. */
  repo: string;
  /** The fix commit found in the repository's history, and its first parent (measured). */
  fix: string;
  parent: string;
  /**
   * How the fix commit was found: the pull request's `squash`, `merge`, `fast-forward` or
   * `rebase` commits, the commit whose message `closes` the issue, the one change whose
   * `subject` starts by naming the issue (`Issue #N: …`, `#N: …`), the commit the issue tracker
   * `linked`, or the commit whose message names the tracker's `key`.
   */
  fix_found_by: string;
  /** The issue the fix closed, `owner/name#N` (or the tracker's key, `ZOOKEEPER-1234`). */
  issue: string;
  /** Main language of the gold files. */
  language: string;
  report_kind: ReportKind;
  /** Extra facets for per-slice figures: `android`, `ios`, `react-native`, `bundled-js`, … */
  tags: string[];
  source: ReportSource;
  /** SHA-256 (hex) of the report text as `title + "\n\n" + body`. */
  report_sha256: string;
  /** Non-test files the fix changed, with the changed lines at the parent. */
  gold: DevGold[];
}

/** A report text as cached. */
export interface CorpusReport {
  title: string;
  body: string;
}

/** A corpus case ready to measure: the facts and the report text. */
export interface CorpusCase extends DevCase {
  set: 'corpus';
  issue: string;
  report_kind: ReportKind;
  tags: string[];
}

/**
 * SHA-256 of a report text, the hash stored in {@link CorpusFact.report_sha256}.
 * @param report - title and body.
 * @returns lowercase hex digest.
 */
export function reportHash(report: CorpusReport): string {
  return createHash('sha256').update(`${report.title}\n\n${report.body}`).digest('hex');
}

/**
 * Reads the committed facts.
 * @param file - the facts file. Default {@link CORPUS_FACTS}.
 * @returns the facts in file order; `[]` when the file does not exist.
 * @throws Error naming the line when a line is not JSON or has another format version.
 */
export function readCorpusFacts(file: string = CORPUS_FACTS): CorpusFact[] {
  return readFactLines<CorpusFact>(file, CORPUS_FORMAT);
}

/**
 * Reads a committed facts file: one JSON object per line, each with `format` equal to `format`.
 * @returns the objects in file order; `[]` when the file does not exist.
 * @throws Error naming the line when a line is not JSON or has another format version.
 */
export function readFactLines<T extends { format: number }>(file: string, format: number): T[] {
  if (!existsSync(file)) return [];
  return readJsonLines<T>(file).map(({ value: fact, number }) => {
    if (fact.format !== format)
      throw new Error(
        `${file}:${number} has format ${String(fact.format)}, this reader takes ${format}`,
      );
    return fact;
  });
}

/**
 * Reads a committed JSON Lines file (gzipped when its name ends in `.gz`); blank lines are skipped.
 * @returns each line's parsed value with its 1-based line `number`, in file order.
 * @throws Error naming the file and line when a line is not JSON; the file must exist.
 */
export function readJsonLines<T>(file: string): { value: T; number: number }[] {
  const bytes = readFileSync(file);
  return (file.endsWith('.gz') ? gunzipSync(bytes) : bytes)
    .toString('utf8')
    .split('\n')
    .map((line, index) => ({ line, number: index + 1 }))
    .filter(({ line }) => line.trim() !== '')
    .map(({ line, number }) => {
      try {
        return { value: JSON.parse(line) as T, number };
      } catch {
        throw new Error(
          `${file}:${number} is not JSON; restore it with git checkout or fix the line`,
        );
      }
    });
}

/** The cache file of a case's report text. */
export function reportPath(id: string, dir: string = CORPUS_REPORT_DIR): string {
  return path.join(dir, `${id}.json`);
}

/**
 * A fact without its report text, as the development-case shape (for `--fetch-list` and
 * `--materialize`, which need no text).
 */
export function factAsCase(fact: CorpusFact, report: CorpusReport = { title: '', body: '' }) {
  const entry: CorpusCase = {
    id: fact.id,
    kind: 'git',
    set: 'corpus',
    language: fact.language,
    repo: fact.repo,
    fix: fact.fix,
    parent: fact.parent,
    source: `${fact.source.dataset} ${fact.source.record} (${fact.issue})`,
    has_stack_trace: fact.report_kind === 'crash',
    report,
    gold: fact.gold,
    issue: fact.issue,
    report_kind: fact.report_kind,
    tags: fact.tags,
  };
  return entry;
}

/**
 * The corpus cases whose report text is in the cache and matches its hash.
 * @param options.facts - facts file. Default {@link CORPUS_FACTS}.
 * @param options.reports - report cache folder. Default {@link CORPUS_REPORT_DIR}.
 * @returns `cases` ready to measure, and the ids `missing` from the cache or `stale` (text differs
 *   from its hash); run `npm run corpus:fill` for both.
 */
export function readCorpusCases({
  facts = CORPUS_FACTS,
  reports = CORPUS_REPORT_DIR,
}: {
  facts?: string;
  reports?: string;
} = {}): {
  cases: CorpusCase[];
  missing: string[];
  stale: string[];
} {
  const found = withCachedReports(readCorpusFacts(facts), (id) => reportPath(id, reports));
  const cases = found.cases.map(({ fact, report }) => factAsCase(fact, report));
  return { cases, missing: found.missing, stale: found.stale };
}

/**
 * Joins committed facts with their report texts in the cache.
 * @param facts - the facts, each with its id and the SHA-256 of its report ({@link reportHash}).
 * @param reportFile - the cache file of a fact's report.
 * @returns per fact in order, with its report when the cached text matches its hash; the ids
 *   `missing` from the cache and those `stale` (text differs from its hash).
 */
export function withCachedReports<Fact extends { id: string; report_sha256: string }>(
  facts: readonly Fact[],
  reportFile: (id: string) => string,
): { cases: { fact: Fact; report: CorpusReport }[]; missing: string[]; stale: string[] } {
  const cases: { fact: Fact; report: CorpusReport }[] = [];
  const missing: string[] = [];
  const stale: string[] = [];
  for (const fact of facts) {
    const file = reportFile(fact.id);
    if (!existsSync(file)) {
      missing.push(fact.id);
      continue;
    }
    const report = JSON.parse(readFileSync(file, 'utf8')) as CorpusReport;
    if (reportHash(report) !== fact.report_sha256) stale.push(fact.id);
    else cases.push({ fact, report });
  }
  return { cases, missing, stale };
}
