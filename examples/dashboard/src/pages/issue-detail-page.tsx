/**
 * One issue, as an error tracker shows it: counts, a daily chart, the stack trace, the latest
 * event's breadcrumbs and contexts, and tags. Opted in as an `issue` node with a `set_status`
 * action; its panels are child nodes that send summaries and keep the rest for `expand_node`.
 */
import { usePageAction, usePageContext, withPageContext } from '@sightline/page-context/react';
import { z } from 'zod';
import { issueSummary } from '../data/issue-detail.js';
import { STATUS_LABELS } from '../data/issue-list.js';
import { type Issue, type IssueStatus, UNASSIGNED } from '../data/issues.js';
import { setIssueStatus, useIssueStatus } from '../data/status-store.js';
import { formatCount, formatDate, formatTime } from '../format.js';
import { hrefFor } from '../router.js';
import { BarChart } from '../widgets/bar-chart.js';
import { BreadcrumbsPanel } from '../widgets/breadcrumbs-panel.js';
import { ContextsPanel } from '../widgets/contexts-panel.js';
import { StackTracePanel } from '../widgets/stack-trace-panel.js';
import { TagsPanel } from '../widgets/tags-panel.js';

const STATUSES = ['unresolved', 'resolved', 'ignored'] as const;
/** Input of `set_status`. */
export const statusInput = z.object({ status: z.enum(STATUSES) });

function IssueDetailView({ issue }: { issue: Issue }) {
  const statusOf = useIssueStatus();
  const status = statusOf(issue);
  const summary = issueSummary(issue);
  usePageContext(
    {
      // The short id is the node's id (shown with the heading): not repeated as a field.
      title: issue.title,
      culprit: issue.culprit,
      level: issue.level,
      status,
      firstRelease: issue.release,
      assignee: issue.assignee ?? UNASSIGNED,
      events: summary.events,
      users: summary.users,
      eventsLast24h: summary.events24h,
      firstSeen: formatTime(summary.firstSeen),
      lastSeen: formatTime(summary.lastSeen),
    },
    {
      details: () => ({
        eventsPerDay: summary.daily.map((point) => ({
          day: formatDate(point.time),
          events: point.value,
        })),
      }),
    },
  );
  usePageAction('set_status', {
    description: 'Resolve, ignore or reopen (unresolved) this issue.',
    input: statusInput,
    handler: ({ status: next }: { status: IssueStatus }) => {
      setIssueStatus(issue.id, next);
      return { id: issue.id, status: next };
    },
  });
  return (
    <main className="page issue-detail">
      <header className="page-header">
        <p className="breadcrumb">
          <a href={hrefFor({ name: 'issues' })}>Issues</a> / {issue.id}
        </p>
        <h1>{issue.title}</h1>
        <p className="culprit">{issue.culprit}</p>
        <p>
          <span className={`badge ${issue.level}`}>{issue.level}</span>{' '}
          <span className="status" data-status={status}>
            {STATUS_LABELS[status]}
          </span>{' '}
          <span className="assignee">Assignee: {issue.assignee ?? UNASSIGNED}</span>{' '}
          {STATUSES.filter((s) => s !== status).map((s) => (
            <button key={s} type="button" onClick={() => setIssueStatus(issue.id, s)}>
              {s === 'unresolved' ? 'Reopen' : s === 'resolved' ? 'Resolve' : 'Ignore'}
            </button>
          ))}
        </p>
      </header>
      <dl className="counts">
        <div>
          <dt>Events (14 days)</dt>
          <dd>{formatCount(summary.events)}</dd>
        </div>
        <div>
          <dt>Users</dt>
          <dd>{formatCount(summary.users)}</dd>
        </div>
        <div>
          <dt>Last 24 hours</dt>
          <dd>{formatCount(summary.events24h)}</dd>
        </div>
        <div>
          <dt>First seen</dt>
          <dd>
            {formatTime(summary.firstSeen)} in {issue.release}
          </dd>
        </div>
        <div>
          <dt>Last seen</dt>
          <dd>{formatTime(summary.lastSeen)}</dd>
        </div>
      </dl>
      <section className="panel daily">
        <h2>Events per day</h2>
        <BarChart
          label="Events per day"
          bars={summary.daily.map((point) => ({
            label: formatDate(point.time),
            value: point.value,
          }))}
          formatValue={formatCount}
        />
      </section>
      <div className="columns">
        <div className="event">
          <h2 className="event-id">Latest event {issue.latestEvent.id}</h2>
          <StackTracePanel title={issue.title} frames={issue.frames} />
          <BreadcrumbsPanel breadcrumbs={issue.latestEvent.breadcrumbs} />
        </div>
        <aside className="sidebar">
          <ContextsPanel contexts={issue.latestEvent.contexts} />
          <TagsPanel tags={summary.tags} />
        </aside>
      </div>
    </main>
  );
}

/** An issue's page, opted in as an `issue` node. */
export const IssueDetailPage = withPageContext('issue', IssueDetailView, {
  priority: 10,
  id: ({ issue }) => issue.id,
});
