/**
 * The issues list: a sortable, filterable, paged table (25 rows a page) with the columns error
 * trackers show (issue and culprit, trend, events, users, first and last seen, level, assignee,
 * status). The agent gets the counts and the five top rows upfront; every matching row, with every
 * column, through `expand_node`.
 */
import { usePageAction, usePageContext, withPageContext } from '@sightline/page-context/react';
import { z } from 'zod';
import {
  ISSUE_SORTS,
  type IssueListQuery,
  type IssueSort,
  issueRows,
  pageOf,
  SORT_LABELS,
  STATUS_LABELS,
} from '../data/issue-list.js';
import type { Level } from '../data/issue-templates.js';
import { UNASSIGNED } from '../data/issues.js';
import { useIssueStatus } from '../data/status-store.js';
import { formatAge, formatCount, formatTime } from '../format.js';
import { hrefFor } from '../router.js';
import { Sparkline } from '../widgets/sparkline.js';

/** Rows the agent receives upfront. */
const UPFRONT_ROWS = 5;
/** The page's title. */
const ISSUES_TITLE = 'Issues';
/** What the counts cover. */
const ISSUES_SCOPE = 'Last 14 days, all environments';
const LEVELS = ['all', 'fatal', 'error', 'warning'] as const;

/** Props of {@link IssuesPage}. */
export interface IssuesPageProps {
  query: IssueListQuery;
  onQueryChange: (query: IssueListQuery) => void;
}

/** Input of `sort_issues`. */
export const sortInput = z.object({ by: z.enum(ISSUE_SORTS) });
/** Input of `go_to_page`. */
export const pageInput = z.object({ page: z.number().int().min(1) });
/** Input of `filter_issues`. */
export const filterInput = z.object({
  text: z.string().max(200).optional(),
  level: z.enum(LEVELS).optional(),
});

function IssuesView({ query, onQueryChange }: IssuesPageProps) {
  const statusOf = useIssueStatus();
  const rows = issueRows(query);
  const shown = pageOf(rows, query.page);
  const asData = (row: (typeof rows)[number]) => ({
    id: row.issue.id,
    title: row.issue.title,
    level: row.issue.level,
    status: statusOf(row.issue),
    events: row.events,
    users: row.users,
    lastSeen: formatTime(row.lastSeen),
    assignee: row.issue.assignee ?? UNASSIGNED,
  });
  usePageContext(
    {
      title: ISSUES_TITLE,
      scope: ISSUES_SCOPE,
      issues: rows.length,
      page: `${shown.page} of ${shown.pages} (rows ${shown.from}–${shown.to})`,
      sortedBy: SORT_LABELS[query.sort],
      search: query.text || undefined,
      level: query.level,
      topRows: shown.rows.slice(0, UPFRONT_ROWS).map(asData),
    },
    {
      details: () =>
        rows.map((row) => ({
          ...asData(row),
          culprit: row.issue.culprit,
          firstSeen: formatTime(row.firstSeen),
          eventsPerDay: row.daily,
        })),
    },
  );
  usePageAction('go_to_page', {
    description: 'Show another page of the issue list (25 rows a page).',
    input: pageInput,
    handler: ({ page }: { page: number }) => {
      const next = pageOf(rows, page);
      onQueryChange({ ...query, page: next.page });
      return { page: next.page, pages: next.pages };
    },
  });
  usePageAction('sort_issues', {
    description: 'Sort the issue list by a column (numbers and times descending, title ascending).',
    input: sortInput,
    handler: ({ by }: { by: IssueSort }) => {
      onQueryChange({ ...query, sort: by });
      return { sortedBy: SORT_LABELS[by] };
    },
  });
  usePageAction('filter_issues', {
    description:
      'Narrow the list by text (title, culprit or id) and level; empty text and "all" clear them.',
    input: filterInput,
    handler: ({ text, level }: { text?: string; level?: Level | 'all' }) => {
      const next = { ...query, text: text ?? query.text, level: level ?? query.level, page: 1 };
      onQueryChange(next);
      return { issues: issueRows(next).length };
    },
  });
  return (
    <main className="page issues">
      <header className="page-header">
        <h1>{ISSUES_TITLE}</h1>
        <p className="subtitle">
          {rows.length} issues · {ISSUES_SCOPE} · sorted by {SORT_LABELS[query.sort].toLowerCase()}
        </p>
        <div className="filter-bar">
          <input
            type="search"
            aria-label="Search issues"
            placeholder="Search title, culprit or id"
            value={query.text}
            onChange={(event) => onQueryChange({ ...query, text: event.target.value, page: 1 })}
          />
          <label>
            Level{' '}
            <select
              value={query.level}
              onChange={(event) =>
                onQueryChange({ ...query, level: event.target.value as Level | 'all', page: 1 })
              }
            >
              {LEVELS.map((level) => (
                <option key={level} value={level}>
                  {level}
                </option>
              ))}
            </select>
          </label>
        </div>
      </header>
      <table className="issue-table">
        <thead>
          <tr>
            {(['title', 'events', 'users', 'lastSeen'] as const).map((key) => (
              <th
                key={key}
                scope="col"
                aria-sort={
                  query.sort === key ? (key === 'title' ? 'ascending' : 'descending') : 'none'
                }
              >
                <button
                  type="button"
                  className="sort"
                  onClick={() => onQueryChange({ ...query, sort: key, page: 1 })}
                >
                  {SORT_LABELS[key]}
                </button>
              </th>
            ))}
            <th scope="col">First seen</th>
            <th scope="col">Trend</th>
            <th scope="col">Level</th>
            <th scope="col">Assignee</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {shown.rows.map((row) => (
            <tr key={row.issue.id}>
              <td>
                <a href={hrefFor({ name: 'issue', issueId: row.issue.id })}>{row.issue.title}</a>
                <div className="culprit">
                  {row.issue.id} · {row.issue.culprit}
                </div>
              </td>
              <td className="num">{formatCount(row.events)}</td>
              <td className="num">{formatCount(row.users)}</td>
              <td>{formatAge(row.lastSeen)} ago</td>
              <td>{formatAge(row.firstSeen)} old</td>
              <td>
                <Sparkline label={`Events per day of ${row.issue.id}`} values={row.daily} />
              </td>
              <td>
                <span className={`badge ${row.issue.level}`}>{row.issue.level}</span>
              </td>
              <td>{row.issue.assignee ?? UNASSIGNED}</td>
              <td>{STATUS_LABELS[statusOf(row.issue)]}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <nav className="pagination" aria-label="Pages">
        <span>
          {shown.from}–{shown.to} of {rows.length}
        </span>
        <button
          type="button"
          disabled={shown.page <= 1}
          onClick={() => onQueryChange({ ...query, page: shown.page - 1 })}
        >
          Previous
        </button>
        <button
          type="button"
          disabled={shown.page >= shown.pages}
          onClick={() => onQueryChange({ ...query, page: shown.page + 1 })}
        >
          Next
        </button>
      </nav>
    </main>
  );
}

/** The issues list page, opted in as an `issue-list` node. */
export const IssuesPage = withPageContext('issue-list', IssuesView, {
  priority: 10,
  id: () => 'issues',
});
