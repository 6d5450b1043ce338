/**
 * The public data sets the corpus reads report texts from (`bench/corpus/sources.json`), and one
 * reader per record format. Each source names a GitHub repository holding the data set files, the
 * commit read, a folder and the format; every record becomes a {@link Candidate}: the project, the
 * pull request or commit that fixed it, and the issue as its reporter wrote it. Records are read
 * with `git show` from the data set's fetched snapshot, never from the network.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'parse5';
import { recordSource } from './corpus.js';
import { bugMiningCandidates } from './corpus-bug-mining.js';
import { bugTableCandidates } from './corpus-bug-table.js';
import { defects4jCandidates, titledReport } from './corpus-defects4j-reports.js';
import { git, showMany } from './corpus-git.js';
import { findByClass, textOf } from './corpus-html.js';
import { issueRowCandidate } from './corpus-issue-rows.js';
import type { Candidate, SourceSpec } from './corpus-source-spec.js';
import { BENCH_DIR } from './npm-pack.js';

export type { Candidate, SourceFormat, SourceSpec } from './corpus-source-spec.js';

/** The committed list of data sets. */
export const CORPUS_SOURCES = path.join(BENCH_DIR, 'corpus', 'sources.json');

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

function toCandidates(spec: SourceSpec, file: string, record: unknown): Candidate[] {
  const source = (key: string) => recordSource(spec, file, key);
  if (spec.format === 'inex-bug') {
    const candidate = issueRowCandidate(record, source);
    return candidate ? [candidate] : [];
  }
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
        report: titledReport(entry.problem_statement),
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
    source: recordSource(spec, `${folder}/instruction.md`, path.basename(folder)),
  };
}

interface JiraIssue {
  key: string;
  fields?: {
    summary?: string;
    description?: string | null;
    issuetype?: { name?: string };
    resolution?: { name?: string } | null;
  };
}

/**
 * A JIRA export (one `details/<KEY>.json` per issue) with a file of fixing commits: every fixed
 * Bug of a project that has a GitHub repository, summary and description as written. Its fix is
 * the linked commit when the file lists one, else the commit whose message names the key (the
 * Apache convention, `ZOOKEEPER-1234: …`), looked up in the project's history.
 */
async function jiraCandidates(spec: SourceSpec, gitDir: string): Promise<Candidate[]> {
  if (!spec.fixes || !spec.projects) return [];
  const fixes = JSON.parse(await git(gitDir, ['show', `${spec.commit}:${spec.fixes}`])) as Record<
    string,
    string[]
  >;
  const files = (
    await git(gitDir, ['ls-tree', '-r', '-z', '--name-only', spec.commit, '--', spec.under])
  )
    .split('\0')
    .filter((file) => file.includes('/details/') && file.endsWith('.json'))
    .filter((file) => spec.projects?.[path.basename(file).split('-')[0] ?? ''] !== undefined);
  const texts = await showMany(
    gitDir,
    files.map((file) => `${spec.commit}:${file}`),
  );
  const candidates: Candidate[] = [];
  files.forEach((file, index) => {
    const key = path.basename(file, '.json');
    const repo = spec.projects?.[key.split('-')[0] ?? ''];
    let issue: JiraIssue;
    try {
      issue = JSON.parse(texts[index] ?? '') as JiraIssue;
    } catch {
      return;
    }
    if (!repo || issue.fields?.issuetype?.name !== 'Bug') return;
    if (!fixes[key] && issue.fields?.resolution?.name !== 'Fixed') return;
    candidates.push({
      repo,
      fixCommits: fixes[key],
      issue: Number(key.split('-')[1]),
      issueKey: key,
      report: {
        title: (issue.fields?.summary ?? '').trim(),
        body: (issue.fields?.description ?? '').replace(/\r\n/g, '\n').trim(),
      },
      source: recordSource(spec, file, key),
    });
  });
  return candidates;
}

/**
 * AndroR2 (Android bug reports reproduced by hand): `metadata/<id>.json` names the GitHub issue,
 * `reports/<id>.htm` is the issue's page as saved; title and first comment are its report.
 */
