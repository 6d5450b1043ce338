/**
 * Vite config of the example. Workspace packages resolve to their TypeScript source (the
 * `@sightline/source` export condition), so the app runs without building the packages first.
 */
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, defineConfig, type Plugin } from 'vite';

/**
 * Serves /api/chat under `vite` (dev) from chat-route.ts, loaded through Vite's SSR pipeline when
 * first requested, so the config itself imports no workspace package.
 */
function chatRoute(): Plugin {
  return {
    name: 'sightline-chat-route',
    configureServer(server) {
      server.middlewares.use('/api/chat', async (request, response) => {
        const route = (await server.ssrLoadModule(
          '/chat-route.ts',
        )) as typeof import('./chat-route.js');
        await route.answer(request, response);
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), chatRoute()],
  resolve: { conditions: ['@sightline/source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['@sightline/source', ...defaultServerConditions] } },
  // The o200k_base tokenizer (exact token counts in the browser) is a ~2 MB chunk of its own,
  // loaded once at startup: expected, so no size warning for it.
  build: { chunkSizeWarningLimit: 2_500 },
});
