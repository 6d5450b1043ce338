/**
 * `sightline digest`: the digest of what waits since the last one — new groups, regressions and
 * finished diagnoses, each with its suspect file:line — sent now to the configured webhook and/or
 * e-mail, or printed (`--dry-run`). It reads the service's store directly (a running service may
 * use it at the same time) and records the digest, so the service's scheduled one continues after it.
 */
import { printableText } from '@sightline/codebase';
import { readDigestConfig, regateStored, sendDigest } from '@sightline/service';
import type { Command } from 'commander';
import {
  addDigestChannelOptions,
  type DigestChannelFlags,
  digestSettings,
} from '../options/digest-options.js';
import { withServiceLocation } from '../options/service-location-options.js';
import { openServiceStore, type ServiceLocationOptions } from '../options/service-store.js';
import { wholeNumberArgument } from '../options/whole-number-argument.js';
import { EXIT_OK } from '../run/exit-codes.js';
import { runAction } from '../run/run-action.js';

/** Options of {@link runDigest}, as the command line gives them. */
export interface DigestCommandOptions extends ServiceLocationOptions, DigestChannelFlags {
  /** Print the digest; send and record nothing. */
  dryRun?: boolean;
  /** Print the outcome and the digest as JSON on stdout. */
  json?: boolean;
  /** Most groups listed per section. */
  limit?: number;
}

/** Where {@link runDigest} writes. */
export interface DigestIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: Readonly<Record<string, string | undefined>>;
  /** HTTP client for the webhook. Default: global fetch. */
  fetch?: typeof fetch;
}

/**
 * Sends (or prints) the digest. @returns 0.
 * @throws SightlineError `INVALID_ARGUMENT` (a channel setting), `PATH_NOT_FOUND` (no store),
 *   `DIGEST_UNDELIVERED` (a channel refused it or could not be reached).
 */
export async function runDigest(options: DigestCommandOptions, io: DigestIO): Promise<number> {
  const dryRun = options.dryRun === true;
  const config = readDigestConfig(digestSettings(options), io.env, {
    requireChannel: !dryRun,
    otherwise: 'or --dry-run to print it',
  });
  const store = await openServiceStore(options);
  try {
    // What the digest shows of stored analyses and diagnoses is under today's secret rules, even
    // when no `serve` of this version has started on the store yet.
    await regateStored(store, (line) => io.stderr(`${line}\n`));
    const result = await sendDigest(store, {
      config,
      dryRun,
      ...(options.limit !== undefined ? { limit: options.limit } : {}),
      ...(io.fetch ? { fetch: io.fetch } : {}),
    });
    if (options.json) {
      const { outcome, channels, digest, message } = result;
      io.stdout(
        `${JSON.stringify({ outcome, channels, digest, subject: message.subject }, null, 2)}\n`,
      );
      return EXIT_OK;
    }
    const { digest } = result;
    // As the e-mail reads: its subject (a header) labelled, then its body, which opens with the
    // same headline.
    // Escaped: group titles are the reports' own text.
    if (result.outcome === 'dry-run')
      io.stdout(printableText(`Subject: ${result.message.subject}\n\n${result.message.emailText}`));
    else if (result.outcome === 'empty') {
      io.stdout(`Nothing new since ${digest.since}: nothing sent.\n`);
    } else if (result.outcome === 'taken') {
      io.stdout('Another service is sending the digest of this period: nothing sent.\n');
    } else {
      io.stdout(
        printableText(`${result.message.subject} — sent by ${result.channels.join(' and ')}.\n`),
      );
    }
    return EXIT_OK;
  } finally {
    await store.close();
  }
}

/** Registers `sightline digest` on the program. */
export function registerDigest(program: Command): void {
  const command = withServiceLocation(
    program
      .command('digest')
      .description(
        'Send the digest of what waits since the last one (new groups, regressions, finished diagnoses with their suspect file:line) to a Slack-compatible webhook and/or by e-mail.',
      ),
  )
    .option(
      '--dry-run',
      'print the digest as e-mailed (its Subject: line, then its body); send and record nothing',
    )
    .option('--json', 'print the outcome and the digest as JSON on stdout')
    .option(
      '--limit <n>',
      'most groups listed per section (the totals count them all)',
      wholeNumberArgument({ min: 1, max: 1_000, unit: 'groups' }),
    );
  addDigestChannelOptions(command)
    .addHelpText(
      'after',
      `
The digest covers the time since the last one sent (by this command or by \`serve --digest\`);
the first covers the last 24 hours. Nothing is sent when nothing happened.

Examples:
  $ sightline digest --repo . --dry-run
  $ SIGHTLINE_DIGEST_WEBHOOK=https://hooks.slack.com/services/… sightline digest --repo .
  $ sightline digest --repo . --digest-smtp smtp://bot:$PASS@mail.example.com:587 \\
      --digest-from sightline@example.com --digest-to team@example.com

Exit codes: 0 sent, printed, or nothing to send; 2 a setting is wrong, there is no store, or a
channel refused the digest or could not be reached (what went where is said).`,
    )
    .action(
      runAction(async (flags: DigestCommandOptions) =>
        runDigest(flags, {
          stdout: (text) => process.stdout.write(text),
          stderr: (text) => process.stderr.write(text),
          env: process.env,
        }),
      ),
    );
}
