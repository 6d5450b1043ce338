/**
 * `POST /webhooks/:sourceId`: a provider's delivery. The source module checks the signature over
 * the raw body; an unverified delivery gets 401 and nothing is stored.
 */
import { SightlineError } from '@sightline/core';
import type { Context } from 'hono';
import type { Pipeline } from '../pipeline/index.js';
import type { CredentialStore } from '../sources/credentials.js';
import { instantiateSource } from '../sources/instantiate.js';
import type { SourceRegistry } from '../sources/registry.js';
import type { Source } from '../sources/types.js';
import type { Store } from '../store/index.js';
import { errorResponse } from './errors.js';

/** What the webhook route needs. */
export interface WebhookDeps {
  store: Store;
  pipeline: Pipeline;
  registry: SourceRegistry;
  credentials: CredentialStore;
  fetch: typeof fetch;
  log: (line: string) => void;
}

/** Handles one delivery. */
export async function handleWebhook(c: Context, deps: WebhookDeps) {
  const source = await deps.store.sources.get(c.req.param('sourceId') ?? '');
  let instance: Source;
  try {
    instance = instantiateSource(source, deps);
  } catch (error) {
    if (!SightlineError.isInstance(error)) throw error;
    // The provider's delivery is fine; this service's stored settings are not. 503 asks it to retry.
    deps.log(`webhook ${source.id}: ${error.message}`);
    return errorResponse(c, 503, error.code, `${error.message} Nothing was stored.`);
  }
  if (!instance.webhook || !source.enabled) {
    return errorResponse(c, 404, 'STORE_ENTRY_NOT_FOUND', `Source ${source.id} takes no webhooks.`);
  }
  const body = new Uint8Array(await c.req.arrayBuffer());
  const headers: Record<string, string> = {};
  c.req.raw.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  const result = await instance.webhook({ headers, body });
  if (!result.verified) {
    return errorResponse(
      c,
      401,
      'SIGNATURE_INVALID',
      'The delivery has no valid signature; nothing was stored.',
    );
  }
  const ingested = await deps.pipeline.ingest(result.reports, {
    projectId: source.projectId,
    sourceId: source.id,
  });
  return c.json({ stored: ingested.stored, duplicates: ingested.duplicates }, 202);
}
