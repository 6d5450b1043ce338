/** A source of a harness' project taking signed webhooks, for tests that drive the pipeline with them. */
import { createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createBuiltInRegistry } from '../sources/built-in.js';
import { createCredentialStore } from '../sources/credentials.js';
import type { ServiceHarness } from './harness.test-helper.js';
import type { WebhookOutcome } from './receive-webhook.js';

/** The hex HMAC-SHA256 of `body` with `secret`: what GitHub (after `sha256=`) and Sentry send. */
export const hmacHex = (body: Uint8Array, secret: string): string =>
  createHmac('sha256', secret).update(body).digest('hex');

/** A webhook source added by {@link addWebhookSource}. */
export interface WebhookSource {
  /**
   * Delivers `payload` as JSON with the headers `headersOf` gives for its raw body (the
   * signature), and waits for the jobs it queued.
   */
  deliver(
    payload: unknown,
    headersOf: (raw: Buffer) => Record<string, string>,
  ): Promise<WebhookOutcome>;
  /** Removes the credentials' folder. */
  remove(): Promise<void>;
}

/**
 * Adds a built-in source of `kind` to the harness' project, without polling, its credentials in a
 * fresh folder.
 */
export async function addWebhookSource(
  harness: ServiceHarness,
  {
    kind,
    config,
    credentials,
  }: { kind: string; config: Record<string, unknown>; credentials: Record<string, string> },
): Promise<WebhookSource> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sightline-webhook-source-'));
  const store = createCredentialStore(dataDir, {});
  const source = await harness.store.sources.create({
    projectId: harness.project.id,
    kind,
    name: 'shop',
    config,
    pollIntervalMs: null,
  });
  store.write(source.id, credentials);
  const options = { registry: createBuiltInRegistry(), credentials: store, fetch };
  return {
    async deliver(payload, headersOf) {
      const raw = Buffer.from(JSON.stringify(payload));
      const outcome = await harness.pipeline.receiveWebhook(
        source.id,
        { headers: headersOf(raw), body: raw },
        options,
      );
      await harness.queue.drain({ timeoutMs: 60_000 });
      return outcome;
    },
    remove: () => rm(dataDir, { recursive: true, force: true }),
  };
}

/** Issue #7 of acme/shop's title, as {@link addGitHubIssueSource} delivers it. */
export const ISSUE_TITLE = 'Cart total is wrong after removing an item';

/**
 * A GitHub source (acme/shop) of the harness' project: `issue` delivers an `issues` event of its
 * issue #7 with `action`, `body` and, when given, `updated_at`, signed with `secret`.
 */
export async function addGitHubIssueSource(harness: ServiceHarness, secret: string) {
  const source = await addWebhookSource(harness, {
    kind: 'github',
    config: { owner: 'acme', repo: 'shop' },
    credentials: { webhookSecret: secret },
  });
  const headersOf = (raw: Buffer) => ({
    'x-github-event': 'issues',
    'x-hub-signature-256': `sha256=${hmacHex(raw, secret)}`,
  });
  return {
    remove: source.remove,
    issue: (action: string, body: string, updatedAt?: string) =>
      source.deliver(
        {
          action,
          repository: { full_name: 'acme/shop' },
          issue: {
            number: 7,
            title: ISSUE_TITLE,
            body,
            ...(updatedAt ? { updated_at: updatedAt } : {}),
          },
        },
        headersOf,
      ),
  };
}
