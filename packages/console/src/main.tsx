/**
 * Browser entry: adopts a `#token=…` fragment, loads the o200k_base tokenizer (exact token budgets
 * for the assistant's page context, see `registerEncoding` in @sightline/core), then mounts.
 */
import { registerEncoding } from '@sightline/core';
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
  void import('gpt-tokenizer/encoding/o200k_base').then((encoding) => {
    registerEncoding('o200k_base', encoding);
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
