/**
 * The revision lists blame ignores, made safe to read: the repository's `.git-blame-ignore-revs`
 * (passed to blame only when it is a regular file of at most {@link IGNORE_REVS_MAX_BYTES}) and the
 * files its config names in `blame.ignoreRevsFile`, which git reads whatever the command line says
 * (git 2.39 can only clear their revisions after reading them). A configured file that is not a
 * regular file within that bound (a FIFO git would wait on until the time limit, `/dev/zero`,
 * which it would read into memory until then) makes blame unsafe to run at all.
 */
import { lstat, stat } from 'node:fs/promises';
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
  const safe = await Promise.all(
    // git follows a symbolic link here, and resolves a relative path from the work tree.
    files.map((file) =>
      stat(path.resolve(history.root, file)).then(isBoundedFile, () => true /* git refuses */),
    ),
  );
  return safe.every(Boolean);
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
