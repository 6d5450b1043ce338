/** The issues list: rows for every issue over the whole history, filtered and sorted. */
import { HISTORY_HOURS } from './filters.js';
import { issueSummary } from './issue-detail.js';
import type { Level } from './issue-templates.js';
import {
  firstSeen,
  ISSUES,
  type Issue,
  type IssueStatus,
  issueEvents,
  issueUsers,
  lastSeen,
} from './issues.js';

/** Columns the list can be sorted by (numbers and times descending, title ascending). */
export const ISSUE_SORTS = ['events', 'users', 'lastSeen', 'title'] as const;
/** One of {@link ISSUE_SORTS}. */
export type IssueSort = (typeof ISSUE_SORTS)[number];

/** One row of the list. */
export interface IssueRow {
  issue: Issue;
  events: number;
  users: number;
  firstSeen: number;
  lastSeen: number;
  /** Events per day over the history, oldest first: the row's trend line. */
  daily: number[];
}

/** Rows on one page of the list. */
export const ISSUES_PER_PAGE = 25;

/** What the list is narrowed and ordered by. */
export interface IssueListQuery {
  /** Case-insensitive text searched in title, culprit and id; empty matches all. */
  text: string;
  /** Only this level, or all. */
  level: Level | 'all';
  sort: IssueSort;
  /** 1-based page of {@link ISSUES_PER_PAGE} rows. */
  page: number;
}

/** The list as it opens. */
export const DEFAULT_ISSUE_QUERY: IssueListQuery = {
  text: '',
  level: 'all',
  sort: 'events',
  page: 1,
};

/** Human label of each sort, as the column headers say. */
export const SORT_LABELS: Record<IssueSort, string> = {
  events: 'Events',
  users: 'Users',
  lastSeen: 'Last seen',
  title: 'Issue',
};

/**
 * @param query - filter and order (its `page` is ignored: see {@link pageOf}).
 * @returns matching rows in order (ties by id), counts over the 14 days in all environments.
 */
export function issueRows({ text, level, sort }: IssueListQuery): IssueRow[] {
  const needle = text.trim().toLowerCase();
  const rows = ISSUES.filter(
    (issue) =>
      (level === 'all' || issue.level === level) &&
      (needle === '' ||
        `${issue.id} ${issue.title} ${issue.culprit}`.toLowerCase().includes(needle)),
  ).map((issue) => {
    const events = issueEvents(issue, HISTORY_HOURS);
    return {
      issue,
      events,
      users: issueUsers(issue, events),
      firstSeen: firstSeen(issue),
      lastSeen: lastSeen(issue),
      daily: issueSummary(issue).daily.map((point) => point.value),
    };
  });
  const byKey = (row: IssueRow): number | string =>
    sort === 'title' ? row.issue.title : sort === 'lastSeen' ? row.lastSeen : row[sort];
  return rows.sort((a, b) => {
    const [ka, kb] = [byKey(a), byKey(b)];
    const order =
      typeof ka === 'string' && typeof kb === 'string'
        ? ka.localeCompare(kb)
        : Number(kb) - Number(ka);
    return order || a.issue.id.localeCompare(b.issue.id);
  });
}

/** Statuses, for display. */
export const STATUS_LABELS: Record<IssueStatus, string> = {
  unresolved: 'Unresolved',
  resolved: 'Resolved',
  ignored: 'Ignored',
};

/** One page of rows and where it lies in the list. */
export interface IssuePage {
  rows: IssueRow[];
  /** 1-based page, clamped to the pages there are. */
  page: number;
  pages: number;
  /** 1-based position of the first and last row shown (0 and 0 when there are none). */
  from: number;
  to: number;
}

/**
 * @param rows - the whole list, in order.
 * @param page - 1-based page wanted; clamped to [1, pages].
 * @returns the rows of that page, {@link ISSUES_PER_PAGE} at most.
 */
export function pageOf(rows: readonly IssueRow[], page: number): IssuePage {
  const pages = Math.max(1, Math.ceil(rows.length / ISSUES_PER_PAGE));
  const current = Math.min(pages, Math.max(1, Math.floor(page) || 1));
  const start = (current - 1) * ISSUES_PER_PAGE;
  const shown = rows.slice(start, start + ISSUES_PER_PAGE);
  return {
    rows: shown,
    page: current,
    pages,
    from: shown.length > 0 ? start + 1 : 0,
    to: start + shown.length,
  };
}
