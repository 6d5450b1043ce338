/**
 * The `safe.directory` entries the user configured (git's answer to "dubious ownership": a
 * checkout owned by another user, as in containers and CI jobs, is read only when listed).
 * `runGit` runs git without the user's global and system configuration, so that no alias, hook or
 * `core.fsmonitor` command of theirs runs; these entries alone are passed on, in a global file of
 * their own (safe-directory-config.ts): git-config(1), "safe.directory", honours them only in the
 * system and global files up to git 2.37 ("not when it is specified in a repository config, via
 * the command line option `-c safe.directory=<path>`, or in environment variables"), and in any
 * "protected configuration" (system, global, command line) from 2.38.0. Read once per
 * configuration (HOME, XDG_CONFIG_HOME, GIT_CONFIG_GLOBAL, GIT_CONFIG_SYSTEM, GIT_CONFIG_NOSYSTEM)
 * and process, with `git config -z --show-scope` (git ≥ 2.26; NUL-separated, so a value may hold
 * any character).
 */
import { execFile } from 'node:child_process';
import os from 'node:os';

/** Time limit of the read, in ms. */
const READ_TIMEOUT_MS = 5_000;

const read = new Map<string, Promise<string[]>>();

/**
 * The user's and the system's `safe.directory` values, in git's order (an empty value clears the
 * ones before it, as in git).
 * @returns the values; none when git is missing, too old, or has none. Never throws.
 */
export function userSafeDirectories(): Promise<string[]> {
  const env = process.env;
  const key = [
    env.HOME,
    env.XDG_CONFIG_HOME,
    env.GIT_CONFIG_GLOBAL,
    env.GIT_CONFIG_SYSTEM,
    env.GIT_CONFIG_NOSYSTEM,
  ].join('\0');
  let values = read.get(key);
  if (!values) {
    values = readSafeDirectories();
    read.set(key, values);
  }
  return values;
}

function readSafeDirectories(): Promise<string[]> {
  return new Promise((resolve) => {
    execFile(
      'git',
      ['config', '-z', '--show-scope', '--get-all', 'safe.directory'],
      {
        // Outside any repository, so no local configuration is read either.
        cwd: os.tmpdir(),
        env: { ...process.env, GIT_DIR: '/nonexistent', LC_ALL: 'C', GIT_TERMINAL_PROMPT: '0' },
        timeout: READ_TIMEOUT_MS,
        maxBuffer: 1024 * 1024,
        encoding: 'utf8',
        windowsHide: true,
      },
      (error, stdout) => {
        if (error) {
          resolve([]);
          return;
        }
        // Each entry: its scope, NUL, its value, NUL.
        const parts = stdout.split('\0');
        const values: string[] = [];
        for (let at = 0; at + 1 < parts.length; at += 2) {
          const scope = parts[at];
          if (scope === 'global' || scope === 'system') values.push(parts[at + 1] ?? '');
        }
        resolve(values);
      },
    );
  });
}