async function andror2Candidates(spec: SourceSpec, gitDir: string): Promise<Candidate[]> {
  const files = (
    await git(gitDir, ['ls-tree', '-r', '-z', '--name-only', spec.commit, '--', spec.under])
  )
    .split('\0')
    .filter((file) => file.endsWith('.json'));
  const candidates: Candidate[] = [];
  for (const file of files) {
    // The metadata is a Python dict literal, not JSON: read the one field needed.
    const metadata = await git(gitDir, ['show', `${spec.commit}:${file}`]);
    const issue = /github\.com\/([\w.-]+\/[\w.-]+)\/issues\/(\d+)/.exec(metadata);
    const page = path.join(
      path.dirname(path.dirname(file)),
      'reports',
      `${path.basename(file, '.json')}.htm`,
    );
    const html = await git(gitDir, ['show', `${spec.commit}:${page}`]).catch(() => '');
    if (!issue || !html) continue;
    const document = parse(html);
    const title = textOf(findByClass(document, 'js-issue-title')).trim();
    const body = textOf(findByClass(document, 'comment-body')).trim();
    candidates.push({
      repo: issue[1] ?? '',
      issue: Number(issue[2]),
      report: { title, body: body.replace(/\n{3,}/g, '\n\n') },
      source: recordSource(spec, page, path.basename(file, '.json')),
    });
  }
  return candidates;
}

/**
 * Themis (reproducible crashes of Android apps): rows of its README.md and PROJECTS.md tables
 * name the app's issue (`[#N](…/issues/N)`), the fixing pull request when known
 * (`[fix](…/pull/M)`) and the data folder (`tree/master/FOLDER`), which holds the crash as logged
 * (`crash_stack_#N.txt`). The report is that log; its title is the log's first line.
 */
async function themisCandidates(spec: SourceSpec, gitDir: string): Promise<Candidate[]> {
  const tables = await Promise.all(
    ['README.md', 'PROJECTS.md'].map((file) =>
      git(gitDir, ['show', `${spec.commit}:${file}`]).catch(() => ''),
    ),
  );
  const listed = (await git(gitDir, ['ls-tree', '-r', '-z', '--name-only', spec.commit])).split(
    '\0',
  );
  const candidates = new Map<string, Candidate>();
  for (const row of tables.join('\n').split('\n')) {
    const issue = /\[#(\d+)\]\(https:\/\/github\.com\/([\w.-]+\/[\w.-]+)\/issues\/\d+\)/.exec(row);
    const folder = /tree\/master\/([^)/]+)\)/.exec(row)?.[1];
    if (!issue || !folder) continue;
    const [, number = '', repo = ''] = issue;
    const log = listed.find(
      (file) =>
        file.startsWith(`${folder}/`) &&
        new RegExp(`/crash_stack[_-]?#?${number}\\.txt$`).test(file),
    );
    if (!log || candidates.has(`${repo}#${number}`)) continue;
    const text = (await git(gitDir, ['show', `${spec.commit}:${log}`]))
      .replace(/\r\n/g, '\n')
      .trim();
    const pr = /\[fix\]\(https:\/\/github\.com\/[\w.-]+\/[\w.-]+\/pull\/(\d+)\)/.exec(row)?.[1];
    candidates.set(`${repo}#${number}`, {
      repo,
      pr: pr ? Number(pr) : undefined,
      issue: Number(number),
      report: { title: (text.split('\n')[0] ?? '').trim(), body: text },
      source: recordSource(spec, log, `${repo}#${number}`),
    });
  }
  return [...candidates.values()];
}

/**
 * Every candidate of one data set, read from its snapshot.
 * @param spec - the data set.
 * @param gitDir - the data set repository's git directory.
 * @returns the candidates in file order; files whose content the snapshot lacks are skipped.
 */
export async function readCandidates(spec: SourceSpec, gitDir: string): Promise<Candidate[]> {
  if (spec.format === 'jira-json') return jiraCandidates(spec, gitDir);
  if (spec.format === 'andror2') return andror2Candidates(spec, gitDir);
  if (spec.format === 'themis') return themisCandidates(spec, gitDir);
  if (spec.format === 'bug-mining') return bugMiningCandidates(spec, gitDir);
  if (spec.format === 'bug-table') return bugTableCandidates(spec, gitDir);
  if (spec.format === 'defects4j-reports') return defects4jCandidates(spec, gitDir);
  const listed = (
    await git(gitDir, ['ls-tree', '-r', '-z', '--name-only', spec.commit, '--', spec.under])
  ).split('\0');
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
