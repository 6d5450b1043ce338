/**
 * `sightline mcp --repo DIR`: serves the repository map, the read-only code tools, report
 * parsing, localization, investigation and diagnosis verification to a coding agent over the
 * Model Context Protocol — on stdio by default, or streamable HTTP with `--http PORT`.
 */
import { SightlineError } from '@sightline/core';
import type { LanguageModel } from 'ai';
import type { Command } from 'commander';
import { createRepositoryContext } from '../mcp/repository-context.js';
import { serveHttp } from '../mcp/serve-http.js';
import { serveStdio } from '../mcp/serve-stdio.js';
import { addModelOptions, type ModelFlags, resolveModelFlags } from '../options/model-options.js';
import { textArgument } from '../options/text-argument.js';
import { wholeNumberArgument } from '../options/whole-number-argument.js';
import { runAction } from '../run/run-action.js';
import { untilSignal } from '../run/until-signal.js';

/** Options of {@link runMcp}, as the command line gives them. */
export interface McpCommandOptions extends ModelFlags {
  /** Repository folder to serve, read-only. */
  repo: string;
  /** Serve streamable HTTP on this port (0: any free port) instead of stdio. */
  http?: number;
  /** Address to bind with `--http`. Default `127.0.0.1`. */
  host?: string;
  /**
   * Read and write the index cache (`.sightline/` in the repository) and blame's commit-graph.
   * Default true.
   */
  cache: boolean;
  /** Read git history for `investigate`; `--no-history` turns it off. Default true. */
  history?: boolean;
}

/** Where {@link runMcp} logs, what it reads, and when it stops. */
export interface McpIO {
  /** Log lines; never stdout, which carries the protocol on stdio. */
  stderr: (text: string) => void;
  /** The environment: `SIGHTLINE_MODEL`, `SIGHTLINE_STRUCTURER_MODEL` and API keys. */
  env: Readonly<Record<string, string | undefined>>;
  /** Use this model instead of resolving `--model` (tests). */
  model?: LanguageModel;
  /** Resolves when the server should stop. Default: SIGINT or SIGTERM. */
  stopped?: Promise<unknown>;
  /** Called with the endpoint once the HTTP server listens (tests). */
  onListening?: (url: string) => void;
}

/**
 * Runs the MCP server until a signal or, on stdio, until the client has closed stdin and every
 * request it sent has been answered.
 * @param options - see {@link McpCommandOptions}.
 * @param io - logging, environment and the stop condition.
 * @returns the exit code (0 after a clean shutdown).
 * @throws SightlineError before serving: `PATH_NOT_FOUND` / `NOT_A_DIRECTORY` (bad `--repo`),
 *   `INVALID_ARGUMENT` (`--host` without `--http`, a port that cannot be bound), model errors.
 */
export async function runMcp(options: McpCommandOptions, io: McpIO): Promise<number> {
  if (options.host !== undefined && options.http === undefined) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: '--host only applies to the HTTP transport: add --http PORT, or drop --host.',
    });
  }
  if (options.http !== undefined && options.http > 65_535) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: `--http ${options.http} is not a port: use 1-65535, or 0 for any free port.`,
    });
  }
  const models = resolveModelFlags(options, io);
  const log = (line: string) => io.stderr(`sightline mcp: ${line}\n`);
  const context = await createRepositoryContext({
    repo: options.repo,
    models,
    ...(options.cache ? {} : { cacheDir: false as const }),
    ...(options.history === false ? { history: false } : {}),
    watch: true,
    log,
  });
  const stopped = io.stopped ?? untilSignal();
  const mode = models.model ? 'with the agent model' : 'offline (no model)';
  try {
    if (options.http !== undefined) {
      const http = await serveHttp(context, {
        port: options.http,
        ...(options.host ? { host: options.host } : {}),
        log,
      });
      log(`serving ${context.root} ${mode} at ${http.url}`);
      io.onListening?.(http.url);
      await stopped;
      await http.close();
    } else {
      const stdio = await serveStdio(context, log);
      log(`serving ${context.root} ${mode} on stdio`);
      await Promise.race([stopped, stdio.finished]);
      await stdio.close();
    }
  } finally {
    context.close();
  }
  return 0;
}

/**
 * Registers `sightline mcp` on `program`.
 * @param program - the root command.
 */
export function registerMcp(program: Command): void {
  const command = program
    .command('mcp')
    .description(
      'Serve the repository map, code tools, localization and investigation to a coding agent over MCP (stdio, or HTTP with --http).',
    )
    .requiredOption(
      '--repo <dir>',
      'repository folder to serve (read-only)',
      textArgument('a folder'),
    )
    .option(
      '--http <port>',
      'serve streamable HTTP at http://127.0.0.1:<port>/mcp instead of stdio (0: any free port)',
      wholeNumberArgument({ min: 0, max: 65_535, unit: 'port' }),
    )
    .option(
      '--host <address>',
      'address to bind with --http (default 127.0.0.1; others are reachable from the network)',
      textArgument('an address'),
    )
    .option(
      '--no-cache',
      "do not read or write the index cache (.sightline/ in the repository), blame's commit-graph (~/.cache/sightline/commit-graph) nor the history features' commit logs (~/.cache/sightline/history-log)",
    )
    .option(
      '--no-history',
      'investigate without git history (suspect commits, regression windows)',
    );
  addModelOptions(command).addHelpText(
    'after',
    `
Examples:
  sightline mcp --repo .
  claude mcp add sightline -- node /path/to/sightline/packages/cli/bin/sightline.js mcp --repo /path/to/repo
  sightline mcp --repo ~/src/app --http 3333 --model anthropic:claude-sonnet-4-5

Tools: repo_map, grep, read_file, list_dir, find_symbol, parse_report, localize, investigate,
verify_diagnosis. Resources: sightline://repo-map (subscribe for updates), sightline://diagnosis-schema.
HTTP sessions idle for 30 minutes are closed (clients then start a new one); at most 100 are
open at once (a new one closes the least recently used idle one; 503 when all are busy).
Only MCP messages go to stdout; logs go to stderr. Stops on SIGINT/SIGTERM or when stdin closes.
Exit codes: 0 stopped cleanly, 2 bad --repo or flag.`,
  );
  command.action(
    runAction(async (options: McpCommandOptions) =>
      runMcp(options, {
        stderr: (text) => process.stderr.write(text),
        env: process.env,
      }),
    ),
  );
}
