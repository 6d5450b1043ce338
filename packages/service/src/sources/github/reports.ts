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
