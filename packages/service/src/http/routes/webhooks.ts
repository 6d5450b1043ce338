/**
 * `POST /webhooks/:sourceId`: a provider's delivery, handed to the pipeline (`receiveWebhook`):
 * the source checks the signature over the raw body; an unverified delivery gets 401 and nothing
 * is stored.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import PQueueModule from 'p-queue';
import type { Pipeline } from '../../pipeline/index.js';
import type { InstantiateSourceOptions } from '../../sources/instantiate.js';
import { errorResponse } from '../middleware/errors.js';
import { type AppLimits, bodyBytesLimit, DEFAULT_LIMITS } from '../middleware/limits.js';

/** What the webhook route needs: the pipeline, and how to build a stored source. */
export interface WebhookDeps extends InstantiateSourceOptions {
  pipeline: Pipeline;
  limits: AppLimits;
}

// p-queue 6 is CommonJS: Node hands its exports object as the default import (the class is its
// `default`), bundlers and Vitest the class itself.
const PQueue =
  (PQueueModule as unknown as { default?: typeof PQueueModule }).default ?? PQueueModule;

/**
 * Deliveries stored at once. A burst waits here, without a time limit, rather than in the
 * database pool (whose wait for a connection times out, which answered 500 under a burst of 2,000
 * on Postgres); the pool (10 connections) keeps room for the API and the worker.
 */
const STORING_AT_ONCE = 6;

/** Seconds a delivery refused for a full waiting room is told to wait (`Retry-After`). */
const WAITING_RETRY_AFTER_S = 30;

/**
 * The webhook route, to mount at `/webhooks` (size-limited, never rate-limited: a provider that
 * does not redeliver would lose what a 429 refused; a burst waits its turn to be stored instead,
 * up to `webhookWaiting` deliveries; past that, 503 with `Retry-After`. GitHub does not redeliver
 * a failed delivery on its own (it is redelivered by hand or through its API); Sentry and others
 * may not either, so the waiting room is large).
 */
export function webhookRoutes({ pipeline, limits, ...sources }: WebhookDeps) {
  const { webhookBodyBytes, webhookWaiting } = { ...DEFAULT_LIMITS, ...limits };
  const storing = new PQueue({ concurrency: STORING_AT_ONCE });
  // Deliveries let in (from before their bodies are read until they are answered): at most the
  // room's plus the ones being stored, so memory stays bounded (at most that many bodies held).
  // Counted before the body limit, which reads a body sent without a length before the handler.
  let admitted = 0;
  const room: MiddlewareHandler = async (c, next) => {
    if (admitted >= webhookWaiting + STORING_AT_ONCE) {
      c.header('Retry-After', String(WAITING_RETRY_AFTER_S));
      return errorResponse(
        c,
        503,
        'BUSY',
        `${webhookWaiting} deliveries are waiting to be stored; send this one again after the seconds in Retry-After. Nothing was stored.`,
      );
    }
    admitted += 1;
    try {
      await next();
    } finally {
      admitted -= 1;
    }
  };
  return new Hono().post('/:sourceId', room, bodyBytesLimit(webhookBodyBytes), async (c) => {
    const sourceId = c.req.param('sourceId');
    const headers: Record<string, string> = {};
    c.req.raw.headers.forEach((value, name) => {
      headers[name.toLowerCase()] = value;
    });
    const body = new Uint8Array(await c.req.arrayBuffer());
    const received = await storing.add(() =>
      pipeline.receiveWebhook(sourceId, { headers, body }, sources),
    );
    switch (received.outcome) {
      case 'ingested':
        // `revised`: an edit stored as a new revision (trial 21: an edit answered as nothing).
        return c.json(
          {
            stored: received.result.stored,
            duplicates: received.result.duplicates,
            revised: received.result.revised,
          },
          202,
        );
      case 'not-accepted':
        return errorResponse(
          c,
          404,
          'STORE_ENTRY_NOT_FOUND',
          received.reason === 'disabled'
            ? `Source ${sourceId} is disabled, so its webhooks are not accepted; nothing was stored.`
            : `Source ${sourceId} takes no webhooks.`,
        );
      case 'unverified':
        return errorResponse(
          c,
          401,
          'SIGNATURE_INVALID',
          'The delivery has no valid signature; nothing was stored.',
        );
      case 'rejected':
        return errorResponse(c, 422, 'EVENT_REJECTED', received.message);
      case 'misconfigured':
        // The provider's delivery is fine; this service's stored settings are not. 503 asks it to retry.
        return errorResponse(c, 503, received.code, `${received.message} Nothing was stored.`);
    }
  });
}
