/**
 * `sightline sources list`: the configured sources with their polling state. Secrets are never
 * shown: only where a source's credentials come from (the data folder or an environment variable).
 */
import { pluralize } from '@sightline/core';
import { createCredentialStore, type SourceRecord } from '@sightline/service';
import {
  openServiceStore,
  type ServiceLocationOptions,
  serviceDataDir,
} from '../../options/service-store.js';
import { EXIT_OK } from '../../run/exit-codes.js';
import type { SourcesIO } from './io.js';

/** Options of {@link runSourcesList}. */
export interface SourcesListOptions extends ServiceLocationOptions {
  json?: boolean;
}

/** One source as listed. */
export interface ListedSource {
  id: string;
  name: string;
  kind: string;
  enabled: boolean;
  /** Seconds between polls; null for sources that are not polled. */
  pollIntervalSeconds: number | null;
  lastPollAt: string | null;
  lastError: string | null;
  reportCount: number;
  /** Where the credentials come from: `data folder`, `$VARIABLE`, or `none`. */
  credentials: string;
}

/** Lists the sources. @returns 0. */
export async function runSourcesList(options: SourcesListOptions, io: SourcesIO): Promise<number> {
  const store = await openServiceStore(options);
  let rows: SourceRecord[];
  try {
    rows = await store.sources.list();
  } finally {
    await store.close();
  }
  const credentials = createCredentialStore(serviceDataDir(options), io.env);
  const listed = rows.map((row): ListedSource => {
    const origin = credentials.origin(row.id);
    return {
      id: row.id,
      name: row.name,
      kind: row.kind,
      enabled: row.enabled,
      pollIntervalSeconds: row.pollIntervalMs === null ? null : row.pollIntervalMs / 1000,
      lastPollAt: row.lastPollAt,
      lastError: row.lastError,
      reportCount: row.reportCount,
      credentials:
        origin.kind === 'environment'
          ? `$${origin.variable}`
          : origin.kind === 'file'
            ? 'data folder'
            : 'none',
    };
  });
  if (options.json) {
    io.stdout(`${JSON.stringify({ sources: listed }, null, 2)}\n`);
    return EXIT_OK;
  }
  if (listed.length === 0) {
    io.stdout('No sources yet. Add one with `sightline sources add <kind> --name NAME`.\n');
    return EXIT_OK;
  }
  for (const source of listed) {
    const polling =
      source.pollIntervalSeconds === null
        ? 'not polled'
        : `polled every ${source.pollIntervalSeconds} s, last ${source.lastPollAt ?? 'never'}`;
    io.stdout(
      `${source.name} (${source.kind}${source.enabled ? '' : ', disabled'}) ${source.id}\n` +
        `  ${polling}; ${pluralize(source.reportCount, 'report')}; credentials: ${source.credentials}\n` +
        (source.lastError ? `  last error: ${source.lastError}\n` : ''),
    );
  }
  return EXIT_OK;
}
