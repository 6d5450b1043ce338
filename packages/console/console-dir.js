/**
 * Where the built console is, for the server that serves it (`sightline serve`, the demo). Plain
 * JavaScript, so Node reads it without a build step.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The console's Vite output: `dist/` beside this file in the workspace, or `console/` beside the
 * bundle when this file is bundled into the CLI's `dist/` (its build copies the console there).
 */
const CANDIDATES = [path.join(here, 'dist'), path.join(here, 'console')];

/** @returns the folder of the built console, or undefined before `npm run build` made it. */
export function builtConsoleDir() {
  return CANDIDATES.find((dir) => existsSync(path.join(dir, 'index.html')));
}
