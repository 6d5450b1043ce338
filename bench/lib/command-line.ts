/**
 * Command lines of the benchmark and training scripts: options read with `node:util`'s
 * `parseArgs`, and a mistake (an unknown option, a missing value) answered with one line saying
 * what is wrong and the script's usage, exit code 2, instead of a stack trace.
 */
import { type ParseArgsConfig, parseArgs } from 'node:util';

/**
 * Prints `message` and the usage to stderr and exits with code 2 (a usage error).
 * @param usage the script's usage line(s), e.g. `Usage: npm run bench:x -- [--only ID]`.
 */
export function failUsage(message: string, usage: string): never {
  process.stderr.write(`${message}\n${usage}\n`);
  process.exit(2);
}

/**
 * Reads the process's command line (`process.argv` after the script) with `parseArgs`.
 * @param config `parseArgs`' configuration (options, `allowPositionals`).
 * @param usage printed after the error when the command line does not parse.
 * @returns what `parseArgs` returns. Exits with code 2 (never throws) on a command-line mistake.
 */
export function readCommandLine<T extends ParseArgsConfig>(
  config: T,
  usage: string,
): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (error) {
    return failUsage((error as Error).message, usage);
  }
}
