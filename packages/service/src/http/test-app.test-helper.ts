/** The HTTP API over a fresh test service, for the API's tests. */
import { openHarness, type ServiceHarness } from '../pipeline/harness.test-helper.js';
import { createCredentialStore } from '../sources/credentials.js';
import { createSourceRegistry } from '../sources/registry.js';
import type { TestDatabaseKind } from '../store/test-databases.test-helper.js';
import { type AppOptions, createApp } from './app.js';

/** The API token of {@link openTestApp}'s app. */
export const TEST_TOKEN = 'test-token-not-secret';

/**
 * A harness without workers, and the app over it: no source kinds, credentials in the fake
 * repository's folder, {@link TEST_TOKEN} as its token; `options` add to or replace those.
 */
export async function openTestApp(
  kind: TestDatabaseKind,
  options: Partial<AppOptions> = {},
): Promise<{ harness: ServiceHarness; app: ReturnType<typeof createApp> }> {
  const harness = await openHarness(kind, { work: false });
  const app = createApp({
    ...harness,
    registry: createSourceRegistry([]),
    credentials: createCredentialStore(harness.repo.root),
    token: TEST_TOKEN,
    ...options,
  });
  return { harness, app };
}
