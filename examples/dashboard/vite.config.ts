/**
 * Vite config of the example. Workspace packages resolve to their TypeScript source (the
 * `@sightline/source` export condition), so the app runs without building the packages first.
 */
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { chatRoute } from './chat-route.js';

export default defineConfig({
  plugins: [react(), chatRoute()],
  resolve: { conditions: ['@sightline/source', ...defaultClientConditions] },
  // The o200k_base tokenizer (exact token counts in the browser) is a ~2 MB chunk of its own,
  // loaded once at startup: expected, so no size warning for it.
  build: { chunkSizeWarningLimit: 2_500 },
});
