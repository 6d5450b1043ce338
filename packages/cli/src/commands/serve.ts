/**
 * `sightline serve --repo DIR`: the triage service — HTTP API, webhooks, pollers and an in-process
 * worker — over an embedded SQLite file in the data folder, or Postgres with `--database`.
 */
import { builtConsoleDir } from '@sightline/console';
import { SightlineError } from '@sightline/core';
import { resolveModel } from '@sightline/models';
import {
  describeCalls,
  parseDatabaseLocation,
  type RunningService,
  redactUrl,
  startService,
} from '@sightline/service';
import { type Command, Option } from 'commander';
import { maxCostOption } from '../model-options.js';
import { runAction } from '../run-action.js';
import { untilSignal } from '../until-signal.js';
import { wholeNumberArgument } from '../whole-number-argument.js';
import { runServeDemo } from './serve-demo.js';

/** Options of {@link runServe}, as the command line gives them. */
export interface ServeCommandOptions {
  repo: string;
  data?: string;
  port: number;
  host?: string;
  database?: string;
  model?: string;
  /** Cost cap of one investigation, in US dollars. */
  maxCost?: number;
  project?: string;
  concurrency: number;
}

/** Where {@link runServe} writes and when it stops. */
export interface ServeIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: Readonly<Record<string, string | undefined>>;
  /** Resolves when the service should stop. Default: SIGINT or SIGTERM. */
  stopped?: Promise<unknown>;
  /** Called once the service listens (tests, the demo). */
  onListening?: (service: RunningService) => void | Promise<void>;
}

/** Starts the service and runs it until stopped. @returns the exit code. */
export async function runServe(options: ServeCommandOptions, io: ServeIO): Promise<number> {
  const log = (line: string) => io.stderr(`sightline serve: ${line}\n`);
  const model = options.model ?? io.env.SIGHTLINE_MODEL;
  const service = await startService({
    repo: options.repo,
    port: options.port,
    concurrency: options.concurrency,
    ...(options.data ? { dataDir: options.data } : {}),
    ...(options.host ? { host: options.host } : {}),
    ...(options.project ? { project: options.project } : {}),
    ...(options.database ? { database: parseDatabaseLocation(options.database) } : {}),
    ...(model ? { model } : {}),
    ...(options.maxCost ? { maxCostUsd: options.maxCost } : {}),
    resolveModel: (spec) => resolveModel(spec, { env: io.env, source: '--model' }).model,
    ...consoleOption(),
    log,
  });
  const where = options.database ? redactUrl(options.database) : `${service.dataDir}/sightline.db`;
  log(`${service.url} — store ${where}, investigations ${model ? `with ${model}` : 'offline'}`);
  if (service.tokenCreated) {
    io.stdout(`API token (shown once; kept in ${service.tokenFile}):\n${service.token}\n`);
  }
  io.stdout(`Console: ${service.consoleUrl}\n${describeCalls(service.url, service.tokenFile)}\n`);
  try {
    await io.onListening?.(service);
    await (io.stopped ?? untilSignal());
  } finally {
    await service.close();
  }
  return 0;
}

function usage(message: string): SightlineError {
  return new SightlineError({ code: 'INVALID_ARGUMENT', message });
}

/** The built console, when there is one (`/` says how to build it otherwise). */
export function consoleOption(): { consoleDir?: string } {
  const dir = builtConsoleDir();
  return dir ? { consoleDir: dir } : {};
}

/** Registers `sightline serve` on the program. */
export function registerServe(program: Command): void {
  program
    .command('serve')
    .description(
      'Run the triage service: reports in, parsed, classified, grouped and investigated; a JSON API out.',
    )
    .option(
      '--repo <dir>',
      'repository the reports are investigated against (required but with --demo)',
    )
    .option(
      '--demo',
      'serve the demo package with the demo reports, offline, from a fresh data folder (in a Sightline checkout)',
    )
    .option('--once', 'with --demo: stop after printing the inbox')
    .option(
      '--data <dir>',
      'data folder: SQLite store, API token, source credentials (default <repo>/.sightline/serve)',
    )
    .option(
      '--port <n>',
      'port to listen on (0: any free port)',
      wholeNumberArgument({ min: 0, max: 65_535, unit: 'port' }),
      4317,
    )
    .option(
      '--host <address>',
      'address to bind (default 127.0.0.1; others need an API token that exists already)',
    )
    .option('--database <url>', 'postgres://… moves the store and the job queue to Postgres')
    .option('--project <name>', 'project name (default: the repository folder name)')
    .addOption(
      new Option('--concurrency <n>', 'jobs run at once in this process')
        .argParser(wholeNumberArgument({ max: 64, unit: 'concurrency' }))
        .default(2),
    )
    .option(
      '--model <spec>',
      'investigate with this model (anthropic:<id>, openai:<id>, …; default $SIGHTLINE_MODEL; none = offline)',
    )
    .addOption(maxCostOption('the run is logged, not retried, and stores no diagnosis'))
    .addHelpText(
      'after',
      `
Examples:
  $ sightline serve --repo ~/src/app
  $ sightline serve --repo . --port 8080 --model anthropic:claude-sonnet-4-5
  $ sightline serve --repo . --database postgres://sightline@db/sightline   # then: sightline worker --database …
  $ sightline serve --demo

Exit codes: 0 stopped (Ctrl-C or SIGTERM); 2 could not start: the port is in use, the data folder
is not writable or another sightline serve uses it, the --database URL is wrong or its server
cannot be reached, the repository does not exist.`,
    )
    .action(
      runAction(
        async (
          flags: Omit<ServeCommandOptions, 'repo'> & {
            repo?: string;
            demo?: boolean;
            once?: boolean;
          },
        ) => {
          const io: ServeIO = {
            stdout: (text) => process.stdout.write(text),
            stderr: (text) => process.stderr.write(text),
            env: process.env,
          };
          if (flags.demo) {
            if (flags.repo || flags.database) {
              throw usage('--demo serves the demo package on SQLite: drop --repo and --database.');
            }
            return runServeDemo(
              {
                port: flags.port,
                once: flags.once === true,
                ...(flags.data ? { data: flags.data } : {}),
              },
              io,
            );
          }
          if (flags.once) throw usage('--once goes with --demo.');
          if (!flags.repo)
            throw usage('Give the repository to serve with --repo DIR (or try --demo).');
          return runServe({ ...flags, repo: flags.repo }, io);
        },
      ),
    );
}
