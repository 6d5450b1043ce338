/**
 * The configuration file `runGit` gives git as its global one (`GIT_CONFIG_GLOBAL`): the user's
 * `safe.directory` entries and nothing else. Git honours `safe.directory` in the global and system
 * files from its first release that has it (2.35.2, CVE-2022-24765), but on the command line
 * (`-c safe.directory=…`) only since 2.38.0, which made it "protected configuration" (the patch
 * "safe.directory: use git_protected_config()" of the series that brought discovery.bare, git
 * 2.38.0's release notes; before it,
 * git-config(1) read "only respected when specified in a system or global config, not when it is
 * specified in a repository config, via the command line option `-c safe.directory=<path>`, or in
 * environment variables"). A file read as the global one works on every version.
 *
 * The file is kept in `~/.cache/sightline/git-config/`, named by a hash of its text, and reused
 * across runs, so nothing is left behind however the process ends. When that folder cannot be used
 * (a home that is not writable, a folder another user owns or may write), the same is done in
 * `sightline-git-config.<uid>` under the system's temporary folder: one folder per user, reused
 * too, so a run interrupted (Ctrl-C, SIGTERM) leaves nothing new. A folder is used only when it is a
 * directory (not a symbolic link) owned by the user running Sightline with no permission for group
 * or others (it is created mode 0700); a file there is used only when it is a regular file owned by
 * that user, with no permission for group or others, holding exactly the expected text; otherwise
 * it is written again (a temporary file created exclusively, flag `wx`, mode 0600, then renamed
 * over the name). When neither can be used (another user made the temporary one first), the file
 * is written to a fresh folder of its own under the system's temporary folder (`mkdtemp`, mode
 * 0700), removed when the process exits normally.
 *
 * Within a process the path is remembered per set of entries, and before it is given again its
 * folder and file are checked as above, the file also being the one written (same device and
 * inode): a folder a temporary-folder cleaner removed and another user re-created at the same path
 * is not used, the file is written anew.
 */
