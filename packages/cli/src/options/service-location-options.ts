/**
 * The flags that find the triage service's store (`--repo`, `--data`, `--database`; read by
 * `openServiceStore` of service-store.ts), shared by `ingest`, `sources` and `digest`, and the
 * check of the folders `serve` takes too.
 */
import { refuseDrivePath } from '@sightline/service';
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

/**
 * Refuses a Windows drive path in `--repo` or `--data` on a system without drive letters, as
 * `--database` refuses one (`parseDatabaseLocation`): taken as written, `--data C:/x` would
 * create the folder ./C:/x.
 * @param flags - the `--repo` and `--data` values given, if any.
 * @throws SightlineError `INVALID_ARGUMENT` naming the flag (see `refuseDrivePath`).
 */
export function refuseDriveFolders({
  repo,
  data,
}: {
  repo?: string | undefined;
  data?: string | undefined;
}): void {
  if (repo !== undefined) {
    refuseDrivePath(repo, {
      flag: '--repo',
      instead: 'the repository folder as a path here, such as ./app or /srv/app',
    });
  }
  if (data !== undefined) {
    refuseDrivePath(data, {
      flag: '--data',
      instead: 'the data folder as a path here, such as ./sightline-data or /var/lib/sightline',
    });
  }
}
