/**
 * The revision lists blame ignores, made safe to read: the repository's `.git-blame-ignore-revs`
 * (passed to blame only when it is a regular file of at most {@link IGNORE_REVS_MAX_BYTES}) and the
 * files its config names in `blame.ignoreRevsFile`, which git reads whatever the command line says
 * (git 2.39 can only clear their revisions after reading them; git runs here with no global or
 * system config, so every such file is named by the repository). A configured file makes blame
 * unsafe to run at all unless it lies in the work tree, reached through real folders (no symbolic
 * link on the way, the folders' real path inside the work tree's) and is a regular file within
 * that bound. Neither `stat` nor reading the file ourselves can be trusted elsewhere: procfs says
 * `/proc/self/pagemap` (endless) is a regular file of 0 bytes, and `/proc/self/…` is another file
 * for git than for this process (`/proc/self/fd/0` is git's stdin pipe, which it would wait on);
 * FIFOs and devices (`/dev/zero`) would keep git waiting or reading until the time limit. A file
 * on the repository's own file system has the type and size `lstat` gives.
 */
import { lstat, realpath } from 'node:fs/promises';
import path from 'node:path';
import type { GitHistory } from './open-git-history.js';
import { runGit } from './run-git.js';

/** Largest revision list blame reads, in bytes (some 25,000 revisions). */
export const IGNORE_REVS_MAX_BYTES = 1024 * 1024;

const IGNORE_REVS = '.git-blame-ignore-revs';
const known = new WeakMap<GitHistory, Promise<string[] | null>>();

const isBoundedFile = (stats: { isFile(): boolean; size: number }) =>
  stats.isFile() && stats.size <= IGNORE_REVS_MAX_BYTES;

/** Whether every file the config names in `blame.ignoreRevsFile` is one git may safely read. */
async function configuredFilesSafe(history: GitHistory): Promise<boolean> {
  const result = await runGit(history.root, [
    'config',
    '--null',
    '--type=path',
    '--get-all',
    'blame.ignoreRevsFile',
  ]);
  // git exits 1 when the config names no file; any other failure leaves them unknown.
  if (!result.ok) return result.exitCode === 1;
  const files = result.stdout.split('\0').filter((file) => file !== '');
  if (files.length === 0) return true;
  const workTree = await realpath(history.root).catch(() => undefined);
  if (workTree === undefined) return false;
  // git resolves a relative path from the work tree. A file that cannot be read is unsafe too
  // (git would fail to blame anyway).
  const safe = await Promise.all(
    files.map((file) =>
      isBoundedFileInWorkTree(path.resolve(history.root, file), workTree).catch(() => false),
    ),
  );
  return safe.every(Boolean);
}

/** Whether `file` is a regular file within bound whose folder's real path lies in `workTree`. */
async function isBoundedFileInWorkTree(file: string, workTree: string): Promise<boolean> {
  const folder = await realpath(path.dirname(file));
  const inside = path.relative(workTree, folder);
  if (inside === '..' || inside.startsWith(`..${path.sep}`) || path.isAbsolute(inside)) {
    return false;
  }
  // lstat: the file itself is no symbolic link either.
  return isBoundedFile(await lstat(path.join(folder, path.basename(file))));
}

/**
 * The arguments blame needs for the repository's ignored revisions: `--ignore-revs-file
 * .git-blame-ignore-revs` when that file is a regular file within bound (not a FIFO, not a
 * symbolic link that may lead out of the repository), else none; `null` when a file named by
 * `blame.ignoreRevsFile` is not safe to read (or the config could not be read), and blame must not
 * run. Checked once per opened history (an investigation's): a long-running service sees files
 * and settings come and go. Never throws.
 */
export function ignoreRevsArguments(history: GitHistory): Promise<string[] | null> {
  let args = known.get(history);
  if (!args) {
    args = Promise.all([
      lstat(path.join(history.root, IGNORE_REVS)).then(isBoundedFile, () => false),
      configuredFilesSafe(history),
    ]).then(([ownFile, configured]) =>
      configured ? (ownFile ? ['--ignore-revs-file', IGNORE_REVS] : []) : null,
    );
    known.set(history, args);
  }
  return args;
}
