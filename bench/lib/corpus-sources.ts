/**
 * The public data sets the corpus reads report texts from (`bench/corpus/sources.json`), and one
 * reader per record format. Each source names a GitHub repository holding the data set files, the
 * commit read, a folder and the format; every record becomes a {@link Candidate}: the project, the
 * pull request or commit that fixed it, and the issue as its reporter wrote it. Records are read
 * with `git show` from the data set's fetched snapshot, never from the network.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { CorpusReport, ReportSource } from './corpus.js';
import { git } from './corpus-git.js';
import { BENCH_DIR } from './npm-pack.js';

/** The committed list of data sets. */
export const CORPUS_SOURCES = path.join(BENCH_DIR, 'corpus', 'sources.json');

/** Record formats the readers understand. */
export type SourceFormat = 'multi-swe-bench' | 'swe-bench' | 'ghrb' | 'harbor-task';

/** One data set as listed in `sources.json`. */
export interface SourceSpec {
  dataset: string;
  repo: string;
  commit: string;
  /**
   * Folder inside the repository holding the records: `.json`/`.jsonl` files, or for
   * `harbor-task` one folder per task with `task.toml` and `instruction.md`.
   */
  under: string;
  format: SourceFormat;
  licence: string;
  /** Where the data set comes from, as its README says. */
  upstream: string;
}

/** One report of a data set, before its fix is looked up in the project's history. */
export interface Candidate {
  /** GitHub `owner/name` of the project. */
  repo: string;
  /** The pull request that fixed it, when the data set names one. */
  pr?: number;
  /** The pull request's base commit, when the data set gives it. */
  base?: string;
  issue: number;
  report: CorpusReport;
  source: ReportSource;
}

/**
 * Reads the data set list.
 * @param file - default {@link CORPUS_SOURCES}.
 */
export function readSources(file: string = CORPUS_SOURCES): SourceSpec[] {
  return JSON.parse(readFileSync(file, 'utf8')) as SourceSpec[];
}

interface MultiSweRecord {
  org: string;
  repo: string;
  number: number;
  instance_id?: string;
  base?: { sha?: string };
  resolved_issues?: { number: number; title?: string; body?: string }[];
}

interface SweBenchRecord {
  repo: string;
  instance_id: string;
  base_commit?: string;
  problem_statement: string;
  issue_numbers?: (number | string)[];
}

interface GhrbReport {
  issue_id: number;
  title: string;
  description_text: string;
}

/** Records of one file: JSON Lines, a JSON array, or one JSON object. Bad lines are skipped. */
function parseRecords(text: string): unknown[] {
  const trimmed = text.trim();
  try {
    const whole = JSON.parse(trimmed) as unknown;
    return Array.isArray(whole) ? whole : [whole];
  } catch {
    // JSON Lines: one record a line.
  }
  return trimmed
    .split('\n')
    .map((line) => {
      try {
        return JSON.parse(line) as unknown;
      } catch {
        return undefined;
      }
    })
    .filter((record) => record !== undefined);
}

/** Splits a SWE-bench problem statement (title, blank line, body) into title and body. */
function splitStatement(statement: string): CorpusReport {
  const normalized = statement.replace(/\r\n/g, '\n');
  const cut = normalized.indexOf('\n');
  return cut < 0
    ? { title: normalized.trim(), body: '' }
    : { title: normalized.slice(0, cut).trim(), body: normalized.slice(cut + 1).trim() };
}

