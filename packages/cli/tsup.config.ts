import { cpSync, existsSync, mkdirSync } from 'node:fs';
import { defineConfig } from 'tsup';

// The built console (packages/console/dist, built before the CLI) ships inside the CLI's dist, so
// `sightline serve` serves it from a checkout and from an installed tarball alike.
const consoleDist = new URL('../console/dist/', import.meta.url);

// The example files `sightline serve --demo` reads ship in dist/examples/ too, so an installed CLI
// runs the demo from any folder (commands/serve-demo.ts).
const DEMO_FILES = [
  'serve-demo/reports.json',
  'json5-2.2.1-proto-pollution/case.json',
  'json5-2.2.1-proto-pollution/report.md',
];

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
    for (const file of DEMO_FILES) {
      const target = new URL(`./dist/examples/${file}`, import.meta.url);
      mkdirSync(new URL('./', target), { recursive: true });
      cpSync(new URL(`../../examples/${file}`, import.meta.url), target);
    }
    if (existsSync(new URL('index.html', consoleDist))) {
      cpSync(consoleDist, new URL('./dist/console/', import.meta.url), { recursive: true });
    }
  },
});
