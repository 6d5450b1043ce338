/**
 * `sightline sources test NAME`: builds a configured source from what is stored (settings and
 * credentials checked) and makes its one authenticated call, then says plainly what is wrong:
 * a refused token or key, a wrong project or app, an unreachable provider, a rate limit.
 */
import { SightlineError } from '@sightline/core';
import { createBuiltInRegistry, createCredentialStore } from '@sightline/service';
import { testStoredSource } from '@sightline/service/internal';
import {
  openServiceStore,
  type ServiceLocationOptions,
  serviceDataDir,
} from '../../options/service-store.js';
import { EXIT_OK, EXIT_USAGE } from '../../run/exit-codes.js';
import type { SourcesIO } from './io.js';

/** Options of {@link runSourcesTest}. */
export interface SourcesTestOptions extends ServiceLocationOptions {
  /** The source's name or id. */
  source: string;
  json?: boolean;
}

/** Tests one source. @returns 0 when the call worked, 2 when it did not (the message says why). */
export async function runSourcesTest(options: SourcesTestOptions, io: SourcesIO): Promise<number> {
  const store = await openServiceStore(options);
  const rows = await store.sources.list().finally(() => store.close());
  const row = rows.find((r) => r.id === options.source || r.name === options.source);
  if (!row) {
    throw new SightlineError({
      code: 'STORE_ENTRY_NOT_FOUND',
      message: `No source "${options.source}". The sources: ${rows.map((r) => r.name).join(', ') || 'none yet'} (see \`sightline sources list\`).`,
    });
  }
  const result = await testStoredSource(row, {
    registry: io.registry ?? createBuiltInRegistry(),
    credentials: createCredentialStore(serviceDataDir(options), io.env),
    fetch: io.fetch ?? fetch,
  });
  io.stdout(
    options.json
      ? `${JSON.stringify({ source: row.name, kind: row.kind, ...result })}\n`
      : `${row.name} (${row.kind}): ${result.ok ? 'ok' : 'FAILED'}: ${result.message}\n`,
  );
  return result.ok ? EXIT_OK : EXIT_USAGE;
}
