#!/usr/bin/env node
// A checkout runs the CLI from its build: say so instead of Node's module-not-found stack. Only
// the build's own absence is caught (a module missing inside it is a real failure).
const main = new URL('../dist/main.js', import.meta.url);
try {
  await import(main.href);
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || error.url !== main.href) throw error;
  process.stderr.write(
    'sightline: this copy of the CLI is not built (packages/cli/dist/main.js is missing). Run `npm run build` at the root of the checkout, then run the command again.\n',
  );
  process.exitCode = 2;
}
