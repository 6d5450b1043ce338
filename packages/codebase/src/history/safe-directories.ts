/**
 * The `safe.directory` entries the user configured (git's answer to "dubious ownership": a
 * checkout owned by another user, as in containers and CI jobs, is read only when listed).
 * `runGit` runs git without the user's global and system configuration, so that no alias, hook or
 * `core.fsmonitor` command of theirs runs; these entries alone are passed on as `-c` settings, which
 * git honours as it honours them in the global and system files (git-config(1), "safe.directory":
 * "only respected when specified in a system or global config, not when it is specified in a
 * repository config"). Read once per configuration (HOME, XDG_CONFIG_HOME, GIT_CONFIG_GLOBAL,
 * GIT_CONFIG_SYSTEM, GIT_CONFIG_NOSYSTEM) and process, with `git config --show-scope` (git ≥ 2.26).
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
      ['config', '--show-scope', '--get-all', 'safe.directory'],
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
        const values: string[] = [];
        for (const line of stdout.split('\n')) {
          const tab = line.indexOf('\t');
          const scope = line.slice(0, tab);
          if (tab > 0 && (scope === 'global' || scope === 'system'))
            values.push(line.slice(tab + 1));
        }
        resolve(values);
      },
    );
  });
}
