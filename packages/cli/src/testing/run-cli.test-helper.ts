/** Runs the `sightline` command from its TypeScript source in a child process, for CLI tests. */
import { type StdioOptions, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const main = fileURLToPath(new URL('../main.ts', import.meta.url));

/** The command line that starts the CLI from source, as `node packages/cli/bin/sightline.js` runs the build. */
export const cliCommand = [
  process.execPath,
  '--import',
  'tsx',
  '--conditions=@sightline/source',
  main,
];

/** What {@link runCli} saw. */
export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `sightline ...args` and collects its output.
 * @param args - the arguments after `sightline`.
 * @param options - `stdin` text to send; `stdio` to override (e.g. stdout on a file descriptor);
 *   `shell` to run `args[0]` as a bash script instead (for `<(…)` and pipes), where `sightline`
 *   is the CLI; `uid` and `gid` to run it as another user (the caller must be root).
 * @returns the exit code and output; killed after 60 s.
 */
export function runCli(
  args: string[],
  options: {
    stdin?: string;
    stdio?: StdioOptions;
    shell?: boolean;
    uid?: number;
    gid?: number;
  } = {},
): Promise<CliRun> {
  const user = {
    ...(options.uid === undefined ? {} : { uid: options.uid }),
    ...(options.gid === undefined ? {} : { gid: options.gid }),
  };
  const quoted = cliCommand.map((part) => `'${part.replaceAll("'", "'\\''")}'`).join(' ');
  const child = options.shell
    ? spawn('bash', ['-c', `sightline() { ${quoted} "$@"; }; ${args[0] ?? ''}`], {
        stdio: options.stdio ?? 'pipe',
        ...user,
      })
    : spawn(cliCommand[0] as string, [...cliCommand.slice(1), ...args], {
        stdio: options.stdio ?? 'pipe',
        ...user,
      });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  if (child.stdin) child.stdin.end(options.stdin ?? '');
  const killer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(killer);
      resolve({ code, stdout, stderr });
    });
  });
}
