// A row registers a node of its own through a ref on its <tr>, with an action on that node that
// waits for the user's confirmation in the chat panel.
import { usePageAction, usePageContext } from '@sightline/page-context/react';
import { useRef, useState } from 'react';
import { z } from 'zod';

export interface IssueRowData {
  id: string;
  title: string;
  level: 'error' | 'fatal';
}

const resolveInput = z.object({});

export function IssueRow({ issue }: { issue: IssueRowData }) {
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
    confirm: true,
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

