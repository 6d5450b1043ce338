/**
 * The repository revision an investigation ran against (git HEAD), read at most once per
 * `ttlMs` per repository so a burst of reports does not start a git process each.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The revision of a folder that is not a git work tree (or has no commit yet). */
export const UNVERSIONED = 'unversioned';

/** Creates a reader of repositories' HEAD revisions, cached for `ttlMs` (default 5,000 ms). */
export function createRevisionReader({ ttlMs = 5_000 }: { ttlMs?: number } = {}) {
  const cache = new Map<string, { revision: Promise<string>; at: number }>();
  return (root: string): Promise<string> => {
    const hit = cache.get(root);
    if (hit && Date.now() - hit.at < ttlMs) return hit.revision;
    const revision = run('git', ['rev-parse', 'HEAD'], { cwd: root, timeout: 10_000 }).then(
      ({ stdout }) => stdout.trim() || UNVERSIONED,
      () => UNVERSIONED,
    );
    cache.set(root, { revision, at: Date.now() });
    return revision;
  };
}

export type RevisionReader = ReturnType<typeof createRevisionReader>;