function toCandidates(spec: SourceSpec, file: string, record: unknown): Candidate[] {
  const source = (key: string): ReportSource => ({
    dataset: spec.dataset,
    repo: spec.repo,
    commit: spec.commit,
    path: file,
    record: key,
    licence: spec.licence,
  });
  if (spec.format === 'multi-swe-bench') {
    const entry = record as MultiSweRecord;
    const issue = entry.resolved_issues?.find((candidate) => candidate.title || candidate.body);
    if (!entry.org || !issue) return [];
    const key = entry.instance_id ?? `${entry.org}__${entry.repo}-${entry.number}`;
    return [
      {
        repo: `${entry.org}/${entry.repo}`,
        pr: entry.number,
        base: entry.base?.sha,
        issue: issue.number,
        report: { title: (issue.title ?? '').trim(), body: (issue.body ?? '').trim() },
        source: source(key),
      },
    ];
  }
  if (spec.format === 'swe-bench') {
    const entry = record as SweBenchRecord;
    const pr = Number(entry.instance_id.split('-').at(-1));
    const issue = Number(entry.issue_numbers?.[0] ?? Number.NaN);
    if (!entry.repo || !Number.isInteger(pr)) return [];
    return [
      {
        repo: entry.repo,
        pr,
        base: entry.base_commit,
        issue: Number.isInteger(issue) ? issue : 0,
        report: splitStatement(entry.problem_statement),
        source: source(entry.instance_id),
      },
    ];
  }
  // GHRB: bug_reports/<owner>_<name>-<pr>.json holds the issue; the name gives project and PR.
  const entry = record as GhrbReport;
  const match = /([^/]+)_([^/]+)-(\d+)\.json$/.exec(file);
  if (!match || !entry.issue_id) return [];
  return [
    {
      repo: `${match[1]}/${match[2]}`,
      pr: Number(match[3]),
      issue: entry.issue_id,
      report: { title: entry.title.trim(), body: (entry.description_text ?? '').trim() },
      source: source(path.basename(file, '.json')),
    },
  ];
}

/** A `key = "value"` of a TOML file (the flat string keys a Harbor `task.toml` has). */
function tomlString(text: string, key: string): string | undefined {
  return new RegExp(`^${key}\\s*=\\s*"([^"]*)"`, 'm').exec(text)?.[1];
}

/**
 * A Harbor task (`task.toml` + `instruction.md`): the project and pull request from the metadata,
 * the first issue of the instruction (`## Issue #N URL: title`, then the body as written).
 */
async function harborCandidate(
  spec: SourceSpec,
  gitDir: string,
  folder: string,
): Promise<Candidate | undefined> {
  const read = (file: string) =>
    git(gitDir, ['show', `${spec.commit}:${folder}/${file}`]).catch(() => '');
  const toml = await read('task.toml');
  const owner = tomlString(toml, 'repository_owner');
  const name = tomlString(toml, 'repository_name');
  const pr = Number(tomlString(toml, 'code_change_id'));
  const instruction = (await read('instruction.md')).replace(/\r\n/g, '\n');
  const heading = /^## Issue #(\d+) \S+: (.*)$/m.exec(instruction);
  if (!owner || !name || !heading || tomlString(toml, 'code_change_type') !== 'pr')
    return undefined;
  const start = (heading.index ?? 0) + heading[0].length;
  const next = instruction.slice(start).search(/^## Issue #\d+ /m);
  const body = instruction.slice(start, next < 0 ? undefined : start + next).trim();
  return {
    repo: `${owner}/${name}`,
    pr: Number.isInteger(pr) ? pr : undefined,
    issue: Number(heading[1]),
    report: { title: (heading[2] ?? '').trim(), body },
    source: {
      dataset: spec.dataset,
      repo: spec.repo,
      commit: spec.commit,
      path: `${folder}/instruction.md`,
      record: path.basename(folder),
      licence: spec.licence,
    },
  };
}

/**
 * Every candidate of one data set, read from its snapshot.
 * @param spec - the data set.
 * @param gitDir - the data set repository's git directory.
 * @returns the candidates in file order; files whose content the snapshot lacks are skipped.
 */
export async function readCandidates(spec: SourceSpec, gitDir: string): Promise<Candidate[]> {
  const listed = (
    await git(gitDir, ['ls-tree', '-r', '--name-only', spec.commit, '--', spec.under])
  ).split('\n');
  const candidates: Candidate[] = [];
  if (spec.format === 'harbor-task') {
    for (const file of listed.filter((name) => name.endsWith('/task.toml'))) {
      const candidate = await harborCandidate(spec, gitDir, path.dirname(file));
      if (candidate) candidates.push(candidate);
    }
    return candidates;
  }
  const files = listed.filter((file) => /\.jsonl?$/.test(file));
  for (const file of files) {
    let text: string;
    try {
      text = await git(gitDir, ['show', `${spec.commit}:${file}`]);
    } catch {
      continue;
    }
    if (text.startsWith('version https://git-lfs')) continue;
    for (const record of parseRecords(text)) candidates.push(...toCandidates(spec, file, record));
  }
  return candidates;
}
