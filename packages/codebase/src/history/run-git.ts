/**
 * Runs the `git` program read-only: a fixed argument list through `execFile` (no shell), a time
 * limit and an output cap, no pager, no prompt, no optional locks (so reading never refreshes the
 * index file), no system or global configuration (so no alias, hook or `core.fsmonitor` command a
 * user configured runs; only their `safe.directory` entries are passed on, safe-directories.ts, as
 * the one global file git reads, safe-directory-config.ts), and no fetch of missing objects.
 */
import { execFile } from 'node:child_process';
import { userSafeDirectories } from './safe-directories.js';
import { NO_GLOBAL_CONFIG, safeDirectoryConfigFile } from './safe-directory-config.js';

/** Default time limit of one git call, in ms. */
export const GIT_TIMEOUT_MS = 10_000;
/** Default output cap of one git call, in bytes. */
export const GIT_MAX_BYTES = 32 * 1024 * 1024;

/** Options of {@link runGit}. */
export interface RunGitOptions {
  /** Time limit, in ms. Default {@link GIT_TIMEOUT_MS}. */
  timeoutMs?: number;
  /** Output cap, in bytes; past it the call fails. Default {@link GIT_MAX_BYTES}. */
  maxBytes?: number;
  /** Environment variables added to git's fixed environment (e.g. an alternate object folder). */
  env?: Readonly<Record<string, string>>;
  /** Stops git (the process is killed) when it fires; see {@link GitFailure}'s `aborted`. */
  signal?: AbortSignal | undefined;
}

/** The reason {@link runGit} gives when there is no `git` program. */
export const GIT_MISSING = 'the git program is not installed';

/**
 * What {@link runGit} gives back: git's output, or why there is none (`timedOut` when the time
 * limit ended it, `outputCapped` when its output passed the cap: the same call on the same
 * revision does so again; `aborted` when the caller's signal stopped it; `exitCode` when git
 * exited with a non-zero status, which some commands give a meaning: `git config` exits 1 when
 * nothing matched).
 */
export type GitResult = { ok: true; stdout: string } | GitFailure;

/** A {@link GitResult} without output. */
export type GitFailure = {
  ok: false;
  reason: string;
  timedOut?: true;
  outputCapped?: true;
  aborted?: true;
  exitCode?: number;
};

/** The reason {@link runGit} gives when the caller's signal stopped git. */
export const GIT_ABORTED = 'git was stopped: the work it was run for ended';

const ENV: NodeJS.ProcessEnv = {
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  HOME: process.env.HOME ?? '/nonexistent',
  LANG: 'C',
  LC_ALL: 'C',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: NO_GLOBAL_CONFIG,
  GIT_TERMINAL_PROMPT: '0',
  GIT_OPTIONAL_LOCKS: '0',
  GIT_NO_LAZY_FETCH: '1',
  GIT_PAGER: 'cat',
};

/**
 * Settings that keep git from running programs a repository's own config names: its file-system
 * monitor, its hooks, and `gpg.program`, which `log.showSignature` runs for every signed commit
 * `git log` prints. (Textconv and clean filters, run when a file's content is read, are turned off
 * by the reads that would run them: blame-range.ts.)
 */
const SAFE_CONFIG = [
  '-c',
  'core.fsmonitor=false',
  '-c',
  'core.hooksPath=/dev/null',
  '-c',
  'core.quotePath=false',
  '-c',
  'log.showSignature=false',
  // Output as UTF-8, as it is parsed: a repository's UTF-16 output encoding puts NUL bytes in
  // every character of git log's and blame's commit fields (times read as NaN).
  '-c',
  'i18n.logOutputEncoding=UTF-8',
];

/**
 * Runs `git -C cwd ...args` and collects its standard output (UTF-8).
 * @param cwd the folder git runs in.
 * @param args git's arguments, passed as they are (never through a shell).
 * @param options time limit and output cap.
 * @returns the output, or the reason it failed (git missing, not a repository, time limit or
 *   output cap reached, a non-zero exit with git's first error line and its status). Never
 *   throws.
 */
export async function runGit(
  cwd: string,
  args: readonly string[],
  { timeoutMs = GIT_TIMEOUT_MS, maxBytes = GIT_MAX_BYTES, env, signal }: RunGitOptions = {},
): Promise<GitResult> {
  const stopped: GitFailure = { ok: false, reason: GIT_ABORTED, aborted: true };
  if (signal?.aborted) return stopped;
  const { globalConfig, trusted } = await safeDirectorySettings();
  if (signal?.aborted) return stopped;
  return new Promise((resolve) => {
    execFile(
      'git',
      ['--no-pager', ...SAFE_CONFIG, ...trusted, '-C', cwd, ...args],
      {
        env: { ...ENV, GIT_CONFIG_GLOBAL: globalConfig, ...env },
        timeout: timeoutMs,
        maxBuffer: maxBytes,
        encoding: 'utf8',
        windowsHide: true,
        ...(signal ? { signal } : {}),
      },
      (error, stdout, stderr) => {
        if (!error) {
          resolve({ ok: true, stdout });
          return;
        }
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ABORT_ERR') resolve(stopped);
        else if (code === 'ENOENT') resolve({ ok: false, reason: GIT_MISSING });
        else if (code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER') {
          resolve({
            ok: false,
            reason: `git printed more than ${maxBytes} bytes`,
            outputCapped: true,
          });
        } else if (error.killed) {
          resolve({ ok: false, reason: `git took longer than ${timeoutMs} ms`, timedOut: true });
        } else {
          const first = String(stderr)
            .split('\n')
            .find((line) => line.trim() !== '');
          resolve({
            ok: false,
            reason: first?.trim() ?? `git failed (${error.message})`,
            // Absent when a signal ended git (the code is then null).
            ...(typeof code === 'number' ? { exitCode: code } : {}),
          });
        }
      },
    );
  });
}

/**
 * How the user's `safe.directory` entries reach git: as the global configuration file
 * (safe-directory-config.ts; every git since 2.35.2 honours them there), or, when that file cannot
 * be written, as `-c` settings (honoured since git 2.38.0).
 */
async function safeDirectorySettings(): Promise<{ globalConfig: string; trusted: string[] }> {
  const entries = await userSafeDirectories();
  try {
    return { globalConfig: await safeDirectoryConfigFile(entries), trusted: [] };
  } catch {
    const trusted = entries.flatMap((folder) => ['-c', `safe.directory=${folder}`]);
    return { globalConfig: NO_GLOBAL_CONFIG, trusted };
  }
}
