/**
 * GitHub `issues` webhooks (docs.github.com/webhooks/webhook-events-and-payloads#issues):
 * `X-Hub-Signature-256` is `sha256=` + hex HMAC-SHA256 of the raw body with the webhook secret,
 * checked by `@octokit/webhooks-methods` (constant-time). `ping` is accepted with no report.
 */
import { verify } from '@octokit/webhooks-methods';
import type { WebhookRequest, WebhookResult } from '../types.js';
import { isIssue, issueReport } from './reports.js';

/** Actions that mean "an issue to look at". */
const ACTIONS = new Set(['opened', 'edited', 'reopened']);

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
  if (request.headers['x-github-event'] !== 'issues') return { verified: true, reports: [] };
  let payload: { action?: unknown; issue?: unknown; repository?: { full_name?: unknown } };
  try {
    payload = JSON.parse(text) as typeof payload;
  } catch {
    return { verified: true, reports: [] };
  }
  const fullName =
    typeof payload.repository?.full_name === 'string' ? payload.repository.full_name : repository;
  if (!ACTIONS.has(String(payload.action))) return { verified: true, reports: [] };
  if (!isIssue(payload.issue)) {
    // A pull request is not a report; an issue without its number cannot be stored once and only once.
    const number = (payload.issue as { number?: unknown } | undefined)?.number;
    const pullRequest = (payload.issue as { pull_request?: unknown } | undefined)?.pull_request;
    if (pullRequest !== undefined || typeof number === 'number')
      return { verified: true, reports: [] };
    return {
      verified: true,
      reports: [],
      rejected: 'The issues event carries no issue number (its id here); nothing was stored.',
    };
  }
  return { verified: true, reports: [issueReport(fullName, payload.issue)] };
}
