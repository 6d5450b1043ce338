/**
 * GitHub `issues` webhooks (docs.github.com/webhooks/webhook-events-and-payloads#issues):
 * `X-Hub-Signature-256` is `sha256=` + hex HMAC-SHA256 of the raw body with the webhook secret,
 * checked in constant time over the body's bytes (an empty body too). `ping` and the events and
 * actions not followed here are accepted with no report; a verified delivery that is empty or not
 * a JSON object, names no event, or is an issues event without its issue (or the issue's number,
 * or the title of one to store) is rejected.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { UpstreamStatus, WebhookRequest, WebhookResult } from '../types.js';
import { deliveryObject, isObject } from '../webhook-json.js';
import { closedAsDone, type GitHubIssue, issueReport } from './reports.js';

/** Actions that mean "an issue to look at". */
const ACTIONS = new Set(['opened', 'edited', 'reopened']);

/** Actions that change the issue's status upstream. */
const UPSTREAM_ACTIONS: Record<string, UpstreamStatus['status']> = {
  closed: 'resolved',
  reopened: 'reopened',
};

/**
 * True when `signature` is `sha256=` and the hex HMAC-SHA256 of `body` with `secret`, compared in
 * constant time. An empty body is signed like any other (fresh-user trial:
 * `@octokit/webhooks-methods` throws for an empty payload, so a correctly signed empty delivery
 * was answered 401 instead of being called empty).
 */
export function verifyGitHubSignature(
  body: Uint8Array,
  signature: string | undefined,
  secret: string,
): boolean {
  const hex = signature?.trim().match(/^sha256=([0-9a-f]{64})$/i)?.[1];
  if (!hex) return false;
  const expected = createHmac('sha256', secret).update(body).digest();
  return timingSafeEqual(expected, Buffer.from(hex, 'hex'));
}

/** Verifies and unpacks one delivery for `repository` (`owner/repo`). */
export async function handleGitHubWebhook(
  request: WebhookRequest,
  secret: string | undefined,
  repository: string,
): Promise<WebhookResult> {
  if (
    !secret ||
    !verifyGitHubSignature(request.body, request.headers['x-hub-signature-256'], secret)
  ) {
    return { verified: false, reports: [] };
  }
  // GitHub sends a form-encoded body (payload=…) when the webhook's content type says so: only
  // then is that setting the advice (JSON cut short was told to set it to what it was).
  const delivery = deliveryObject(
    request.body,
    formEncoded(request)
      ? "Set the webhook's Content type to application/json in its settings on GitHub."
      : undefined,
  );
  if ('rejected' in delivery) return { verified: true, reports: [], rejected: delivery.rejected };
  const event = request.headers['x-github-event'];
  // GitHub names the event of every delivery; without the name, what it carries is unknown.
  if (!event) return { verified: true, reports: [], rejected: NO_EVENT_NAME };
  // Other events (ping, push…) carry no issue: a success with nothing to store.
  if (event !== 'issues') return { verified: true, reports: [] };
  const payload = delivery.object as {
    action?: unknown;
    issue?: unknown;
    repository?: { full_name?: unknown };
  };
  // Every issues event carries its issue.
  if (!isObject(payload.issue)) {
    return {
      verified: true,
      reports: [],
      rejected: 'The issues event carries no issue; nothing was stored.',
    };
  }
  const fullName =
    typeof payload.repository?.full_name === 'string' ? payload.repository.full_name : repository;
  const action = String(payload.action);
  const status = UPSTREAM_ACTIONS[action];
  if (!ACTIONS.has(action) && !status) return { verified: true, reports: [] };
  // A pull request is not a report.
  if (payload.issue.pull_request !== undefined) return { verified: true, reports: [] };
  const missing = missingField(payload.issue, ACTIONS.has(action));
  if (missing) return { verified: true, reports: [], rejected: missing };
  // Its number is checked, and its title when it is stored (a status change needs none).
  const found = payload.issue as unknown as GitHubIssue;
  const resolves = status !== 'resolved' || closedAsDone(found);
  const { number, updated_at: at } = found;
  const upstream =
    status && resolves
      ? [
          {
            identity: `github:${fullName}#${number}`,
            status,
            ...(typeof at === 'string' ? { at } : {}),
          },
        ]
      : [];
  // An edit is newer than the issue's creation: without `updated_at` (a GitHub-compatible sender
  // that leaves it out) it was dated `created_at`, older than the text stored, and dropped as a
  // late redelivery. It is dated when it arrives instead.
  const issue =
    action === 'edited' && typeof at !== 'string'
      ? { ...found, updated_at: new Date().toISOString() }
      : found;
  const reports = ACTIONS.has(action) ? [issueReport(fullName, issue)] : [];
  return { verified: true, reports, upstream };
}

const NO_EVENT_NAME =
  'The delivery has no X-GitHub-Event header, so what it carries is unknown (GitHub names the event of every delivery: check that a proxy in between passes the header on); nothing was stored.';

/**
 * What an issue of an `issues` event lacks to be followed, a sentence; undefined when nothing.
 * Without its number it cannot be stored once and only once, nor its status followed; without a
 * title (or with an empty or blank one) it is no report (fresh-user trial:
 * `{"issue":{"id":5,"number":5}}` was answered 202 with nothing stored).
 * @param stored - whether the event's action stores the issue (opened, edited, reopened).
 */
function missingField(issue: Record<string, unknown>, stored: boolean): string | undefined {
  if (typeof issue.number !== 'number') {
    return 'The issues event carries no issue number (its id here); nothing was stored.';
  }
  if (!stored) return undefined;
  if (typeof issue.title !== 'string') {
    return "The issues event's issue has no title (a string); nothing was stored.";
  }
  // An empty or blank title is no title either (fresh-user trial: `"title": ""` was stored).
  if (!issue.title.trim()) {
    return "The issues event's issue has an empty title (a report needs one); nothing was stored.";
  }
  return undefined;
}

/** Whether a delivery is form-encoded: its Content-Type says so, or its body is `payload=…`. */
function formEncoded({ headers, body }: WebhookRequest): boolean {
  const type = headers['content-type'] ?? '';
  return (
    /^application\/x-www-form-urlencoded\b/i.test(type) ||
    Buffer.from(body.subarray(0, 8)).toString('latin1') === 'payload='
  );
}
