/**
 * For tests that install packed tarballs the way users do: whether the npm registry answers, and
 * running a package manager in a folder.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * True when `npm ping` reaches the configured registry within 20 s.
 * @returns whether installs from the registry can work here.
 */
export async function registryReachable(): Promise<boolean> {
  return run('npm', ['ping'], { timeout: 20_000 }).then(
    () => true,
    () => false,
  );
}

/**
 * Runs a command in a folder; on failure the error carries its stdout and stderr.
 * @param command - e.g. `npm`.
 * @param args - its arguments.
 * @param cwd - the folder.
 * @param env - extra environment variables.
 * @returns stdout.
 * @throws Error with the command, its exit code and its output when it fails.
 */
export async function runIn(
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<string> {
  try {
    const { stdout } = await run(command, args, {
      cwd,
      env: { ...process.env, ...env },
      maxBuffer: 64 * 1024 * 1024,
    });
    return stdout;
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${stdout}\n${stderr}`);
  }
}
