/** The five issues with the most events under the current filters, as a table widget. */
import { usePageContext, withPageContext } from '@sightline/page-context/react';
import type { RankedIssue } from '../data/dashboard-metrics.js';
import { formatCount } from '../format.js';
import { hrefFor } from '../router.js';
import { widgetId } from './widget-id.js';

/** Props of {@link TopErrorsWidget}. */
export interface TopErrorsWidgetProps {
  title: string;
  issues: readonly RankedIssue[];
}

function TopErrorsView({ title, issues }: TopErrorsWidgetProps) {
  usePageContext({
    title,
    rows: issues.map(({ issue, events, users }) => ({
      id: issue.id,
      title: issue.title,
      level: issue.level,
      events,
      users,
    })),
  });
  return (
    <section className="widget table-widget">
      <h3>{title}</h3>
      <table>
        <thead>
          <tr>
            <th scope="col">Issue</th>
            <th scope="col">Level</th>
            <th scope="col">Events</th>
            <th scope="col">Users</th>
          </tr>
        </thead>
        <tbody>
          {issues.map(({ issue, events, users }) => (
            <tr key={issue.id}>
              <td>
                <a href={hrefFor({ name: 'issue', issueId: issue.id })}>{issue.title}</a>
                <div className="culprit">{issue.culprit}</div>
              </td>
              <td>
                <span className={`badge ${issue.level}`}>{issue.level}</span>
              </td>
              <td className="num">{formatCount(events)}</td>
              <td className="num">{formatCount(users)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The top-errors table widget. */
export const TopErrorsWidget = withPageContext('table', TopErrorsView, {
  priority: 6,
  id: ({ title }) => widgetId(title),
});
