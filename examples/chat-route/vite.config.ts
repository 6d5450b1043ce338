/**
 * Vite config of the example. Workspace packages resolve to their TypeScript source (the
 * `@sightline/source` export condition), so the app builds without building the packages first.
 */
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['@sightline/source', ...defaultClientConditions] },
  // The o200k_base tokenizer is a lazy ~2 MB chunk of its own, loaded on the first read.
  build: { chunkSizeWarningLimit: 2_500 },
});
