/**
 * The facts an agent must be able to answer on each page, derived from the same seeded data and
 * formatting the pages render (never typed twice). `npm run bench:page-context` checks that each
 * answer appears in each format it measures (semantic Markdown, text snapshot, ASCII grid, ARIA
 * snapshot, HTML).
 */
import { DASHBOARD_TITLE, dashboardMetrics, WIDGET_TITLES } from './data/dashboard-metrics.js';
import { DEFAULT_FILTERS, type Filters, TIME_RANGES } from './data/filters.js';
import { issueSummary } from './data/issue-detail.js';
import {
  DEFAULT_ISSUE_QUERY,
  type IssueListQuery,
  issueRows,
  STATUS_LABELS,
} from './data/issue-list.js';
import { type IssueStatus, UNASSIGNED } from './data/issues.js';
import { releaseStats } from './data/release-stats.js';
import { formatCount, formatMs, formatPercent } from './format.js';
import { hrefFor } from './router.js';

/** A question about a page and its answer, exactly as the page displays it. */
export interface Fact {
  /** What an agent is asked, e.g. `Which environment is shown?`. */
  question: string;
  /** The expected answer, formatted as the page shows it (e.g. `5,248`). */
  answer: string;
  /**
   * For a short number: the word it is written next to (`8 widgets`, `widgets: 8`), so that a
   * stray `8` elsewhere on the page does not count as recalling it (bench/lib/fact-recall.ts).
   */
  unit?: string;
}

/** Something an agent is asked to do on a page, and the tool call that does it. */
export interface Task {
  /** What the user asks, e.g. `Show the last 7 days`. */
  instruction: string;
  /** The tool expected (action name). */
  tool: string;
  /** Input the call must contain (other keys may be present). */
  input: Record<string, unknown>;
}

/**
 * The second turn of a conversation on a page: one change made through a tool, and the facts it
 * changed — those of the changed page whose answer differs from the first turn's, the changed
 * setting included. A delta sent on that turn must carry all of them (the model read the rest on
 * the first turn).
 */
export interface SecondTurn {
  /** The tool call that makes the change, as the agent would make it. */
  change: { tool: string; input: Record<string, unknown> };
  /** The changed facts, answered as the changed page shows them. */
  facts: Fact[];
}

/** The facts of `after` whose answer differs from the same question's in `before`. */
function changedFacts(before: Fact[], after: Fact[]): Fact[] {
  return after.filter(
    (fact) => before.find((earlier) => earlier.question === fact.question)?.answer !== fact.answer,
  );
}

/** A page to measure: where it is, whether it opted in to page context, and its facts. */
export interface DeclaredPage {
  /** Short name, e.g. `dashboard`. */
  name: string;
  /** Location hash to open, e.g. `#/issues`. */
  hash: string;
  /** False for the page left to the DOM fallback. */
  optedIn: boolean;
  facts: Fact[];
  /** Actions an agent should take from an instruction (opted-in pages declare tools). */
  tasks: Task[];
  /** One change and the facts it changes, for the second turn (opted-in pages). */
  secondTurn?: SecondTurn;
}

function dashboardFacts(filters: Filters = DEFAULT_FILTERS): Fact[] {
  const metrics = dashboardMetrics(filters);
  const [top] = metrics.topIssues;
  return [
    { question: 'Which dashboard is open?', answer: DASHBOARD_TITLE },
    { question: 'Which environment is shown?', answer: filters.environment },
    { question: 'Which time range is selected?', answer: TIME_RANGES[filters.timeRange].label },
    {
      question: 'How many widgets does the dashboard have?',
      answer: String(Object.keys(WIDGET_TITLES).length),
      unit: 'widgets',
    },
    { question: 'How many events in the range?', answer: formatCount(metrics.events) },
    {
      question: 'What is the crash-free session rate?',
      answer: formatPercent(metrics.crashFreeSessions),
    },
    { question: 'What is the p95 response time?', answer: formatMs(metrics.p95Ms) },
    { question: "What is the top error's title?", answer: top?.issue.title ?? '' },
    { question: 'How many events does the top error have?', answer: formatCount(top?.events ?? 0) },
  ];
}

function issuesFacts(query: IssueListQuery = DEFAULT_ISSUE_QUERY): Fact[] {
  const rows = issueRows(query);
  const [first, second] = rows;
  return [
    { question: 'How many issues are listed?', answer: String(rows.length), unit: 'issues' },
    { question: 'Which level is the list filtered to?', answer: query.level },
    { question: 'Which issue has the most events?', answer: first?.issue.title ?? '' },
    { question: 'What is its short id?', answer: first?.issue.id ?? '' },
    { question: 'How many events does it have?', answer: formatCount(first?.events ?? 0) },
    { question: 'Which issue has the second most events?', answer: second?.issue.title ?? '' },
    { question: 'Who is the top issue assigned to?', answer: first?.issue.assignee ?? UNASSIGNED },
  ];
}

