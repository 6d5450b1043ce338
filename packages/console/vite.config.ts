/**
 * Vite config of the console. Workspace packages resolve to their TypeScript source (the
 * `@sightline/source` export condition), so `npm run build` needs no other package built first.
 * Output goes to `dist/`, which `sightline serve` serves at `/`.
 */
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

/**
 * Lists the console's own chunk (`src/mount.tsx`, loaded by the small entry once the inbox's first
 * request is sent) and everything it imports as `<link rel="modulepreload">` in index.html, so the
 * browser fetches and compiles them while the entry is still loading instead of after it ran.
 */
function preloadConsoleChunks(): Plugin {
  return {
    name: 'sightline-preload-console-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const chunks = Object.values(bundle ?? {}).filter((output) => output.type === 'chunk');
        const mount = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/src/mount.tsx'));
        if (!mount) return html;
        const files = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName)) return;
          files.add(fileName);
          for (const imported of chunks.find((chunk) => chunk.fileName === fileName)?.imports ??
            []) {
            visit(imported);
          }
        };
        visit(mount.fileName);
        return [...files]
          .filter((fileName) => !html.includes(`/${fileName}"`))
          .map((fileName) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `./${fileName}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), preloadConsoleChunks()],
  base: './',
  resolve: { conditions: ['@sightline/source', ...defaultClientConditions] },
  // The o200k_base tokenizer (exact token budgets for the assistant) and Shiki's grammars are
  // chunks of their own, loaded on demand: expected, so no size warning for them.
  build: { chunkSizeWarningLimit: 2_500, reportCompressedSize: false },
  server: { proxy: { '/api': 'http://127.0.0.1:4317' } },
});
