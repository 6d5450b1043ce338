/**
 * Mounts the console (loaded by `main.tsx` once the first requests are under way), as soon as the
 * inbox's early answer is in or {@link ANSWER_WAIT_MS} have passed: one render with the rows
 * rather than an empty page first (see `earlyInboxSettled`). The printed link opened in a tab
 * already showing the console changes only the fragment: the token is adopted and the page
 * reloaded.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { earlyInboxSettled } from './api/early-inbox.js';
import { adoptTokenFromFragment } from './api/token.js';
import { App } from './app.js';

/**
 * Longest wait for the early answer before rendering without it (the inbox then shows that it is
 * loading), ms: a blank page longer than this says less than the loading state.
 */
const ANSWER_WAIT_MS = 400;

// Every module of the console is evaluated by now (a User Timing mark for `npm run bench:console`).
performance.mark('sightline:mount');
window.addEventListener('hashchange', () => {
  if (!window.location.hash.startsWith('#token=')) return;
  adoptTokenFromFragment();
  window.location.reload();
});
const container = document.getElementById('root');
if (container) {
  void earlyInboxSettled(ANSWER_WAIT_MS).then(() => {
    performance.mark('sightline:render');
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