/** The issue the detail page is measured on: the dashboard's top error. */
export const MEASURED_ISSUE = dashboardMetrics(DEFAULT_FILTERS).topIssues[0]?.issue;

function issueDetailFacts(status: IssueStatus = MEASURED_ISSUE?.status ?? 'unresolved'): Fact[] {
  if (!MEASURED_ISSUE) return [];
  const summary = issueSummary(MEASURED_ISSUE);
  const crash = MEASURED_ISSUE.frames[0];
  const event = MEASURED_ISSUE.latestEvent;
  const beforeError = event.breadcrumbs.filter((crumb) => crumb.category !== 'exception').at(-1);
  const os = event.contexts.find((context) => context.name === 'os')?.values;
  return [
    { question: "What is the issue's title?", answer: MEASURED_ISSUE.title },
    { question: 'What is its status?', answer: STATUS_LABELS[status] },
    { question: 'Where is it thrown?', answer: MEASURED_ISSUE.culprit },
    { question: 'What is its level?', answer: MEASURED_ISSUE.level },
    { question: 'How many events in 14 days?', answer: formatCount(summary.events) },
    { question: 'How many users are affected?', answer: formatCount(summary.users) },
    { question: 'How many events in the last 24 hours?', answer: formatCount(summary.events24h) },
    { question: 'In which release did it first appear?', answer: MEASURED_ISSUE.release },
    { question: 'Which browser reports it most?', answer: summary.tags.browser[0]?.value ?? '' },
    { question: 'Which source line crashes?', answer: crash?.code ?? '' },
    { question: 'In which file does it crash?', answer: crash?.file ?? '' },
    { question: 'What happened just before the error?', answer: beforeError?.message ?? '' },
    { question: 'Which OS did the latest event run on?', answer: `${os?.name} ${os?.version}` },
  ];
}

function releasesFacts(): Fact[] {
  const rows = releaseStats();
  const [latest] = rows;
  const mostIssues = [...rows].sort((a, b) => b.newIssues - a.newIssues)[0];
  return [
    { question: 'How many releases are listed?', answer: String(rows.length), unit: 'releases' },
    { question: 'What is the latest release?', answer: latest?.release.version ?? '' },
    {
      question: 'Which release introduced the most issues?',
      answer: mostIssues?.release.version ?? '',
    },
    {
      question: 'What is its crash-free session rate?',
      answer: formatPercent(mostIssues?.crashFreeSessions ?? 0),
    },
  ];
}

/**
 * @returns the four measured pages with their facts: dashboard (default filters), issues list
 *   (default order), the detail of the dashboard's top error, and releases (not opted in).
 */
export function declaredPages(): DeclaredPage[] {
  return [
    {
      name: 'dashboard',
      hash: hrefFor({ name: 'dashboard' }),
      optedIn: true,
      facts: dashboardFacts(),
      tasks: [
        {
          instruction: 'Show the last 7 days.',
          tool: 'set_time_range',
          input: { timeRange: '7d' },
        },
        {
          instruction: 'Switch to staging.',
          tool: 'set_environment',
          input: { environment: 'staging' },
        },
        {
          instruction: 'Add a line chart of p95 latency by endpoint over 7 days.',
          tool: 'add_widget',
          input: { type: 'line', metric: 'p95_latency', groupBy: 'endpoint', timeRange: '7d' },
        },
      ],
      secondTurn: {
        change: { tool: 'set_time_range', input: { timeRange: '7d' } },
        facts: changedFacts(
          dashboardFacts(),
          dashboardFacts({ ...DEFAULT_FILTERS, timeRange: '7d' }),
        ),
      },
    },
    {
      name: 'issues',
      hash: hrefFor({ name: 'issues' }),
      optedIn: true,
      facts: issuesFacts(),
      tasks: [
        {
          instruction: 'Sort the issues by users affected.',
          tool: 'sort_issues',
          input: { by: 'users' },
        },
        {
          instruction: 'Show only fatal issues.',
          tool: 'filter_issues',
          input: { level: 'fatal' },
        },
      ],
      secondTurn: {
        change: { tool: 'filter_issues', input: { level: 'fatal' } },
        facts: changedFacts(issuesFacts(), issuesFacts({ ...DEFAULT_ISSUE_QUERY, level: 'fatal' })),
      },
    },
    {
      name: 'issue detail',
      hash: hrefFor({ name: 'issue', issueId: MEASURED_ISSUE?.id ?? '' }),
      optedIn: true,
      facts: issueDetailFacts(),
      tasks: [
        {
          instruction: 'Ignore this issue.',
          tool: 'set_status',
          input: { status: 'ignored' },
        },
      ],
      secondTurn: {
        change: { tool: 'set_status', input: { status: 'ignored' } },
        facts: changedFacts(issueDetailFacts(), issueDetailFacts('ignored')),
      },
    },
    {
      name: 'releases',
      hash: hrefFor({ name: 'releases' }),
      optedIn: false,
      facts: releasesFacts(),
      tasks: [],
    },
  ];
}
