/**
 * Browser entry: loads the o200k_base tokenizer (token counts in the assistant panel and token
 * budgets are exact, see `registerEncoding` in @sightline/core), then mounts the app.
 */
import { registerEncoding } from '@sightline/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.js';
import './styles.css';

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
