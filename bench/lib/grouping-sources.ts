/**
 * The public data sets the grouping set reads reports from (`bench/grouping/sources.json`), one
 * reader per format. Each record becomes a {@link GroupingCandidate}: its project, its issue, when
 * it was filed, the group it belongs to as its tracker or data set says, and its text.
 *
 * - `gitbugs`: GitBugs (Patil, Han, Jadon, SPIN 2024) CSV exports of a JIRA or Bugzilla project
 *   (`Summary`, `Issue id`, `Created`, `Description`) and the tracker's duplicate links
 *   (`Issue id`, `Duplicate id`: one or more ids). Reports linked as duplicates, directly or
 *   through another report, form one group; every other report is a group of its own (a hard
 *   negative: another bug of the same project in the same tracker's style).
 * - `gitbugs-github`: GitBugs' GitHub issues of a project as the REST API gives them (`number`,
 *   `created_at`, `title`, `body`) and its map of issues closed as duplicates to their originals
 *   (`Issue id`, `Duplicates`: a list of issue numbers), read at `duplicates_commit` when the map
 *   and the texts are not in one commit of the data set. Grouped as `gitbugs`: the issues closed
 *   as duplicates with their originals form one group, every other issue (written in the same
 *   issue template) is its own.
 * - `nlbse`: the NLBSE'24 issue classification set (`repo, created_at, label, title, body`): GitHub
 *   issues written in each project's own issue template. React DevTools' automated crash reports
 *   (the `Error message (automated)` section of its bug form) are grouped by that error message
 *   with ids and numbers masked: one DevTools error reported from different versions is one bug
 *   (React's maintainers close these as duplicates of one issue). Every other issue is a group of
 *   its own: an unrelated issue in the same template.
 *
 * Files are read with `git show` from the data set's fetched snapshot (`<owner>+<name>/repo`, as
 * the `fetch` tool leaves it), or from `../shared/data` for a `local:` repository.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { distance as levenshtein } from 'fastest-levenshtein';
import { type CorpusReport, type ReportSource, recordSource } from './corpus.js';
import { BENCH_DIR } from './npm-pack.js';

/** The committed list of data sets. */
export const GROUPING_SOURCES = path.join(BENCH_DIR, 'grouping', 'sources.json');
/** The shared data folder a `local:` source is read from. */
const SHARED_DATA = path.resolve(BENCH_DIR, '..', '..', 'shared', 'data');

/** One data set as listed in `sources.json`. */
export interface GroupingSourceSpec {
  dataset: string;
  /** GitHub `owner/name` of the data set, or `local:../shared/data`. */
  repo: string;
  commit: string;
  format: 'gitbugs' | 'gitbugs-github' | 'nlbse';
  /** `gitbugs`: the project the reports are of (`apache/hadoop`). */
  project?: string;
  /** `gitbugs`: the tracker the reports were filed in. */
  tracker?: string;
  /** The reports file. */
  reports: string;
  /** `gitbugs`, `gitbugs-github`: the duplicate links file. */
  duplicates?: string;
  /** `gitbugs-github`: the commit of the duplicate links file, when it is not `commit`. */
  duplicates_commit?: string;
  licence: string;
  upstream: string;
}

/** One report of a data set with its group. */
export interface GroupingCandidate {
  id: string;
  /** The project the report was filed against (`apache/hadoop`, `facebook/react`). */
  project: string;
  /** The tracker's id of the report (JIRA or Bugzilla id), or the GitHub issue's creation time. */
  issue: string;
  /** When it was filed, ISO 8601 (reports are grouped in this order). */
  created: string;
  /** The group it belongs to; unique within the project. */
  group: string;
  /**
   * How the group was known: `tracker-duplicate`, `same-automated-error`, `double-submission`
   * (the same title and nearly the same text filed twice, which trackers often leave unlinked) or
   * `singleton`.
   */
  group_by: 'tracker-duplicate' | 'same-automated-error' | 'double-submission' | 'singleton';
  report: CorpusReport;
  source: ReportSource;
}

/** Reads the data set list. @param file - default {@link GROUPING_SOURCES}. */
export function readGroupingSources(file: string = GROUPING_SOURCES): GroupingSourceSpec[] {
  return JSON.parse(readFileSync(file, 'utf8')) as GroupingSourceSpec[];
}

/**
 * Reads a data set file.
 * @throws Error naming the fetch to run when the data set's snapshot is not in `mirrors`.
 */
