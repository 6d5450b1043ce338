/**
 * How many files each of a few commits changed (a bulk import or a mass reformat changes
 * hundreds), read in one `git log --no-walk` listing only paths (tree diffs, no file contents).
 */

import { parseNulSeparatedLog } from './nul-separated-log.js';
import type { GitHistory } from './open-git-history.js';
import { runGit } from './run-git.js';

/**
 * Files changed per commit (against its first parent; a root commit: every file it added).
 * @param history the opened history.
 * @param ids full commit ids.
 * @returns id → files changed; ids git could not read are absent. Never throws.
 */
export async function readCommitSizes(
  history: GitHistory,
  ids: readonly string[],
): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  if (ids.length === 0) return sizes;
  // -z: each commit's id and paths NUL-separated, whatever bytes the paths hold.
  const result = await runGit(
    history.root,
    [
      'log',
      '-z',
      '--no-walk=unsorted',
      '--no-renames',
      '--diff-merges=first-parent',
      '--format=%x00%H',
      '--name-only',
      ...ids,
      '--',
    ],
    { maxBytes: 64 * 1024 * 1024, signal: history.signal },
  );
  if (!result.ok) return sizes;
  for (const { fields, paths } of parseNulSeparatedLog(result.stdout, 1)) {
    const [id = ''] = fields;
    if (/^[0-9a-f]{40}$/.test(id)) sizes.set(id, paths.length);
  }
  return sizes;
}
