/** The package name of a repository, for frames printed inside `node_modules/<name>/`. */
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Reads the `name` of a repository's root `package.json`.
 * @param root absolute path of the repository root.
 * @returns the package name, or `undefined` when there is no readable manifest (never throws).
 */
export function readPackageName(root: string): string | undefined {
  try {
    const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      name?: unknown;
    };
    return typeof manifest.name === 'string' ? manifest.name : undefined;
  } catch {
    return undefined;
  }
}
