/**
 * The flags that find the triage service's store (`--repo`, `--data`, `--database`; read by
 * `openServiceStore` of service-store.ts), shared by `ingest`, `sources` and `digest`.
 */
import type { Command } from 'commander';
import { textArgument } from './text-argument.js';

/**
 * Adds `--repo <dir>`, `--data <dir>` and `--database <url>`, each refusing an empty value (a
 * usage error naming the flag: an empty `--data` would put the store in the current folder).
 * @param command - the command to add them to.
 * @returns the same command, for chaining.
 */
export function withServiceLocation(command: Command): Command {
  return command
    .option(
      '--repo <dir>',
      'the service’s repository, to find its data folder (default .)',
      textArgument('a folder'),
    )
    .option(
      '--data <dir>',
      'the service’s data folder (default <repo>/.sightline/serve)',
      textArgument('a folder'),
    )
    .option(
      '--database <url>',
      'the service’s Postgres URL (postgres://…), or its SQLite file as a plain path (not a sqlite: URL)',
      textArgument('a Postgres URL or SQLite file path'),
    );
}
