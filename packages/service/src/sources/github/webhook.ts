/**
 * GitHub `issues` webhooks (docs.github.com/webhooks/webhook-events-and-payloads#issues):
 * `X-Hub-Signature-256` is `sha256=` + hex HMAC-SHA256 of the raw body with the webhook secret,
 * checked by `@octokit/webhooks-methods` (constant-time). `ping` is accepted with no report; a
 * verified delivery that is not a JSON object, or an issues event without its issue, is rejected.
 */
import { verify } from '@octokit/webhooks-methods';
import type { UpstreamStatus, WebhookRequest, WebhookResult } from '../types.js';
import { deliveryObject, isObject } from '../webhook-json.js';
import { closedAsDone, isIssue, issueReport } from './reports.js';

/** Actions that mean "an issue to look at". */
const ACTIONS = new Set(['opened', 'edited', 'reopened']);

/** Actions that change the issue's status upstream. */
const UPSTREAM_ACTIONS: Record<string, UpstreamStatus['status']> = {
  closed: 'resolved',
  reopened: 'reopened',
};

/** Verifies and unpacks one delivery for `repository` (`owner/repo`). */
export async function handleGitHubWebhook(
  request: WebhookRequest,
  secret: string | undefined,
  repository: string,
): Promise<WebhookResult> {
  const signature = request.headers['x-hub-signature-256'];
  const text = Buffer.from(request.body).toString('utf8');
  if (!secret || !signature || !(await verify(secret, text, signature).catch(() => false))) {
    return { verified: false, reports: [] };
  }
  // GitHub sends a form-encoded body (payload=…) when the webhook's content type says so.
  const delivery = deliveryObject(
    request.body,
    "Set the webhook's Content type to application/json in its settings on GitHub.",
  );
  if ('rejected' in delivery) return { verified: true, reports: [], rejected: delivery.rejected };
  if (request.headers['x-github-event'] !== 'issues') return { verified: true, reports: [] };
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
  if (!isIssue(payload.issue)) {
    // A pull request is not a report; an issue without its number cannot be stored once and only once.
    const { number, pull_request: pullRequest } = payload.issue;
    if (pullRequest !== undefined || typeof number === 'number' || !ACTIONS.has(action))
      return { verified: true, reports: [] };
    return {
      verified: true,
      reports: [],
      rejected: 'The issues event carries no issue number (its id here); nothing was stored.',
    };
  }
  const resolves = status !== 'resolved' || closedAsDone(payload.issue);
  const { number, updated_at: at } = payload.issue;
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
      ? { ...payload.issue, updated_at: new Date().toISOString() }
      : payload.issue;
  const reports = ACTIONS.has(action) ? [issueReport(fullName, issue)] : [];
  return { verified: true, reports, upstream };
}
