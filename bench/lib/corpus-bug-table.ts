/**
 * Reader for bug-report tables laid out like the data set of Ye et al., "Learning to rank relevant
 * files for bug reports using domain knowledge" (FSE 2014): one table per project, one row per
 * fixed Bugzilla report with `bug_id`, `summary` (`Bug N  title`), `description` as the reporter
 * wrote it, `status` and `commit`, the abbreviated hash of the commit that fixed it. A project's
 * table is read from `<under>/<Project>.xml` (a phpMyAdmin XML export, line breaks kept) when the
 * snapshot holds it, else from `<under>/<Project>.xlsx` (the spreadsheet copy, whose cells have
 * their line breaks folded into spaces). `spec.projects` maps each table's name to the project's
 * GitHub repository; only fixed reports are read.
 */
import path from 'node:path';
import { readSheet } from 'read-excel-file/node';
import { type ReportSource, recordSource } from './corpus.js';
import { git, showBytes, showMany } from './corpus-git.js';
import { htmlText } from './corpus-html.js';
import type { Candidate, SourceSpec } from './corpus-source-spec.js';

/** One row of a table: column name to cell text. */
export type BugTableRow = Record<string, string>;

/** Statuses of a report whose fix landed (Bugzilla's resolution after its state). */
const FIXED = /\bfixed$/i;

/**
 * The rows of a phpMyAdmin XML export (`<table name="…"><column name="…">text</column>…`), cell
 * texts with their entities decoded.
 * @param xml - the export's text.
 */
export function xmlTableRows(xml: string): BugTableRow[] {
  const rows: BugTableRow[] = [];
  for (const table of xml.matchAll(/<table name="[^"]*">([\s\S]*?)<\/table>/g)) {
    const row: BugTableRow = {};
    for (const [, name = '', text = ''] of (table[1] ?? '').matchAll(
      /<column name="(\w+)">([\s\S]*?)<\/column>/g,
    ))
      row[name] = htmlText(text);
    rows.push(row);
  }
  return rows;
}

/** The rows of a spreadsheet's first sheet, keyed by its header row. */
async function sheetRows(bytes: Buffer): Promise<BugTableRow[]> {
  const [header = [], ...data] = await readSheet(bytes);
  return data.map((cells) =>
    Object.fromEntries(
      header.map((name, index) => [String(name ?? ''), String(cells[index] ?? '')] as const),
    ),
  );
}

/**
 * The candidate of one row, or none when the report was not fixed or names no commit.
 * @param row - the row's cells.
 * @param repo - the project's GitHub `owner/name`.
 * @param source - where the row is, from its record key (`Bugzilla-N`).
 */
export function bugTableCandidate(
  row: BugTableRow,
  repo: string,
  source: (key: string) => ReportSource,
): Candidate | undefined {
  const bug = Number(row.bug_id);
  const commit = (row.commit ?? '').trim();
  if (!Number.isInteger(bug) || !/^[0-9a-f]{7,40}$/.test(commit) || !FIXED.test(row.status ?? ''))
    return undefined;
  const clean = (text: string) =>
    text
      .replace(/\r\n/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim();
  return {
    repo,
    fixCommits: [commit],
    issue: bug,
    issueKey: `Bugzilla-${bug}`,
    report: {
      title: clean((row.summary ?? '').replace(/^Bug \d+\s+/, '')),
      body: clean(row.description ?? ''),
    },
    source: source(`Bugzilla-${bug}`),
  };
}

/**
 * Every fixed report of every project table `spec.projects` names.
 * @param spec - the data set (format `bug-table`).
 * @param gitDir - the data set repository's git directory.
 */
export async function bugTableCandidates(spec: SourceSpec, gitDir: string): Promise<Candidate[]> {
  const listed = new Set(
    (
      await git(gitDir, ['ls-tree', '-r', '-z', '--name-only', spec.commit, '--', spec.under])
    ).split('\0'),
  );
  const candidates: Candidate[] = [];
  for (const [table, repo] of Object.entries(spec.projects ?? {})) {
    const xmlFile = path.posix.join(spec.under, `${table}.xml`);
    const [xml = ''] = listed.has(xmlFile)
      ? await showMany(gitDir, [`${spec.commit}:${xmlFile}`])
      : [''];
    const sheetFile = path.posix.join(spec.under, `${table}.xlsx`);
    const file = xml ? xmlFile : sheetFile;
    let rows: BugTableRow[];
    if (xml) rows = xmlTableRows(xml);
    else if (listed.has(sheetFile))
      rows = await sheetRows(await showBytes(gitDir, `${spec.commit}:${sheetFile}`));
    else continue;
    for (const row of rows) {
      const candidate = bugTableCandidate(row, repo, (key) =>
        recordSource(spec, file, `${table}-${key}`),
      );
      if (candidate) candidates.push(candidate);
    }
  }
  return candidates;
}
