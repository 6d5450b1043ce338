/**
 * Reader for data sets laid out like Defects4J's bug-mining output (Just et al. 2014; the layout
 * ExplainedRealBugs keeps): `<under>/<Project>/active-bugs.csv` links each bug to its issue and to
 * the commit that fixed it (`revision.id.fixed`), and `<Project>/reports/<bug.id>.<ext>` is the
 * issue as the tracker served it — a GitHub issue (`.json`: `title`, `body`), a Google Code
 * archive issue (`.json`: `summary`, first comment's `content`) or a JIRA issue's XML view
 * (`.xml`: `<summary>`, `<description>` as rendered HTML). A bug whose report file is missing is
 * skipped.
 */
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { CorpusReport } from './corpus.js';
import { recordSource } from './corpus.js';
import { git, showMany } from './corpus-git.js';
import { htmlText } from './corpus-html.js';
import type { Candidate, SourceSpec } from './corpus-source-spec.js';

/** One row of `active-bugs.csv` (the columns read). */
interface ActiveBug {
  'bug.id': string;
  'revision.id.fixed': string;
  'report.id': string;
  fixed_commit_url?: string;
}

interface GitHubIssue {
  title?: string;
  body?: string | null;
  pull_request?: unknown;
}

interface GoogleCodeIssue {
  summary?: string;
  comments?: { content?: string }[];
}

/** The text between an XML element's tags, or '' when absent. */
function xmlElement(xml: string, name: string): string {
  return new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(xml)?.[1] ?? '';
}

/**
 * The report of one saved issue file, or undefined when the file is not an issue report.
 * @param file - the file's name (its extension picks the format).
 * @param text - the file's content.
 */
export function bugMiningReport(file: string, text: string): CorpusReport | undefined {
  const clean = (value: string) =>
    value
      .replace(/\r\n/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim();
  if (file.endsWith('.xml')) {
    // The channel has a description of its own: read the issue's item. The XML view escapes the
    // rendered HTML once, so decoding twice gives the text a reader sees.
    const item = xmlElement(text, 'item');
    const title = htmlText(xmlElement(item, 'summary'));
    const body = htmlText(htmlText(xmlElement(item, 'description')));
    return title ? { title: clean(title), body: clean(body) } : undefined;
  }
  let issue: GitHubIssue & GoogleCodeIssue;
  try {
    issue = JSON.parse(text) as GitHubIssue & GoogleCodeIssue;
  } catch {
    return undefined;
  }
  if (issue.pull_request) return undefined;
  const title = issue.title ?? issue.summary ?? '';
  const body =
    issue.title !== undefined ? (issue.body ?? '') : (issue.comments?.[0]?.content ?? '');
  return title ? { title: clean(title), body: clean(body) } : undefined;
}

/** GitHub `owner/name` from a `https://github.com/owner/name/…` address. */
function githubRepo(url: string | undefined): string | undefined {
  return /^https:\/\/github\.com\/([\w.-]+\/[\w.-]+)\//.exec(url ?? '')?.[1];
}

/**
 * Every bug of every project folder under `spec.under` whose report file the snapshot has.
 * @param spec - the data set (format `bug-mining`).
 * @param gitDir - the data set repository's git directory.
 */
export async function bugMiningCandidates(spec: SourceSpec, gitDir: string): Promise<Candidate[]> {
  const listed = (
    await git(gitDir, ['ls-tree', '-r', '-z', '--name-only', spec.commit, '--', spec.under])
  ).split('\0');
  const reportFiles = new Map(
    listed
      .filter((file) => /\/reports\/\d+\.(json|xml)$/.test(file))
      .map((file) => [file.replace(/\.(json|xml)$/, ''), file]),
  );
  const candidates: Candidate[] = [];
  for (const table of listed.filter((file) => file.endsWith('/active-bugs.csv'))) {
    const folder = path.dirname(table);
    const rows = parse(await git(gitDir, ['show', `${spec.commit}:${table}`]), {
      columns: true,
      skip_empty_lines: true,
    }) as ActiveBug[];
    const files = rows.map((row) => reportFiles.get(`${folder}/reports/${row['bug.id']}`));
    const texts = await showMany(
      gitDir,
      files.filter((file) => file !== undefined).map((file) => `${spec.commit}:${file}`),
    );
    let next = 0;
    rows.forEach((row, index) => {
      const file = files[index];
      if (!file) return;
      const report = bugMiningReport(file, texts[next] ?? '');
      next += 1;
      const repo = githubRepo(row.fixed_commit_url);
      const fix = row['revision.id.fixed'];
      if (!report || !repo || !/^[0-9a-f]{40}$/.test(fix)) return;
      const key = /^[A-Z][A-Z0-9]*-\d+$/.test(row['report.id']) ? row['report.id'] : undefined;
      candidates.push({
        repo,
        fixCommits: [fix],
        issue: Number((key ?? row['report.id']).split('-').at(-1)),
        issueKey: key,
        report,
        source: recordSource(spec, file, `${path.basename(folder)}-${row['bug.id']}`),
      });
    });
  }
  return candidates;
}
