/**
 * The inbox's rows: a check box (bulk selection: click, shift-click for a range); label; title
 * with the culprit (function and file), the root cause in one line and the investigation state; a
 * 14-day trend; count; release, platform and environment; priority and assignee; last and first
 * seen; status; source and project. The focused row is marked, rows that arrived live are
 * highlighted until focused or opened. On narrow screens each row stacks into a card. Opted in
 * as the `inbox` node: counts and filters with the first rows upfront, every row through
 * `expand_node`; actions `filter_inbox` and `open_group`.
 */

import { userContent } from '@sightline/page-context';
import { usePageContext, withPageContext } from '@sightline/page-context/react';
import { investigationWords } from '@sightline/service/vocabulary';
import type { MouseEvent } from 'react';
import { lazy, startTransition, useEffect, useRef, useState } from 'react';
import type { InboxRow } from '../api/types.js';
import { hrefFor, type InboxFilters } from '../router.js';
import { Badge } from '../ui/badge.js';
import { fullTime, timeAgo } from '../ui/format.js';
import { ProseText } from '../ui/prose-text.js';
import { Sparkline, trendSentence } from '../ui/sparkline.js';
import { WhenIdle } from '../ui/when-idle.js';
import { culpritText, whereText } from './row-text.js';
import {
  checkRange,
  focusRow,
  type TriageState,
  toggleChecked,
  updateTriage,
} from './triage-session.js';

/** Props of {@link InboxTable}. */
export interface InboxTableProps {
  groups: InboxRow[];
  total: number;
  filters: InboxFilters;
  projectName: (id: string) => string;
  /** Focused, checked and unseen rows. */
  session: TriageState;
}

// The assistant's actions on the inbox, with their zod schemas: after the first rows.
const InboxTableActions = lazy(() =>
  import('./inbox-page-actions.js').then((module) => ({ default: module.InboxTableActions })),
);

/** Rows sent upfront; the rest through `expand_node`. */
const ROWS_UPFRONT = 10;

/**
 * Rows put on the page by the first render: a screenful and some. At 1440 × 900 the first row
 * starts 330 px down and rows with a culprit, a root cause and a state are 85–104 px tall, so 7
 * show (measured in Chromium, console4); 12 still fill the screen when rows are one title line
 * and a state (about 50 px). The rest follow in a transition (React renders it in slices, the
 * first screen already painted), so the first rows do not wait for 200 rows' DOM, style and
 * layout (27 elements a row).
 */
const FIRST_ROWS = 12;

/** `groups` cut to the first {@link FIRST_ROWS} on the first render, all of them from the next. */
function useRowsInStages<T>(groups: T[]): T[] {
  const [all, setAll] = useState(false);
  const cut = !all && groups.length > FIRST_ROWS;
  useEffect(() => {
    if (cut) startTransition(() => setAll(true));
  }, [cut]);
  return cut ? groups.slice(0, FIRST_ROWS) : groups;
}

function row(group: InboxRow, projectName: (id: string) => string) {
  return {
    id: group.id,
    label: group.label,
    // Written by whoever sent the report (or drawn from it): data for the model, never orders.
    title: userContent(group.title),
    culprit: group.culprit ? userContent(culpritText(group.culprit)) : null,
    rootCause: group.rootCause ? userContent(group.rootCause) : null,
    investigation: investigationWords(group),
    trend: trendSentence(group.trend, 'report'),
    where: whereText(group) || null,
    count: group.count,
    status: group.status,
    priority: group.priority,
    assignee: group.assignee ? userContent(group.assignee) : null,
    lastSeen: group.lastSeen,
    firstSeen: group.firstSeen,
    sources: group.sources.join(','),
    project: projectName(group.projectId),
  };
}

function InboxTableView(props: InboxTableProps) {
  const { groups, total, filters, projectName, session } = props;
  usePageContext(
    {
      total,
      shown: groups.length,
      rows: groups.slice(0, ROWS_UPFRONT).map((group) => row(group, projectName)),
    },
    { details: () => ({ rows: groups.map((group) => row(group, projectName)) }) },
  );
  const body = useRef<HTMLTableSectionElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the focused row is the change signal
  useEffect(() => {
    body.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [session.focused]);
  const rendered = useRowsInStages(groups);
  const check = (event: MouseEvent<HTMLInputElement>, id: string) =>
    updateTriage((state) => (event.shiftKey ? checkRange(state, id) : toggleChecked(state, id)));
  return (
    <>
      <WhenIdle>
        <InboxTableActions filters={filters} />
      </WhenIdle>
      <table className="inbox" aria-label="Groups">
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Checked</span>
            </th>
            <th scope="col">Label</th>
            <th scope="col">Group</th>
            <th scope="col">14 days</th>
            <th scope="col" className="number">
              Reports
            </th>
            <th scope="col">Release · platform</th>
            <th scope="col">Priority</th>
            <th scope="col">Assignee</th>
            <th scope="col">Seen</th>
            <th scope="col">Status</th>
            <th scope="col">Source · project</th>
          </tr>
        </thead>
        <tbody ref={body}>
          {rendered.map((group) => (
            <tr
              key={group.id}
              aria-selected={group.id === session.focused}
              data-group-id={group.id}
              data-checked={session.checked.has(group.id) || undefined}
              className={session.unseen.has(group.id) ? 'unseen' : undefined}
              onMouseEnter={() => updateTriage((state) => focusRow(state, group.id))}
            >
              <td className="check">
                <input
                  type="checkbox"
                  aria-label={`Check ${group.title.slice(0, 80)}`}
                  checked={session.checked.has(group.id)}
                  onChange={() => undefined}
                  onClick={(event) => check(event, group.id)}
                />
              </td>
              <td className="label">
                <Badge kind={group.label}>{group.label}</Badge>
              </td>
              <td className="title">
                <a href={hrefFor({ name: 'group', id: group.id })}>{group.title}</a>
                {group.culprit ? (
                  <code
                    className="culprit"
                    title={
                      group.culprit.from === 'stack'
                        ? 'Top in-app frame of the stack trace'
                        : "The diagnosis' first cause"
                    }
                  >
                    {culpritText(group.culprit)}
                  </code>
                ) : null}
                {group.rootCause ? (
                  <span className="row-cause">
                    <ProseText text={group.rootCause} />
                  </span>
                ) : null}
                <span className={`investigation investigation-${group.investigation.state}`}>
                  {investigationWords(group)}
                </span>
              </td>
              <td className="trend">
                <Sparkline counts={group.trend} what="report" />
              </td>
              <td className="number count" data-caption={group.count === 1 ? 'report' : 'reports'}>
                {group.count}
              </td>
              <td className="where">{whereText(group) || <span className="muted">—</span>}</td>
              <td className="priority">
                {group.priority ? (
                  <Badge kind={`priority-${group.priority}`}>{group.priority}</Badge>
                ) : (
                  <span className="muted">—</span>
                )}
              </td>
              <td className="assignee">
                {group.assignee ?? <span className="muted">unassigned</span>}
              </td>
              <td className="seen">
                <span title={fullTime(group.lastSeen)}>{timeAgo(group.lastSeen)}</span>
                <span className="muted first-seen" title={fullTime(group.firstSeen)}>
                  first {timeAgo(group.firstSeen)}
                </span>
              </td>
              <td className="status">
                <Badge kind={group.status}>{group.status}</Badge>
              </td>
              <td className="sources">
                {group.sources.join(', ')}
                <span className="muted project"> · {projectName(group.projectId)}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** The inbox table. */
export const InboxTable = withPageContext('inbox', InboxTableView, {
  id: () => 'inbox',
  priority: 10,
});
