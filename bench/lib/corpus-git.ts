/**
 * Reading fetched repository snapshots for the corpus: the commit that landed a pull request
 * (squash `Title (#N)`, merge `Merge pull request #N`, or a commit whose message closes the issue),
 * its first parent, and the diff between them. Snapshots are bare git directories under a mirror
 * folder, found with `mirrorGitDir` of ./localize-cases.ts.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);
const BUFFER = 512 * 1024 * 1024;

/** Runs git in a git directory and returns stdout. @throws Error from git. */
export async function git(gitDir: string, args: string[]): Promise<string> {
  const { stdout } = await run('git', [`--git-dir=${gitDir}`, ...args], { maxBuffer: BUFFER });
  return stdout;
}

/** One commit of the history index. */
interface CommitLine {
  hash: string;
  parents: string[];
  message: string;
}

const histories = new Map<string, Promise<CommitLine[]>>();

/** Every commit reachable from any ref, with parents and full message (cached per directory). */
function history(gitDir: string): Promise<CommitLine[]> {
  let cached = histories.get(gitDir);
  if (!cached) {
    cached = git(gitDir, ['log', '--all', '--format=%H %P%x1f%B%x1e']).then((text) =>
      text
        .split('\x1e')
        .map((record) => record.trim())
        .filter(Boolean)
        .map((record) => {
          const [head = '', message = ''] = record.split('\x1f');
          const [hash = '', ...parents] = head.trim().split(' ').filter(Boolean);
          return { hash, parents, message };
        }),
    );
    histories.set(gitDir, cached);
  }
  return cached;
}

/** A fix commit and the revision it applies to. */
export interface FixCommit {
  fix: string;
  parent: string;
  /** How it was found: `squash`, `merge`, `fast-forward` or `closes`. */
  via: 'squash' | 'merge' | 'fast-forward' | 'closes';
}

/**
 * The commit that landed pull request `pr`, or else the one commit whose message closes `issue`.
 * Commits on pull-request refs that were never merged (`Merge X into Y` test merges) are skipped.
 * @param gitDir - the repository's git directory.
 * @param pr - pull request number, when known.
 * @param issue - issue number, when known.
 * @param base - the pull request's base commit, when known (for a fast-forwarded pull request).
 * @returns the fix and its first parent, or `undefined` when none or several candidates match.
 */
export async function findFixCommit(
  gitDir: string,
  { pr, issue, base }: { pr?: number; issue?: number; base?: string },
): Promise<FixCommit | undefined> {
  const commits = await history(gitDir);
  const subject = (line: CommitLine) => line.message.split('\n')[0] ?? '';
  if (pr !== undefined) {
    const merge = commits.filter(
      (line) => line.parents.length === 2 && subject(line).startsWith(`Merge pull request #${pr} `),
    );
    if (merge.length === 1 && merge[0])
      return { fix: merge[0].hash, parent: merge[0].parents[0] ?? '', via: 'merge' };
    const squash = commits.filter(
      (line) => line.parents.length === 1 && new RegExp(`\\(#${pr}\\)\\s*$`).test(subject(line)),
    );
    if (squash.length === 1 && squash[0])
      return { fix: squash[0].hash, parent: squash[0].parents[0] ?? '', via: 'squash' };
    if (merge.length + squash.length > 0) return undefined;
    const forwarded = base ? await fastForwardedPullRequest(gitDir, pr, base) : undefined;
    if (forwarded) return forwarded;
  }
  if (issue !== undefined) {
    const closes = new RegExp(
      `\\b(fix(e[sd])?|close[sd]?|resolve[sd]?)\\s*:?\\s+#${issue}\\b`,
      'i',
    );
    const found = commits.filter(
      (line) =>
        line.parents.length === 1 &&
        closes.test(line.message) &&
        !subject(line).startsWith('Merge '),
    );
    if (found.length === 1 && found[0])
      return { fix: found[0].hash, parent: found[0].parents[0] ?? '', via: 'closes' };
  }
  return undefined;
}

/**
 * A pull request merged by fast-forward: its head commit (`refs/pull/N/head`) is on a branch, so
 * its commits landed unchanged. The fix is the head, the parent the pull request's base (the
 * data set's `base`, which must be an ancestor of the head, with no merge commit between them).
 */
async function fastForwardedPullRequest(
  gitDir: string,
  pr: number,
  base: string,
): Promise<FixCommit | undefined> {
  const head = await git(gitDir, ['rev-parse', '--verify', '-q', `refs/pull/${pr}/head^{commit}`])
    .then((text) => text.trim())
    .catch(() => '');
  if (!head) return undefined;
  const onBranch = await git(gitDir, ['branch', '--format=%(refname)', '--contains', head])
    .then((text) => text.trim() !== '')
    .catch(() => false);
  const merges = await git(gitDir, ['rev-list', '--merges', '--count', head, `^${base}`])
    .then((text) => Number(text.trim()))
    .catch(() => -1);
  const isAncestor = await git(gitDir, ['merge-base', '--is-ancestor', base, head])
    .then(() => true)
    .catch(() => false);
  return onBranch && merges === 0 && isAncestor
    ? { fix: head, parent: base, via: 'fast-forward' }
    : undefined;
}

/**
 * The diff a fix made to its parent, with no context lines and renames followed.
 * @returns unified diff text.
 */
export function fixDiff(gitDir: string, { fix, parent }: FixCommit): Promise<string> {
  return git(gitDir, ['diff', '--unified=0', '--no-color', '-M', parent, fix]);
}

/**
 * Paths of the tree at `revision` (for facets such as "has an Android manifest").
 * @returns repository-relative paths.
 */
export async function treePaths(gitDir: string, revision: string): Promise<string[]> {
  return (await git(gitDir, ['ls-tree', '-r', '--name-only', revision]))
    .split('\n')
    .filter(Boolean);
}
