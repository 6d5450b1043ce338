import { defineConfig } from 'tsup';

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
});