import { createHash, randomBytes } from 'node:crypto';
import { rmSync, type Stats } from 'node:fs';
import { lstat, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** What git reads as its global configuration when there are no entries: nothing. */
export const NO_GLOBAL_CONFIG = '/dev/null';

/** A file written (or found fit) in this process: where, and which file it was. */
interface Kept {
  file: string;
  dev: number;
  ino: number;
  /** The folder of its own under the system's temporary folder, when it was written there. */
  temporary?: string;
}

const kept = new Map<string, Promise<Kept>>();
const temporaryFolders = new Set<string>();

/**
 * One value in git's configuration-file syntax: in double quotes, with `\`, `"`, newline, tab and
 * backspace escaped (git-config(1), "Syntax"), so it reads back as it is.
 */
export function quoteConfigValue(value: string): string {
  const escaped = value.replace(/[\\"\n\t\b]/g, (character) => {
    switch (character) {
      case '\n':
        return '\\n';
      case '\t':
        return '\\t';
      case '\b':
        return '\\b';
      default:
        return `\\${character}`;
    }
  });
  return `"${escaped}"`;
}

/**
 * The text of a configuration file holding the entries as `safe.directory` values, in order.
 * @param entries the values (an empty one clears those before it, as in git).
 */
export function safeDirectoryConfigText(entries: readonly string[]): string {
  return `[safe]\n${entries.map((entry) => `\tdirectory = ${quoteConfigValue(entry)}\n`).join('')}`;
}

/**
 * The path of a configuration file holding only these `safe.directory` entries, for
 * `GIT_CONFIG_GLOBAL`; {@link NO_GLOBAL_CONFIG} when there are none.
 * @param entries the user's values (`userSafeDirectories`).
 * @returns the file's path: in `~/.cache/sightline/git-config/`, else in the user's folder under the
 * system's temporary folder (either the same for the same entries), else in a folder of its own
 * there.
 * @throws Error when neither can be written (its `code`, e.g. `EACCES`).
 */
export async function safeDirectoryConfigFile(entries: readonly string[]): Promise<string> {
  if (entries.length === 0) return NO_GLOBAL_CONFIG;
  const text = safeDirectoryConfigText(entries);
  const name = `${createHash('sha256').update(text).digest('hex').slice(0, 32)}.gitconfig`;
  const known = await kept.get(name)?.catch(() => undefined);
  if (known !== undefined) {
    if (await stillOurs(known)) return known.file;
    // Not ours any more (removed, perhaps re-created by someone else): not removed at exit either.
    if (known.temporary !== undefined) temporaryFolders.delete(known.temporary);
  }
  const next = keepConfigFile(name, text);
  kept.set(name, next);
  next.catch(() => {
    if (kept.get(name) === next) kept.delete(name);
  });
  return (await next).file;
}

/**
 * The folders the file may be kept in, in order: `~/.cache/sightline/git-config`, then one per user
 * under the system's temporary folder.
 */
function configFolders(): string[] {
  const user = process.getuid?.() ?? 'user';
  return [
    path.join(os.homedir(), '.cache', 'sightline', 'git-config'),
    path.join(os.tmpdir(), `sightline-git-config.${user}`),
  ];
}

async function keepConfigFile(name: string, text: string): Promise<Kept> {
  for (const folder of configFolders()) {
    // A folder that cannot be used: the next one.
    const kept = await keepIn(folder, name, text).catch(() => undefined);
    if (kept) return kept;
  }
  return writeTemporaryFile(name, text);
}

/** The file kept in the folder (found fit or written), or `undefined` when the folder is unfit. */
async function keepIn(folder: string, name: string, text: string): Promise<Kept | undefined> {
  await mkdir(folder, { recursive: true, mode: 0o700 });
  if (!isPrivate(await lstat(folder), 'directory')) return undefined;
  const file = path.join(folder, name);
  const found = await lstat(file).catch(() => undefined);
  if (
    found !== undefined &&
    isPrivate(found, 'file') &&
    (await readFile(file, 'utf8').catch(() => undefined)) === text
  ) {
    return { file, dev: found.dev, ino: found.ino };
  }
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, text, { mode: 0o600, flag: 'wx' });
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined);
    throw error;
  }
  const written = await lstat(file);
  return isPrivate(written, 'file') ? { file, dev: written.dev, ino: written.ino } : undefined;
}

async function writeTemporaryFile(name: string, text: string): Promise<Kept> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'sightline-git-config-'));
  if (temporaryFolders.size === 0) process.once('exit', removeTemporaryFolders);
  temporaryFolders.add(folder);
  const file = path.join(folder, name);
  await writeFile(file, text, { mode: 0o600, flag: 'wx' });
  const written = await lstat(file);
  return { file, dev: written.dev, ino: written.ino, temporary: folder };
}

/** Whether the kept file is still the one written, in a folder and with modes as checked then. */
async function stillOurs(known: Kept): Promise<boolean> {
  try {
    const [folder, file] = await Promise.all([lstat(path.dirname(known.file)), lstat(known.file)]);
    return (
      isPrivate(folder, 'directory') &&
      isPrivate(file, 'file') &&
      file.dev === known.dev &&
      file.ino === known.ino
    );
  } catch {
    return false;
  }
}

/**
 * Whether the entry is of that kind (a symbolic link is neither), owned by the user running the
 * process and without any permission for group or others (where there are user ids).
 */
function isPrivate(stats: Stats, kind: 'directory' | 'file'): boolean {
  if (kind === 'directory' ? !stats.isDirectory() : !stats.isFile()) return false;
  const uid = process.getuid?.();
  return uid === undefined || (stats.uid === uid && (stats.mode & 0o077) === 0);
}

/** Removes the temporary folders at exit; never throws (a folder it cannot remove is left). */
function removeTemporaryFolders(): void {
  for (const folder of temporaryFolders) {
    try {
      rmSync(folder, { recursive: true, force: true });
    } catch {
      // Left behind: nothing else to do while exiting.
    }
  }
  temporaryFolders.clear();
}
