/**
 * The breadcrumbs of an issue's latest event: what the user and the app did before the error. The
 * agent gets the count and the last few upfront; every breadcrumb through `expand_node`.
 */
import { usePageContext, withPageContext } from '@sightline/page-context/react';
import type { Breadcrumb } from '../data/latest-event.js';
import { formatTime } from '../format.js';

/** Breadcrumbs before the error the agent gets upfront (the error itself is the title). */
const UPFRONT_BREADCRUMBS = 3;

const clock = (time: number) => new Date(time).toISOString().slice(11, 19);
const crumbLine = (crumb: Breadcrumb) => `${clock(crumb.time)} ${crumb.category} ${crumb.message}`;

function BreadcrumbsView({ breadcrumbs }: { breadcrumbs: readonly Breadcrumb[] }) {
  usePageContext(
    {
      breadcrumbs: breadcrumbs.length,
      since: breadcrumbs[0] ? formatTime(breadcrumbs[0].time) : null,
      lastBeforeError: breadcrumbs
        .filter((crumb) => crumb.category !== 'exception')
        .slice(-UPFRONT_BREADCRUMBS)
        .map(crumbLine),
    },
    { details: () => breadcrumbs.map((crumb) => ({ ...crumb, time: clock(crumb.time) })) },
  );
  return (
    <section className="panel breadcrumbs">
      <h2>Breadcrumbs</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">Type</th>
            <th scope="col">Description</th>
            <th scope="col">Level</th>
            <th scope="col">Time</th>
          </tr>
        </thead>
        <tbody>
          {breadcrumbs.map((crumb) => (
            <tr key={`${crumb.time}:${crumb.message}`} className={crumb.level}>
              <td>{crumb.category}</td>
              <td>{crumb.message}</td>
              <td>{crumb.level}</td>
              <td className="num">{clock(crumb.time)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The breadcrumbs panel, opted in as a `breadcrumbs` node. */
export const BreadcrumbsPanel = withPageContext('breadcrumbs', BreadcrumbsView, {
  priority: 3,
  id: () => 'breadcrumbs',
});
