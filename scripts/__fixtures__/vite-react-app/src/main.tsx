import { PageContextChat } from '@sightline/page-context/chat';
import { PageContextProvider, PageHook, usePageSnapshot } from '@sightline/page-context/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { IssueTable, type IssueRowData } from './issue-table.js';
import { Toolbar } from './toolbar.js';

const issues: IssueRowData[] = [
  { id: 'SL-1', title: 'Crash on launch', level: 'fatal' },
  { id: 'SL-2', title: 'Slow search', level: 'error' },
];

function Assistant() {
  const read = usePageSnapshot();
  return (
    <button type="button" onClick={() => console.log(read({ budgetTokens: 500 }).markdown)}>
      Ask
    </button>
  );
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <PageContextProvider location={{ route: 'issues' }}>
        <Toolbar<IssueRowData> rows={issues} columns={['id', 'level']} />
        <IssueTable issues={issues} />
        <Assistant />
        <PageHook />
        <PageContextChat />
      </PageContextProvider>
    </StrictMode>,
  );
}
