#!/usr/bin/env node
// A checkout runs the CLI from its build: say so instead of Node's module-not-found stack.
import { existsSync } from 'node:fs';

const main = new URL('../dist/main.js', import.meta.url);
if (!existsSync(main)) {
  process.stderr.write(
    'sightline: this copy of the CLI is not built (packages/cli/dist/main.js is missing). Run `npm run build` at the root of the checkout, then run the command again.\n',
  );
  process.exit(2);
}
await import(main.href);
