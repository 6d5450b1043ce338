/**
 * `/api/sources`: the configured sources with their polling state, the kinds a source can be
 * (what each asks for), adding one (settings checked by its module, secrets written to the data
 * folder, never stored in the database or returned), testing one (its one authenticated call),
 * and removing one (its credentials file goes too; the reports it delivered stay). An address a
 * source calls (`baseUrl`, a token endpoint) is accepted here only for a host the operator allowed.
 */
import { zValidator } from '@hono/zod-validator';
import { SightlineError } from '@sightline/core';
import { Hono } from 'hono';
import type { z } from 'zod';
import type { CredentialStore } from '../../sources/credentials.js';
import { describeIssues, testStoredSource } from '../../sources/instantiate.js';
import type { SourceRegistry } from '../../sources/registry.js';
import { checkSourceAddresses } from '../../sources/source-addresses.js';
import { describeSourceKind } from '../../sources/source-kinds.js';
import type { Store } from '../../store/index.js';
import { resolveProject } from '../../store/resolve-project.js';
import { invalidRequest } from '../middleware/errors.js';
import { jsonMediaOnly } from '../middleware/json-media.js';
import { refuseSecretName, refuseSecretSettings } from '../refuse-secret-name.js';
import { sourceCreateSchema } from '../schemas.js';
import { sourceView } from '../views.js';

/** What the routes need. */
export interface SourceRoutesDeps {
  store: Store;
  registry: SourceRegistry;
  credentials: CredentialStore;
  /** HTTP client of the sources (tests point it at a local fake provider). */
  fetch: typeof fetch;
  /**
   * Hosts a source added here may name in an address-valued setting (`parseSourceHosts`);
   * empty: only the providers' own addresses (see `checkSourceAddresses`).
   */
  sourceHosts: readonly string[];
}

/** `schema`'s parse of `value`. @throws SightlineError `INVALID_ARGUMENT` naming fields, never values. */
function checked(schema: z.ZodType, value: unknown, what: string): unknown {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new SightlineError({
    code: 'INVALID_ARGUMENT',
    message: `The ${what} are not valid: ${describeIssues(parsed.error)}.`,
  });
}

/** The routes, to mount at `/api/sources`. */
export function sourceRoutes({
  store,
  registry,
  credentials,
  fetch,
  sourceHosts,
}: SourceRoutesDeps) {
  return new Hono()
    .get('/', async (c) => c.json({ sources: (await store.sources.list()).map(sourceView) }))
    .get('/kinds', (c) => c.json({ kinds: registry.list().map(describeSourceKind) }))
    .post('/', jsonMediaOnly, zValidator('json', sourceCreateSchema, invalidRequest), async (c) => {
      const input = c.req.valid('json');
      await refuseSecretName('name', input.name);
      const module = registry.get(input.kind);
      checkSourceAddresses(module, input, sourceHosts);
      const config = checked(module.configSchema, input.settings, `${module.kind} settings`);
      await refuseSecretSettings(config, (key) => `settings.${key}`);
      const secrets = checked(module.credentialsSchema, input.secrets, `${module.kind} secrets`);
      const project = await resolveProject(store, input.project);
      // A source that cannot poll with these secrets (GitHub or Sentry without their token) keeps
      // no interval, so it is not shown as polled. The id only names the webhook path.
      const polls = module.create({ id: '', config, credentials: secrets, fetch }).poll;
      const source = await store.sources.create({
        projectId: project.id,
        kind: module.kind,
        name: input.name,
        config,
        pollIntervalMs: polls ? (module.pollIntervalMs ?? null) : null,
      });
      // A name taken already is refused by the store (a unique index, so two adds at once cannot
      // both succeed); secrets that cannot be written take the new source away again.
      try {
        credentials.write(source.id, secrets);
      } catch (error) {
        await store.sources.remove(source.id);
        throw error;
      }
      return c.json(sourceView(source), 201);
    })
    .post('/:id/test', async (c) => {
      const source = await store.sources.get(c.req.param('id'));
      return c.json(await testStoredSource(source, { registry, credentials, fetch }));
    })
    .delete('/:id', async (c) => {
      const id = c.req.param('id');
      await store.sources.remove(id);
      credentials.remove(id);
      return c.body(null, 204);
    });
}
