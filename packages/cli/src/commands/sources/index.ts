/**
 * `sightline sources add|list|test`: the triage service's sources from the command line. Each
 * subcommand lives in its own module; this one registers them.
 */
import type { Command } from 'commander';
import { readStdin } from '../../io/read-input.js';
import { withServiceLocation } from '../../options/service-location-options.js';
import { textArgument } from '../../options/text-argument.js';
import { wholeNumberArgument } from '../../options/whole-number-argument.js';
import { runAction } from '../../run/run-action.js';
import { runSourcesAdd, type SourcesAddOptions } from './add.js';
import type { SourcesIO } from './io.js';
import { runSourcesList, type SourcesListOptions } from './list.js';
import { runSourcesTest, type SourcesTestOptions } from './test.js';

const processIO = (): SourcesIO => ({
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
  readStdin,
  stdinIsTerminal: process.stdin.isTTY === true,
});

/** Collects a repeatable option's values (two parameters: see refuse-repeated-options.ts). */
const collect = (value: string, previous: string[] | undefined) => [...(previous ?? []), value];

/** Registers `sightline sources` on the program. */
export function registerSources(program: Command): void {
  const sources = program
    .command('sources')
    .description('Configure where the triage service takes reports from: add, list, test.');

  withServiceLocation(
    sources
      .command('add')
      .description('Store a source’s settings and credentials (mode 0600) in the data folder.')
      .argument('<kind>', 'files, sentry, github, app-store or google-play')
      .requiredOption('--name <name>', 'a name for the source (adding it again replaces it)'),
  )
    .option(
      '--project <name>',
      'project the source feeds (default: the only one)',
      textArgument('a project name'),
    )
    .option('--set <key=value>', 'a setting (repeatable), e.g. appId=1234567', collect)
    .option(
      '--secret <field=VARIABLE>',
      'a secret read from an environment variable (repeatable), e.g. authToken=SENTRY_TOKEN',
      collect,
    )
    .option('--credentials-stdin', 'read the credentials as a JSON object from standard input')
    .option(
      '--poll-interval <seconds>',
      'seconds between polls',
      wholeNumberArgument({ min: 10, max: 86_400, unit: 'poll interval in seconds' }),
    )
    .option('--no-poll', 'never poll it: its reports come through its webhook only')
    .addHelpText(
      'after',
      `
Secrets never go on the command line (it shows in ps and shell history): name the environment
variable that holds each one, or pipe a JSON object in. They are never printed.

Settings and credentials per kind:
  sentry       --set organization=… --set project=… [--set baseUrl=…]
               --secret authToken=VAR (polling) and/or --secret clientSecret=VAR (webhooks)
  github       --set owner=… --set repo=…  --secret token=VAR and/or --secret webhookSecret=VAR
  app-store    --set appId=<Apple ID>  --secret issuerId=VAR --secret keyId=VAR --secret privateKey=VAR
  google-play  --set packageName=com.example.app  --credentials-stdin < service-account.json

Examples:
  $ SENTRY_TOKEN=… sightline sources add sentry --name web --set organization=acme --set project=web --secret authToken=SENTRY_TOKEN
  $ ASC_KEY="$(cat AuthKey_2X9R4HXF34.p8)" ASC_ISSUER=… ASC_KEY_ID=2X9R4HXF34 \\
      sightline sources add app-store --name ios --set appId=1234567 \\
      --secret issuerId=ASC_ISSUER --secret keyId=ASC_KEY_ID --secret privateKey=ASC_KEY
  $ sightline sources add google-play --name android --set packageName=com.acme.notes --credentials-stdin < key.json`,
    )
    .action(
      runAction(async (kind: string, flags: Omit<SourcesAddOptions, 'kind'>) =>
        runSourcesAdd({ kind, ...flags }, processIO()),
      ),
    );

  withServiceLocation(
    sources.command('list').description('List the sources (never their secrets).'),
  )
    .option('--json', 'print JSON')
    .action(runAction(async (flags: SourcesListOptions) => runSourcesList(flags, processIO())));

  withServiceLocation(
    sources
      .command('test')
      .description('Make one authenticated call to a source and say plainly what is wrong.')
      .argument('<source>', 'the source’s name or id'),
  )
    .option('--json', 'print JSON')
    .addHelpText(
      'after',
      `
Exit codes: 0 the call worked, 2 it did not (bad token or key, wrong project or app, unreachable,
rate limited: the line says which).`,
    )
    .action(
      runAction(async (source: string, flags: Omit<SourcesTestOptions, 'source'>) =>
        runSourcesTest({ source, ...flags }, processIO()),
      ),
    );
}
