/**
 * `sightline serve`: the command line (flags, help and the choice between a service and the demo).
 * The service itself is run-serve.ts; the demo (`--demo`) is serve-demo.ts.
 */
import { SightlineError } from '@sightline/core';
import { type Command, Option } from 'commander';
import { addDigestChannelOptions } from '../../options/digest-options.js';
import {
  MODELS_HELP,
  maxCostOption,
  maxDailyCostOption,
  modelTimeoutOption,
} from '../../options/model-options.js';
import { textArgument } from '../../options/text-argument.js';
import { wholeNumberArgument } from '../../options/whole-number-argument.js';
import { runAction } from '../../run/run-action.js';
import { demoOptions, type ServeFlags } from './demo-flags.js';
import { runServe, type ServeIO } from './run-serve.js';
import { runServeDemo } from './serve-demo.js';

/** Registers `sightline serve` on the program. */
export function registerServe(program: Command): void {
  const command = program
    .command('serve')
    .description(
      'Run the triage service: reports in, parsed, classified, grouped and investigated; a JSON API out.',
    )
    .option(
      '--repo <dir>',
      'repository the reports are investigated against (required but with --demo)',
      textArgument('a folder'),
    )
    .option(
      '--demo',
      'serve the demo package with the demo reports, offline, from a fresh temporary data folder (or --data DIR); --port, --data, --host, --rate-limit, --source-hosts, --concurrency and --project apply to it, the model, database and digest flags do not',
    )
    .option('--once', 'with --demo: stop after printing the inbox')
    .option(
      '--data <dir>',
      'data folder: SQLite store, API token, source credentials (default <repo>/.sightline/serve)',
      textArgument('a folder'),
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
      textArgument('an address'),
    )
    .option(
      '--database <url>',
      'postgres://… moves the store and the job queue to Postgres; a plain file path (not a sqlite: URL) puts the SQLite store there',
      textArgument('a Postgres URL or SQLite file path'),
    )
    .option(
      '--project <name>',
      'project name (default: the repository folder name)',
      textArgument('a project name'),
    )
    .addOption(
      new Option('--concurrency <n>', 'jobs run at once in this process')
        .argParser(wholeNumberArgument({ max: 64, unit: 'concurrency' }))
        .default(2),
    )
    .option(
      '--model <spec>',
      'classify and investigate with this model (anthropic:<id>, openai:<id>, …; default $SIGHTLINE_MODEL; none = offline; classification falls back to offline on any model failure)',
      textArgument('a model spec (leave --model out to work offline)'),
    )
    .option('--models <list>', MODELS_HELP)
    .addOption(
      new Option(
        '--rate-limit <n>',
        'API requests a minute per client (per API token), answered 429 with Retry-After past it; webhooks are never limited',
      )
        .argParser(wholeNumberArgument({ min: 1, max: 1_000_000, unit: 'requests a minute' }))
        .default(600),
    )
    .option(
      '--source-hosts <hosts>',
      "hosts (host or host:port, comma-separated) a source added over the API or console may call as its base URL or token endpoint; default none: only the provider's own address",
      textArgument('hosts (host or host:port, comma-separated)', { list: true }),
    )
    .addOption(maxCostOption('the run is logged, not retried, and stores no diagnosis'))
    .addOption(modelTimeoutOption())
    .addOption(maxDailyCostOption())
    .option(
      '--digest <cron>',
      'send the digest of what waits (new groups, regressions, diagnoses) on this schedule, e.g. "0 8 * * *"',
    )
    .option(
      '--digest-timezone <zone>',
      "IANA time zone the --digest schedule is read in (default: the machine's), e.g. Europe/Berlin",
    );
  addDigestChannelOptions(command)
    .addHelpText(
      'after',
      `
Examples:
  $ sightline serve --repo ~/src/app
  $ sightline serve --repo . --port 8080 --model anthropic:claude-sonnet-4-5
  $ sightline serve --repo . --database postgres://sightline@db/sightline   # then: sightline worker --database …
  $ sightline serve --demo
  $ SIGHTLINE_DIGEST_WEBHOOK=https://hooks.slack.com/services/… sightline serve --repo . --digest "0 8 * * *"

Exit codes: 0 stopped (Ctrl-C or SIGTERM; with investigations running it says so and waits
up to 10 s for them); 130 or 143 stopped at once by a second Ctrl-C or SIGTERM; 2 could not start: the port is in use, the data folder
is not writable or another sightline serve uses it, the --database URL is wrong or its server
cannot be reached, the repository does not exist, a --digest setting is wrong, a model
(--model, SIGHTLINE_MODEL, --models) cannot be read or has no API key.`,
    )
    .action(
      runAction(async (flags: ServeFlags) => {
        const io: ServeIO = {
          stdout: (text) => process.stdout.write(text),
          stderr: (text) => process.stderr.write(text),
          env: process.env,
          stdoutIsTerminal: process.stdout.isTTY === true,
          exit: (code) => process.exit(code),
        };
        if (flags.demo) return runServeDemo(demoOptions(flags, io.env), io);
        if (flags.once) throw usage('--once goes with --demo.');
        if (!flags.repo)
          throw usage('Give the repository to serve with --repo DIR (or try --demo).');
        return runServe({ ...flags, repo: flags.repo }, io);
      }),
    );
}

function usage(message: string): SightlineError {
  return new SightlineError({ code: 'INVALID_ARGUMENT', message });
}
