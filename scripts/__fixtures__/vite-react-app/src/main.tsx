import { PageContextProvider, usePageSnapshot } from '@sightline/page-context/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Toolbar } from './toolbar.js';

interface Issue {
  id: string;
  level: 'error' | 'fatal';
}

const issues: Issue[] = [{ id: 'SL-1', level: 'fatal' }];

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
        <Toolbar<Issue> rows={issues} columns={['id', 'level']} />
        <Assistant />
      </PageContextProvider>
    </StrictMode>,
  );
}
