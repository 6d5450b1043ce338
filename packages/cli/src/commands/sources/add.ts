/**
 * `sightline sources add <kind> --name NAME`: stores a source's settings in the service's store and
 * its secrets in the data folder (`credentials/`, files 0600), where `sightline serve` finds them.
 * Adding a name that exists replaces its settings and secrets.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SightlineError } from '@sightline/core';
import {
  createBuiltInRegistry,
  createCredentialStore,
  type Source,
  type SourceRecord,
  type Store,
} from '@sightline/service';
import { refuseSecretName, refuseSecretSettings } from '@sightline/service/internal';
import {
  openServiceStore,
  pickProject,
  type ServiceLocationOptions,
  serviceDataDir,
  serviceStoreLocation,
} from '../../options/service-store.js';
import { EXIT_OK } from '../../run/exit-codes.js';
import type { SourcesIO } from './io.js';
import { readSecrets, readSettings, type SecretOptions } from './settings.js';

/** Options of {@link runSourcesAdd}. */
export interface SourcesAddOptions extends ServiceLocationOptions, SecretOptions {
  kind: string;
  name: string;
  project?: string;
  /** `key=value` settings. */
  set?: string[];
  /** Seconds between polls. Default: the module's. */
  pollInterval?: number;
  /** False (`--no-poll`): never polled; its reports come through its webhook only. Default true. */
  poll?: boolean;
}

/** Adds (or replaces) a source. @returns 0. @throws SightlineError for bad input. */
export async function runSourcesAdd(options: SourcesAddOptions, io: SourcesIO): Promise<number> {
  const registry = io.registry ?? createBuiltInRegistry();
  const module = registry.get(options.kind);
  const config = readSettings(module.configSchema, options.set ?? [], module.kind);
  const secrets = await readSecrets(module.credentialsSchema, options, io, module.kind);
  // The id only names the webhook path; a source's capabilities do not depend on it.
  const capabilities = module.create({
    id: '',
    config,
    credentials: secrets,
    fetch: io.fetch ?? fetch,
  });
  if (options.poll === false && !capabilities.webhook) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: `--no-poll: ${module.kind} sources take reports only by polling (they have no webhook), so this one would receive none. Leave out --no-poll, or set a longer --poll-interval.`,
    });
  }
  if (!capabilities.poll && options.pollInterval !== undefined) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: `--poll-interval: this ${module.kind} source does not poll with the secrets given (its polling token is missing, or the kind never polls). Give the token with --secret, or leave out --poll-interval.`,
    });
  }
  const pollIntervalMs = capabilities.poll
    ? pollIntervalOf(options, module.pollIntervalMs ?? null)
    : null;
  // As the API does (trial 30): the name is shown in every list and log line as given.
  await refuseSecretName('--name', options.name, '--secret');
  await refuseSecretSettings(config, (key) => `--set ${key}`, '--secret');
  refuseNewStoreWithoutRepo(options);
  const store = await openServiceStore(options, { create: true });
  try {
    const project = await projectOf(store, options);
    const existing = (await store.sources.list()).find((row) => row.name === options.name);
    if (existing && existing.kind !== module.kind) {
      throw new SightlineError({
        code: 'INVALID_ARGUMENT',
        message: `A source named "${options.name}" exists already, of kind ${existing.kind}. Choose another --name.`,
      });
    }
    const row: SourceRecord = existing
      ? await store.sources.reconfigure(existing.id, { config, pollIntervalMs })
      : await store.sources.create({
          projectId: project.id,
          kind: module.kind,
          name: options.name,
          config,
          pollIntervalMs,
        });
    const dataDir = serviceDataDir(options);
    createCredentialStore(dataDir).write(row.id, secrets);
    const lines = [
      `${existing ? 'Updated' : 'Added'} source "${row.name}" (${row.kind}) of project ${project.name}, id ${row.id}.`,
      `Credentials kept in ${path.join(dataDir, 'credentials')} (readable by you only).`,
      ...(capabilities.webhook
        ? [`Webhook path: /webhooks/${row.id} on the running service.`]
        : []),
      ...pollingLines(capabilities, pollIntervalMs),
      `Check it: sightline sources test ${row.name}${locationFlags(options)}`,
    ];
    io.stdout(`${lines.join('\n')}\n`);
    return EXIT_OK;
  } finally {
    await store.close();
  }
}

/** What the output says about polling, given what the source can do and its interval (ms). */
function pollingLines(capabilities: Source, pollIntervalMs: number | null): string[] {
  if (pollIntervalMs !== null) {
    return [`Polled every ${Math.round(pollIntervalMs / 1000)} s while \`sightline serve\` runs.`];
  }
  if (!capabilities.webhook) return [];
  return [
    capabilities.poll
      ? 'Not polled (--no-poll): its reports arrive through its webhook only.'
      : 'Not polled (no polling token among its secrets): its reports arrive through its webhook only.',
  ];
}

/**
 * Milliseconds between polls: `--poll-interval`, none with `--no-poll`, else the module's default.
 * @throws SightlineError `INVALID_ARGUMENT` when both `--no-poll` and `--poll-interval` are given.
 */
function pollIntervalOf(options: SourcesAddOptions, moduleDefault: number | null): number | null {
  if (options.poll === false) {
    if (options.pollInterval !== undefined) {
      throw new SightlineError({
        code: 'INVALID_ARGUMENT',
        message: '--no-poll and --poll-interval contradict each other: give one of them.',
      });
    }
    return null;
  }
  return options.pollInterval !== undefined ? options.pollInterval * 1000 : moduleDefault;
}

/**
 * The project: named, the only one, or (in a new store) the repository's: `--repo`, or the current
 * folder when the store is the one inside it (no `--data`, no `--database`).
 * @throws SightlineError `INVALID_ARGUMENT` for a new store elsewhere without `--repo`: the current
 *   folder would silently become the project its reports are investigated against.
 */
async function projectOf(store: Store, options: SourcesAddOptions) {
  if ((await store.projects.list()).length > 0) return pickProject(store, options.project);
  if (options.repo === undefined && (options.data || options.database))
    throw noProjectError(options);
  const repo = path.resolve(options.repo ?? '.');
  return store.projects.ensure({ name: options.project ?? path.basename(repo), repo });
}

/**
 * Refuses, before anything is written, a new SQLite store given by `--data` without `--repo`
 * ({@link projectOf} would refuse it once created, leaving an empty store and folder behind).
 * @throws SightlineError `INVALID_ARGUMENT`.
 */
function refuseNewStoreWithoutRepo(options: SourcesAddOptions): void {
  if (options.repo !== undefined || !options.data) return;
  const location = serviceStoreLocation(options);
  if ('sqlite' in location && !fs.existsSync(location.sqlite)) throw noProjectError(options);
}

function noProjectError(options: SourcesAddOptions): SightlineError {
  return new SightlineError({
    code: 'INVALID_ARGUMENT',
    message: `This store has no project yet: give --repo DIR, the repository this source's reports are investigated against (with ${options.database ? '--database' : '--data'} the current folder is not taken for it).`,
  });
}

/** The location flags to repeat in a suggested command. */
export function locationFlags(options: ServiceLocationOptions): string {
  if (options.database) return ' --database …';
  if (options.data) return ` --data ${options.data}`;
  return options.repo ? ` --repo ${options.repo}` : '';
}
