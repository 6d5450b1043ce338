/**
 * Sentry integration-platform webhooks (docs.sentry.io/integrations/integration-platform/webhooks):
 * `Sentry-Hook-Signature` is the hex HMAC-SHA256 of the raw body keyed with the integration's
 * client secret; `Sentry-Hook-Resource` names what the body carries. `event_alert` (`data.event`)
 * and `error` (`data.error`) carry an event; `issue` (`data.issue`) carries an issue only.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isObject } from '../webhook-json.js';

/** True when `signature` is the HMAC-SHA256 of `body` with `secret`, compared in constant time. */
export function verifySentrySignature(
  body: Uint8Array,
  signature: string | undefined,
  secret: string,
): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature.trim())) return false;
  const expected = createHmac('sha256', secret).update(body).digest();
  return timingSafeEqual(expected, Buffer.from(signature.trim(), 'hex'));
}

/** Unix times in seconds below this are taken as seconds, above it as milliseconds (year 5138). */
const SECONDS_BELOW = 1e11;

/**
 * When Sentry sent a delivery: its `Sentry-Hook-Timestamp` header (Unix time in seconds, as
 * Sentry sends it; milliseconds, as a relay may, are read as such) as ISO 8601; undefined when it
 * is missing or no number. Which times are followed is the store's to say
 * (`GroupStore.followUpstream`: 2000–9999).
 *
 * Sentry signs the body only (docs.sentry.io, integration platform webhooks: the signature is the
 * HMAC-SHA256 of the body), so the header is whatever the sender says: a time after `now` (a
 * replayed delivery dated ahead, or a relay's fast clock) is read as `now`, so that no delivery
 * can date itself past the status changes still to come and keep them from being applied.
 * @param header - the header's value.
 * @param now - the time the delivery arrived (ms since the epoch). Default `Date.now()`.
 */
export function sentryHookTime(
  header: string | undefined,
  now: number = Date.now(),
): string | undefined {
  const value = Number(header?.trim() || Number.NaN);
  const date = new Date(value < SECONDS_BELOW ? value * 1000 : value);
  if (Number.isNaN(date.getTime())) return undefined;
  return new Date(Math.min(date.getTime(), now)).toISOString();
}

/** What a verified delivery carries. */
export type SentryDelivery =
  | { kind: 'event'; event: Record<string, unknown> }
  /** `reopened`: it was unresolved again (Sentry's `unresolved` action). */
  | { kind: 'issue'; issue: Record<string, unknown>; reopened: boolean }
  /** The issue was resolved, or unresolved again (which also carries the issue). */
  | { kind: 'status'; issueId: string; status: 'resolved' | 'reopened' }
  /** It lacks what every delivery, or every one of its resource, carries: `message` says what. */
  | { kind: 'rejected'; message: string }
  | { kind: 'none' };

/** Issue actions that mean "a bug to look at" (resolved, ignored, assigned do not). */
const ISSUE_ACTIONS = new Set(['created', 'unresolved']);

/** The object in `data` that a delivery of each resource read here carries. */
const CARRIED = new Map([
  ['event_alert', 'event'],
  ['error', 'error'],
  ['issue', 'issue'],
]);

/**
 * Unpacks a delivery's JSON by its resource; anything else (installation, comment…) is `none`.
 * @returns `rejected` for a delivery without its resource (the `Sentry-Hook-Resource` header),
 *   without its `data` object, or without the object in it its resource carries (`data.event` of
 *   an `event_alert`).
 */
export function unpackSentryDelivery(
  resource: string | undefined,
  body: Record<string, unknown>,
): SentryDelivery {
  // Sentry names every delivery's resource in this header; one stripped on the way (a proxy)
  // would lose every event while the sender's log showed success (trial 48).
  if (!resource?.trim()) {
    return {
      kind: 'rejected',
      message:
        'The delivery has no Sentry-Hook-Resource header, which says what it carries; check that nothing between Sentry and this service drops it. Nothing was stored.',
    };
  }
  const { data } = body;
  if (!isObject(data)) {
    return {
      kind: 'rejected',
      message: 'The delivery carries no "data" object; nothing was stored.',
    };
  }
  const carried = resource === undefined ? undefined : CARRIED.get(resource);
  if (carried && !isObject(data[carried])) {
    return {
      kind: 'rejected',
      message: `The ${resource} delivery carries no "data.${carried}" object; nothing was stored.`,
    };
  }
  if (resource === 'event_alert' && isObject(data.event))
    return { kind: 'event', event: data.event };
  if (resource === 'error' && isObject(data.error)) return { kind: 'event', event: data.error };
  if (resource === 'issue' && isObject(data.issue) && body.action === 'resolved') {
    const id = data.issue.id;
    if (typeof id === 'string' || typeof id === 'number') {
      return { kind: 'status', issueId: String(id), status: 'resolved' };
    }
  }
  if (resource === 'issue' && isObject(data.issue) && ISSUE_ACTIONS.has(String(body.action))) {
    return { kind: 'issue', issue: data.issue, reopened: body.action === 'unresolved' };
  }
  return { kind: 'none' };
}
