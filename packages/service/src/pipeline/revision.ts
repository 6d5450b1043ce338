/**
 * The repository revision an investigation ran against (git HEAD), read at most once per
 * `ttlMs` per repository so a burst of reports does not start a git process each; a folder
 * outside any git checkout (no `.git` in it or above it) is `unversioned` without starting one,
 * and so is a folder the checkout around it does not track (the checkout's HEAD is not its
 * revision). Git runs through @sightline/codebase's `headRevision` (no shell, no user or repository
 * configuration, time limit).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { headRevision } from '@sightline/codebase';

/** The revision of a folder that is not a git work tree (or has no commit yet). */
export const UNVERSIONED = 'unversioned';

/**
 * True when `root` or a folder above it holds `.git` (a folder, or a file in a linked worktree),
 * or when `GIT_DIR` points git elsewhere: only then can git find a HEAD for it.
 */
export function mayBeInGitCheckout(root: string): boolean {
  if (process.env.GIT_DIR) return true;
  for (let folder = path.resolve(root); ; folder = path.dirname(folder)) {
    if (existsSync(path.join(folder, '.git'))) return true;
    if (path.dirname(folder) === folder) return false;
  }
}

/** Creates a reader of repositories' HEAD revisions, cached for `ttlMs` (default 5,000 ms). */
export function createRevisionReader({ ttlMs = 5_000 }: { ttlMs?: number } = {}) {
  const cache = new Map<string, { revision: Promise<string>; at: number }>();
  return (root: string): Promise<string> => {
    const hit = cache.get(root);
    if (hit && Date.now() - hit.at < ttlMs) return hit.revision;
    const revision = !mayBeInGitCheckout(root) ? Promise.resolve(UNVERSIONED) : readHead(root);
    cache.set(root, { revision, at: Date.now() });
    return revision;
  };
}

async function readHead(root: string): Promise<string> {
  return (await headRevision(root)) ?? UNVERSIONED;
}

export type RevisionReader = ReturnType<typeof createRevisionReader>;
