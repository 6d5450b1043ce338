/**
 * Mounts the console (loaded by `main.tsx` once the first requests are under way). The printed
 * link opened in a tab already showing the console changes only the fragment: the token is
 * adopted and the page reloaded.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { adoptTokenFromFragment } from './api/token.js';
import { App } from './app.js';

// Every module of the console is evaluated by now (a User Timing mark for `npm run bench:console`).
performance.mark('sightline:mount');
window.addEventListener('hashchange', () => {
  if (!window.location.hash.startsWith('#token=')) return;
  adoptTokenFromFragment();
  window.location.reload();
});
const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
