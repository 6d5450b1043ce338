/** Browser entry: the task page and its assistant inside one page-context provider. */
import { PageContextProvider } from '@sightline/page-context/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Chat } from './chat.js';
import { Tasks } from './tasks.js';

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <PageContextProvider location={{ route: 'tasks' }}>
        <main>
          <h1>Tasks</h1>
          <Tasks />
        </main>
        <Chat />
      </PageContextProvider>
    </StrictMode>,
  );
}
