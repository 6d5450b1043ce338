/**
 * Vite config of the console. Workspace packages resolve to their TypeScript source (the
 * `@sightline/source` export condition), so `npm run build` needs no other package built first.
 * Output goes to `dist/`, which `sightline serve` serves at `/`.
 */
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  base: './',
  resolve: { conditions: ['@sightline/source', ...defaultClientConditions] },
  // The o200k_base tokenizer (exact token budgets for the assistant) and Shiki's grammars are
  // chunks of their own, loaded on demand: expected, so no size warning for them.
  build: { chunkSizeWarningLimit: 2_500, reportCompressedSize: false },
  server: { proxy: { '/api': 'http://127.0.0.1:4317' } },
});
