/**
 * `POST /webhooks/:sourceId`: a provider's delivery, handed to the pipeline (`receiveWebhook`):
 * the source checks the signature over the raw body; an unverified delivery gets 401 and nothing
 * is stored.
 */
import { Hono } from 'hono';
import type { Pipeline } from '../../pipeline/index.js';
import type { InstantiateSourceOptions } from '../../sources/instantiate.js';
import { errorResponse } from '../middleware/errors.js';
import {
  type AppLimits,
  bodyBytesLimit,
  DEFAULT_LIMITS,
  perMinuteLimit,
} from '../middleware/limits.js';

/** What the webhook route needs: the pipeline, and how to build a stored source. */
export interface WebhookDeps extends InstantiateSourceOptions {
  pipeline: Pipeline;
  limits: AppLimits;
}

/** The webhook route, to mount at `/webhooks` (rate-limited per source, size-limited). */
export function webhookRoutes({ pipeline, limits, ...sources }: WebhookDeps) {
  const { webhookBodyBytes, perMinute } = { ...DEFAULT_LIMITS, ...limits };
  return new Hono().post(
    '/:sourceId',
    perMinuteLimit(perMinute, (c) => `webhook:${c.req.param('sourceId')}`),
    bodyBytesLimit(webhookBodyBytes),
    async (c) => {
      const sourceId = c.req.param('sourceId');
      const headers: Record<string, string> = {};
      c.req.raw.headers.forEach((value, name) => {
        headers[name.toLowerCase()] = value;
      });
      const body = new Uint8Array(await c.req.arrayBuffer());
      const received = await pipeline.receiveWebhook(sourceId, { headers, body }, sources);
      switch (received.outcome) {
        case 'ingested':
          return c.json(
            { stored: received.result.stored, duplicates: received.result.duplicates },
            202,
          );
        case 'not-accepted':
          return errorResponse(
            c,
            404,
            'STORE_ENTRY_NOT_FOUND',
            `Source ${sourceId} takes no webhooks.`,
          );
        case 'unverified':
          return errorResponse(
            c,
            401,
            'SIGNATURE_INVALID',
            'The delivery has no valid signature; nothing was stored.',
          );
        case 'misconfigured':
          // The provider's delivery is fine; this service's stored settings are not. 503 asks it to retry.
          return errorResponse(c, 503, received.code, `${received.message} Nothing was stored.`);
      }
    },
  );
}
