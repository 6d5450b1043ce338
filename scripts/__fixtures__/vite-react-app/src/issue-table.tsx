// Hooks without a wrapper: the table registers a node of its own through a ref; its rows (in
// issue-row.tsx, so that editing this file leaves them mounted) nest under it inside <tbody>.
import { usePageContext } from '@sightline/page-context/react';
import { useRef } from 'react';
import { IssueRow, type IssueRowData } from './issue-row.js';

export type { IssueRowData };

export function IssueTable({ issues }: { issues: IssueRowData[] }) {
  const ref = useRef<HTMLTableElement>(null);
  usePageContext({ title: 'Issues', shown: issues.length }, { type: 'table', id: 'issues', ref });
  return (
    <table ref={ref}>
      <tbody>
        {issues.map((issue) => (
          <IssueRow key={issue.id} issue={issue} />
        ))}
      </tbody>
    </table>
  );
}
