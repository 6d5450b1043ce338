/**
 * Reader for InEx-Bug (STASER Lab, 2025: closed GitHub issues of npm packages, each labelled by
 * hand as an intrinsic bug, an extrinsic bug or not a bug): one JSON object a line with the
 * issue's `html_url`, `title` and `body` as written, the label (`final_classification`), and what
 * closed it: a pull request (`closing_pr.number`), a commit (`closing_commit.sha`) or neither.
 * Only the rows labelled as bugs are reports; the fix is the pull request's commit or the linked
 * commit in the project's history, else the commit whose message closes the issue.
 */
import type { ReportSource } from './corpus.js';
import type { Candidate } from './corpus-source-spec.js';

/** The labels of InEx-Bug that mark a row as a bug (the rest are `Not a Bug`, `Unknown`). */
const BUG_LABELS = new Set(['Intrinsic', 'Extrinsic']);

interface IssueRow {
  html_url?: string;
  title?: string;
  body?: string | null;
  final_classification?: string;
  closing_pr?: { number?: number } | null;
  closing_commit?: { sha?: string } | null;
}

/**
 * The repository and number of a GitHub issue's address.
 * @param url - `https://github.com/<owner>/<name>/issues/<N>`.
 * @returns `repo` as `owner/name` and the issue `number`; undefined for any other address.
 */
export function githubIssue(url: string | undefined): { repo: string; number: number } | undefined {
  const match = /^https:\/\/github\.com\/([\w.-]+\/[\w.-]+)\/issues\/(\d+)$/.exec(url ?? '');
  return match ? { repo: match[1] ?? '', number: Number(match[2]) } : undefined;
}

/**
 * The candidate of one row, or none when the row is not a bug or names no GitHub issue.
 * @param row - one parsed line of the data set.
 * @param source - where the row is (data set file and record key), from the row's issue key.
 */
export function issueRowCandidate(
  row: unknown,
  source: (key: string) => ReportSource,
): Candidate | undefined {
  const entry = row as IssueRow;
  const issue = githubIssue(entry.html_url);
  if (!issue || !BUG_LABELS.has(entry.final_classification ?? '')) return undefined;
  const { repo, number } = issue;
  const pr = entry.closing_pr?.number;
  const sha = entry.closing_commit?.sha;
  return {
    repo,
    pr: Number.isInteger(pr) ? pr : undefined,
    fixCommits: !Number.isInteger(pr) && sha && /^[0-9a-f]{40}$/.test(sha) ? [sha] : undefined,
    issue: number,
    report: {
      title: (entry.title ?? '').trim(),
      body: (entry.body ?? '').replace(/\r\n/g, '\n').trim(),
    },
    source: source(`${repo}#${number}`),
  };
}
