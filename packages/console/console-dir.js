/**
 * Where the built console is, for the server that serves it (`sightline serve`, the demo). Plain
 * JavaScript, so Node reads it without a build step.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The console's Vite output folder. */
const DIST = path.join(path.dirname(fileURLToPath(import.meta.url)), 'dist');

/** @returns the folder of the built console, or undefined before `npm run build` made it. */
export function builtConsoleDir() {
  return existsSync(path.join(DIST, 'index.html')) ? DIST : undefined;
}
