// Hooks without a wrapper: the table and each row register nodes of their own through a ref, so
// a row is a real <tr> inside <tbody>, and rows nest under the table.
import { usePageAction, usePageContext } from '@sightline/page-context/react';
import { useRef, useState } from 'react';
import { z } from 'zod';

export interface IssueRowData {
  id: string;
  title: string;
  level: 'error' | 'fatal';
}

const resolveInput = z.object({});

function IssueRow({ issue }: { issue: IssueRowData }) {
  const ref = useRef<HTMLTableRowElement>(null);
  const [resolved, setResolved] = useState(false);
  const node = usePageContext(
    { title: issue.title, level: issue.level, resolved },
    { type: 'issue', key: issue.id, ref },
  );
  usePageAction('resolve', {
    description: 'Mark the issue resolved',
    input: resolveInput,
    handler: () => setResolved(true),
    node,
  });
  return (
    <tr ref={ref}>
      <td>{issue.id}</td>
      <td>{issue.title}</td>
      <td>{resolved ? 'resolved' : issue.level}</td>
    </tr>
  );
}

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
