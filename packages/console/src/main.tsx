/**
 * Browser entry: adopts a `#token=…` fragment, then mounts. The o200k_base tokenizer (2 MB) is not
 * loaded here: page context counts with an estimate until the assistant opens, and the assistant's
 * panel loads it then (`loadTokenizer` in @sightline/page-context), so the inbox's first load
 * fetches no tokenizer.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { adoptTokenFromFragment } from './api/token.js';
import { App } from './app.js';
import './styles.css';

adoptTokenFromFragment();
// The printed link opened in a tab already showing the console changes only the fragment.
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
