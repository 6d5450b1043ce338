/**
 * Declaring a source module: {@link defineSourceModule} takes the module with its two zod schemas
 * and infers its configuration and credential types from them (their outputs, defaults applied),
 * so `create` gets typed, validated values with no annotation and no cast. {@link testConnection}
 * is the `test()` every provider shares: one authenticated call, its failure said plainly.
 */
import type { SourceModule, SourceTestResult } from './types.js';

/**
 * Declares a source module, its types inferred from its schemas: `Config` and `Credentials` are
 * the outputs of `configSchema` and `credentialsSchema`, so `create` needs no annotation.
 *
 * @param definition - Kind, description, the two schemas, the poll interval and `create`.
 * @returns The module, ready for a source registry (`createSourceRegistry`, `startService`'s
 *   `sources`).
 * @example
 * export const exampleSource = defineSourceModule({
 *   kind: 'example',
 *   description: 'Reports of one Example project, polled with a token.',
 *   configSchema: z.object({ project: z.string().min(1) }),
 *   credentialsSchema: z.object({ token: z.string().min(1) }),
 *   pollIntervalMs: 60_000,
 *   create: ({ config, credentials }) => ({ test: async () => ({ ok: true, message: `${config.project}: ${credentials.token.length}` }) }),
 * });
 */
export function defineSourceModule<Config, Credentials>(
  definition: SourceModule<Config, Credentials>,
): SourceModule<Config, Credentials> {
  return definition;
}

/** How long one connection test may take, ms. */
export const CONNECTION_TEST_TIMEOUT_MS = 15_000;

/**
 * A source's `test()`: makes one authenticated call and says what worked or what is wrong.
 *
 * @param call - The call, given a signal that fires after {@link CONNECTION_TEST_TIMEOUT_MS}; it
 *   resolves to what worked (e.g. `Connected to acme/api.`) and throws when something is wrong.
 * @param explain - Turns what the call threw into a message that says what to fix and never
 *   contains a credential. Default: the error's message (the providers' clients throw
 *   `ProviderError`s that already say it).
 * @returns `{ ok: true, message }` or `{ ok: false, message }`; never throws.
 */
export async function testConnection(
  call: (signal: AbortSignal) => Promise<string>,
  explain: (error: unknown) => string = (error) => (error as Error).message,
): Promise<SourceTestResult> {
  try {
    return { ok: true, message: await call(AbortSignal.timeout(CONNECTION_TEST_TIMEOUT_MS)) };
  } catch (error) {
    return { ok: false, message: explain(error) };
  }
}
