/**
 * Reader for Defects4J bugs listed with their reports in one JSON file (the layout of SPEAR-SE's
 * bug-localization data sets built on Defects4J 2.0, Just et al. 2014): `spec.fixes` maps each
 * project to its bugs (`{ "Cli": { "14": { bug_report_id, bug_report_url, bugfix_commit } } }`),
 * and `<under>/<Project>_<bug>.txt` holds the report as its tracker served it: the title, a blank
 * line, the description. `spec.projects` maps a Defects4J project name to its GitHub repository;
 * the fix is the commit Defects4J names, looked up in that repository's history.
 */
import path from 'node:path';
import { type CorpusReport, recordSource } from './corpus.js';
import { git, showMany } from './corpus-git.js';
import type { Candidate, SourceSpec } from './corpus-source-spec.js';

/** One bug of the JSON file (the fields read). */
interface Defects4jBug {
  bug_report_id?: string;
  bug_report_url?: string;
  bugfix_commit?: string;
}

/**
 * The issue of a bug: a tracker key (`CLI-144`), else the number at the end of its report's
 * address (a GitHub issue, a Google Code archive's `issue-19.json`).
 */
export function defects4jIssue(bug: Defects4jBug): { issue: number; issueKey?: string } {
  const id = bug.bug_report_id ?? '';
  if (/^[A-Z][A-Z0-9]*-\d+$/.test(id)) return { issue: Number(id.split('-')[1]), issueKey: id };
  return { issue: Number(/(\d+)(\.json)?$/.exec(bug.bug_report_url ?? '')?.[1] ?? Number.NaN) };
}

/**
 * A text laid out as a title line, then the description (a report file here, a SWE-bench problem
 * statement): the first line and the rest, trimmed.
 */
export function titledReport(text: string): CorpusReport {
  const normalized = text.replace(/\r\n/g, '\n');
  const cut = normalized.indexOf('\n');
  return cut < 0
    ? { title: normalized.trim(), body: '' }
    : { title: normalized.slice(0, cut).trim(), body: normalized.slice(cut + 1).trim() };
}

/**
 * Every bug of a project `spec.projects` names whose report file the snapshot has.
 * @param spec - the data set (format `defects4j-reports`).
 * @param gitDir - the data set repository's git directory.
 */
export async function defects4jCandidates(spec: SourceSpec, gitDir: string): Promise<Candidate[]> {
  if (!spec.fixes || !spec.projects) return [];
  const bugs = JSON.parse(await git(gitDir, ['show', `${spec.commit}:${spec.fixes}`])) as Record<
    string,
    Record<string, Defects4jBug>
  >;
  const rows = Object.entries(bugs).flatMap(([project, byId]) =>
    Object.entries(byId).map(([id, bug]) => ({ project, id, bug })),
  );
  const files = rows.map(({ project, id }) => path.posix.join(spec.under, `${project}_${id}.txt`));
  const texts = await showMany(
    gitDir,
    files.map((file) => `${spec.commit}:${file}`),
  );
  const candidates: Candidate[] = [];
  rows.forEach(({ project, id, bug }, index) => {
    const repo = spec.projects?.[project];
    const fix = bug.bugfix_commit ?? '';
    const { issue, issueKey } = defects4jIssue(bug);
    const report = titledReport(texts[index] ?? '');
    if (!repo || !report.title || !/^[0-9a-f]{40}$/.test(fix) || !Number.isInteger(issue)) return;
    candidates.push({
      repo,
      fixCommits: [fix],
      issue,
      issueKey,
      report,
      source: recordSource(spec, files[index] ?? '', `${project}-${id}`),
    });
  });
  return candidates;
}
