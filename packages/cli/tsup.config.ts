import { cpSync, existsSync } from 'node:fs';
import { defineConfig } from 'tsup';

// The built console (packages/console/dist, built before the CLI) ships inside the CLI's dist, so
// `sightline serve` serves it from a checkout and from an installed tarball alike.
const consoleDist = new URL('../console/dist/', import.meta.url);

// The CLI is installed on its own (`npm install -g sightline-cli-*.tgz`; Sightline is not on npm):
// the workspace packages it uses are bundled into dist from their TypeScript source, and their
// third-party dependencies are the CLI's own (scripts/published-manifest.test.ts checks the list).
export default defineConfig({
  entry: ['src/main.ts'],
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  noExternal: [/^@sightline\//],
  esbuildOptions(options) {
    options.conditions = ['@sightline/source'];
  },
  sourcemap: true,
  clean: true,
  async onSuccess() {
    if (existsSync(new URL('index.html', consoleDist))) {
      cpSync(consoleDist, new URL('./dist/console/', import.meta.url), { recursive: true });
    }
  },
});
