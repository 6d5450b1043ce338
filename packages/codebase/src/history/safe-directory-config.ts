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
 * The file is written once per set of entries and process, in a folder of its own under the
 * system's temporary folder (mode 0700, `mkdtemp`), itself mode 0600 and created exclusively (flag
 * `wx`, so nothing already there, a symbolic link included, is followed), and removed when the
 * process exits. It is written again if something removed it meanwhile (a temporary-folder
 * cleaner).
 */
import { existsSync, rmSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** What git reads as its global configuration when there are no entries: nothing. */
export const NO_GLOBAL_CONFIG = '/dev/null';

const written = new Map<string, Promise<string>>();
const folders = new Set<string>();

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
 * @returns the file's path (the same for the same entries within a process).
 * @throws Error when the temporary folder cannot be written (its `code`, e.g. `EACCES`).
 */
export async function safeDirectoryConfigFile(entries: readonly string[]): Promise<string> {
  if (entries.length === 0) return NO_GLOBAL_CONFIG;
  const key = JSON.stringify(entries);
  let file = written.get(key);
  if (file) {
    const known = await file.catch(() => undefined);
    if (known !== undefined && existsSync(known)) return known;
    written.delete(key);
  }
  file = writeConfigFile(entries);
  written.set(key, file);
  file.catch(() => written.delete(key));
  return file;
}

async function writeConfigFile(entries: readonly string[]): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'sightline-git-config-'));
  if (folders.size === 0) process.once('exit', removeFolders);
  folders.add(folder);
  const file = path.join(folder, 'safe-directories.gitconfig');
  await writeFile(file, safeDirectoryConfigText(entries), { mode: 0o600, flag: 'wx' });
  return file;
}

function removeFolders(): void {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  folders.clear();
}
