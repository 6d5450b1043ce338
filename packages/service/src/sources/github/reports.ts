/** GitHub issues as raw reports, keyed `owner/repo#number`; pull requests are not reports. */
import type { RawReport } from '../types.js';

/** The fields of a GitHub issue (REST and `issues` webhook) a report needs. */
export interface GitHubIssue {
  number: number;
  title: string;
  body?: string | null;
  html_url?: string;
  created_at?: string;
  updated_at?: string;
  /** `open` or `closed`. */
  state?: string;
  /** Why it was closed: `completed`, `not_planned`, `duplicate`; null or absent before GitHub said. */
  state_reason?: string | null;
  pull_request?: unknown;
  user?: { login?: string } | null;
  labels?: (string | { name?: string })[];
}

/** True for an issue-shaped value that is not a pull request. */
export function isIssue(value: unknown): value is GitHubIssue {
  if (typeof value !== 'object' || value === null) return false;
  const issue = value as Partial<GitHubIssue>;
  return (
    typeof issue.number === 'number' &&
    typeof issue.title === 'string' &&
    issue.pull_request === undefined
  );
}

/**
 * Whether a closed issue was closed as done: `completed`, or no reason (closed before GitHub
 * recorded reasons). An issue closed as not planned or as a duplicate resolves nothing: its group
 * may hold reports from other sources of a bug still there, and the next one marked it regressed
 * (fresh-user trial 20).
 */
export function closedAsDone(issue: GitHubIssue): boolean {
  return (issue.state_reason ?? 'completed') === 'completed';
}

/** An issue as a `markdown-issue` report (its JSON carries `title` and `body`). */
export function issueReport(repository: string, issue: GitHubIssue): RawReport {
  const labels = (issue.labels ?? [])
    .map((label) => (typeof label === 'string' ? label : (label.name ?? '')))
    .filter(Boolean);
  return {
    sourceKind: 'github',
    sourceId: `${repository}#${issue.number}`,
    receivedAt: issue.updated_at ?? issue.created_at ?? new Date().toISOString(),
    format: 'markdown-issue',
    payload: { json: { title: issue.title, body: issue.body ?? '', number: issue.number, labels } },
    ...(issue.html_url ? { url: issue.html_url } : {}),
    meta: { repository, number: issue.number, author: issue.user?.login ?? null },
  };
}