function readSourceFile(
  spec: GroupingSourceSpec,
  file: string,
  mirrors: string,
  commit: string = spec.commit,
): string {
  if (spec.repo.startsWith('local:')) return readFileSync(path.join(SHARED_DATA, file), 'utf8');
  const gitDir = path.join(mirrors, spec.repo.replace('/', '+'), 'repo');
  if (!existsSync(gitDir)) {
    throw new Error(`${spec.repo} is not in ${mirrors}: fetch github:${spec.repo} first`);
  }
  return execFileSync('git', ['--git-dir', gitDir, 'show', `${commit}:${file}`], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
}

function rows(text: string): Record<string, string>[] {
  return parseCsv(text, { columns: true, relax_quotes: true, skip_empty_lines: true });
}

const MONTHS = 'jan feb mar apr may jun jul aug sep oct nov dec'.split(' ');

/**
 * A tracker's date as ISO 8601 UTC: JIRA's `30/Sep/21 17:20`, Bugzilla's
 * `2020-01-02 17:14:21+00:00`, or `2023-08-26 06:33:37`.
 * @throws Error quoting the text when it is none of these.
 */
export function isoDate(text: string): string {
  const jira = text.trim().match(/^(\d{1,2})\/([A-Za-z]{3})\/(\d{2}) (\d{2}):(\d{2})$/);
  if (jira) {
    const [, day, month, year, hour, minute] = jira;
    const index = MONTHS.indexOf((month ?? '').toLowerCase());
    if (index >= 0) {
      return new Date(
        Date.UTC(2000 + Number(year), index, Number(day), Number(hour), Number(minute)),
      ).toISOString();
    }
  }
  const iso = text.trim().match(/^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(?:\+00:00|Z)?$/);
  if (iso) return `${iso[1]}T${iso[2]}.000Z`;
  throw new Error(`unreadable date "${text}"`);
}

/**
 * Groups of linked ids (union-find): each id's group is the smallest of `ids` in its component.
 * A linked id missing from `ids` still joins its neighbours: two reports closed as duplicates of
 * one original outside the data set are one group.
 */
export function linkedGroups(
  ids: readonly string[],
  links: readonly [string, string][],
): Map<string, string> {
  const parent = new Map(ids.map((id) => [id, id]));
  const find = (id: string): string => {
    let root = id;
    while ((parent.get(root) ?? root) !== root) root = parent.get(root) ?? root;
    parent.set(id, root);
    return root;
  };
  for (const [a, b] of links) {
    const [ra, rb] = [find(a), find(b)];
    if (ra !== rb) parent.set(rb, ra);
  }
  const order = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
  const names = new Map<string, string>();
  for (const id of ids) {
    const root = find(id);
    const name = names.get(root);
    if (name === undefined || order(id, name) < 0) names.set(root, id);
  }
  return new Map(ids.map((id) => [id, names.get(find(id)) ?? id]));
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

/** The ids of a duplicate links cell: `13404344, 13400058` or `['113635', '138833']`. */
export function linkedIds(cell: string): string[] {
  return cell.match(/[^\s,'"[\]]+/g) ?? [];
}

/** A tracker's report before grouping. */
interface TrackerRecord {
  issue: string;
  created: string;
  title: string;
  body: string;
}

/**
 * Candidates of a tracker export grouped by its duplicate links file (`Issue id` and the ids in
 * `Duplicate id` or `Duplicates`), read at `commit`.
 */
function groupByDuplicateLinks(
  spec: GroupingSourceSpec,
  records: readonly TrackerRecord[],
  mirrors: string,
  commit?: string,
): GroupingCandidate[] {
  if (!spec.project || !spec.duplicates)
    throw new Error(`${spec.reports}: project and duplicates are required`);
  const project = spec.project;
  const links: [string, string][] = [];
  for (const link of rows(readSourceFile(spec, spec.duplicates, mirrors, commit))) {
    const from = (link['Issue id'] ?? '').trim();
    for (const to of linkedIds(link['Duplicate id'] ?? link.Duplicates ?? ''))
      links.push([from, to]);
  }
  const groups = linkedGroups(
    records.map((record) => record.issue),
    links,
  );
  const sizes = new Map<string, number>();
  for (const group of groups.values()) sizes.set(group, (sizes.get(group) ?? 0) + 1);
  return records.map(({ issue, created, title, body }) => {
    const group = groups.get(issue) ?? issue;
    return {
      id: `${slug(project)}-${issue}`,
      project,
      issue,
      created,
      group: `${project}:${group}`,
      group_by: (sizes.get(group) ?? 1) > 1 ? 'tracker-duplicate' : 'singleton',
      report: { title: title.trim(), body },
      source: recordSource(
        spec,
        spec.reports,
        spec.format === 'gitbugs' ? `Issue id ${issue}` : `number ${issue}`,
      ),
    };
  });
}

function readGitBugs(spec: GroupingSourceSpec, mirrors: string): GroupingCandidate[] {
  const records = rows(readSourceFile(spec, spec.reports, mirrors)).map((record) => ({
    issue: (record['Issue id'] ?? '').trim(),
    created: isoDate(record.Created ?? ''),
    title: record.Summary ?? '',
    body: record.Description ?? '',
  }));
  return groupByDuplicateLinks(spec, records, mirrors);
}

function readGitBugsGitHub(spec: GroupingSourceSpec, mirrors: string): GroupingCandidate[] {
  const records = rows(readSourceFile(spec, spec.reports, mirrors)).map((record) => ({
    issue: (record.number ?? '').trim(),
    created: isoDate(record.created_at ?? ''),
    title: record.title ?? '',
    body: record.body ?? '',
  }));
  return groupByDuplicateLinks(spec, records, mirrors, spec.duplicates_commit);
}

/** React DevTools' automated error message of an issue written in its bug form, if any. */
export function automatedError(body: string): string | undefined {
  const message = body
    .match(/### Error message \(automated\)\s*\n+([^\n]+)/)?.[1]
    ?.trim()
    .replace(/\d+/g, '#');
  return message && message !== '_No response_' ? message : undefined;
}

function readNlbse(spec: GroupingSourceSpec, mirrors: string): GroupingCandidate[] {
  const seen = new Set<string>();
  const candidates: GroupingCandidate[] = [];
  for (const record of rows(readSourceFile(spec, spec.reports, mirrors))) {
    const project = record.repo ?? '';
    const created = isoDate(record.created_at ?? '');
    const id = `${slug(project)}-${slug(created)}`;
    // The set has one row twice; a report is one case.
    if (seen.has(id)) continue;
    seen.add(id);
    const body = record.body ?? '';
    const error = automatedError(body);
    candidates.push({
      id,
      project,
      issue: `${project} issue created ${created}`,
      created,
      group: error ? `${project}:devtools:${error}` : `${project}:${id}`,
      group_by: error ? 'same-automated-error' : 'singleton',
      report: { title: (record.title ?? '').trim(), body },
      source: recordSource(spec, spec.reports, `repo ${project}, created_at ${record.created_at}`),
    });
  }
  // A DevTools error seen once is a group of its own.
  const sizes = new Map<string, number>();
  for (const candidate of candidates)
    sizes.set(candidate.group, (sizes.get(candidate.group) ?? 0) + 1);
  return candidates.map((candidate) =>
    candidate.group_by === 'same-automated-error' && sizes.get(candidate.group) === 1
      ? { ...candidate, group: `${candidate.project}:${candidate.id}`, group_by: 'singleton' }
      : candidate,
  );
}

/** Least similarity of two bodies (1 − Levenshtein distance / longer length) for one report filed twice. */
export const DOUBLE_SUBMISSION_SIMILARITY = 0.9;

/** 1 − edit distance / longer length of two texts with runs of white space collapsed (1: equal). */
function textSimilarity(a: string, b: string): number {
  const [x, y] = [a, b].map((text) => text.replace(/\s+/g, ' ').trim());
  if (x === undefined || y === undefined) return 0;
  const longer = Math.max(x.length, y.length);
  return longer === 0 ? 1 : 1 - levenshtein(x, y) / longer;
}

/**
 * Joins the groups of reports filed twice with the same title and the same or nearly the same text
 * (bodies at least {@link DOUBLE_SUBMISSION_SIMILARITY} alike: a re-submission with a line added or
 * a typo mended), which trackers often leave unlinked; the joined group is named after its first
 * member's group.
 */
export function joinDoubleSubmissions(
  candidates: readonly GroupingCandidate[],
): GroupingCandidate[] {
  const byTitle = new Map<string, GroupingCandidate[]>();
  const links: [string, string][] = [];
  for (const candidate of candidates) {
    const { title, body } = candidate.report;
    if (!title.trim()) continue;
    const key = `${candidate.project}\u0000${title.trim()}`;
    const earlier = byTitle.get(key) ?? [];
    const first = earlier.find(
      (other) => textSimilarity(other.report.body, body) >= DOUBLE_SUBMISSION_SIMILARITY,
    );
    if (first) links.push([first.group, candidate.group]);
    byTitle.set(key, [...earlier, candidate]);
  }
  if (links.length === 0) return [...candidates];
  const groups = linkedGroups([...new Set(candidates.map((candidate) => candidate.group))], links);
  return candidates.map((candidate) => {
    const group = groups.get(candidate.group) ?? candidate.group;
    const joined = links.some(([a, b]) => a === candidate.group || b === candidate.group);
    return joined && candidate.group_by === 'singleton'
      ? { ...candidate, group, group_by: 'double-submission' }
      : { ...candidate, group };
  });
}

/**
 * Every report of a data set with its group.
 * @param mirrors - folder of fetched snapshots (`<owner>+<name>/repo`).
 * @throws Error when a snapshot is missing, a file cannot be read or the format is unknown.
 */
export function readGroupingCandidates(
  spec: GroupingSourceSpec,
  mirrors: string,
): GroupingCandidate[] {
  const read = { gitbugs: readGitBugs, 'gitbugs-github': readGitBugsGitHub, nlbse: readNlbse }[
    spec.format
  ];
  if (!read) throw new Error(`${spec.reports}: unknown format "${spec.format}"`);
  return joinDoubleSubmissions(read(spec, mirrors));
}
