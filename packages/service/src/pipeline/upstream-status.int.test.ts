import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from '../store/test-databases.test-helper.js';
import { openHarness, type ServiceHarness } from './harness.test-helper.js';
import {
  addGitHubIssueSource,
  addWebhookSource,
  hmacHex,
  type WebhookSource,
} from './webhook-source.test-helper.js';

const SECRET = 'fake-client-secret-for-tests';
const NOW = Math.floor(Date.now() / 1000);

/** A crash of the fake shop as Sentry's event alert carries it: issue 601, release 2.0.0. */
const EVENT = {
  event_id: 'e6010000000000000000000000000001',
  issue_id: '601',
  release: 'shop@2.0.0',
  platform: 'node',
  title: "TypeError: Cannot read properties of undefined (reading 'price')",
  exception: {
    values: [
      {
        type: 'TypeError',
        value: "Cannot read properties of undefined (reading 'price')",
        stacktrace: {
          frames: [{ filename: '/srv/shop/src/cart.ts', function: 'cartTotal', lineno: 6 }],
        },
      },
    ],
  },
};

/** Issue 601 as Sentry's issue webhooks carry it (no event, no release). */
const ISSUE = {
  id: '601',
  title: EVENT.title,
  culprit: 'cartTotal(src/cart)',
  level: 'error',
  status: 'unresolved',
};

describe.each(TEST_DATABASES)('status changes upstream on $name', (kind) => {
  let harness: ServiceHarness;
  let source: Pick<WebhookSource, 'remove'> | undefined;
  afterEach(async () => {
    await harness?.close();
    await source?.remove();
  });

  /** A Sentry source of the harness' project taking signed webhooks only (no auth token). */
  async function sentryWebhook() {
    const sentry = await addWebhookSource(harness, {
      kind: 'sentry',
      config: { organization: 'acme', project: 'shop' },
      credentials: { clientSecret: SECRET },
    });
    source = sentry;
    return (resource: string, body: Record<string, unknown>, timestamp = NOW) =>
      sentry.deliver(body, (raw) => ({
        'content-type': 'application/json',
        'sentry-hook-resource': resource,
        'sentry-hook-timestamp': String(timestamp),
        'sentry-hook-signature': hmacHex(raw, SECRET),
      }));
  }

  /** The only group of the project, as stored. */
  const theGroup = async () => {
    const { groups } = await harness.store.inbox({});
    expect(groups).toHaveLength(1);
    return harness.store.groups.get(groups[0]?.id ?? '');
  };

  it('a stale Sentry unresolved leaves a resolved group resolved and counts no occurrence', async () => {
    harness = await openHarness(kind);
    const webhook = await sentryWebhook();
    await webhook('event_alert', { action: 'triggered', data: { event: EVENT } });
    expect(await theGroup()).toMatchObject({ status: 'new', count: 1 });
    await webhook('issue', { action: 'resolved', data: { issue: ISSUE } }, NOW);
    expect(await theGroup()).toMatchObject({ status: 'resolved', count: 1 });

    // Unresolved five minutes before it was resolved, delivered late: nothing changes.
    const stale = await webhook(
      'issue',
      { action: 'unresolved', data: { issue: ISSUE } },
      NOW - 300,
    );
    expect(stale).toMatchObject({ outcome: 'ingested', result: { stored: 0, duplicates: 1 } });
    expect(await theGroup()).toMatchObject({ status: 'resolved', count: 1 });
    expect(await harness.store.reports.counts()).toEqual({ grouped: 1 });

    // Unresolved after it was resolved: reopened, still one occurrence.
    await webhook('issue', { action: 'unresolved', data: { issue: ISSUE } }, NOW + 1);
    expect(await theGroup()).toMatchObject({ status: 'reopened', count: 1 });
  }, 120_000);

  it('an issue created after its event is no second occurrence; an unknown issue is stored', async () => {
    harness = await openHarness(kind);
    const webhook = await sentryWebhook();
    // The event is stored and still waiting for its analysis when its issue arrives.
    const [stored] = await harness.store.sources.list();
    await harness.pipeline.ingest(
      [
        {
          sourceKind: 'sentry',
          sourceId: EVENT.event_id,
          receivedAt: new Date().toISOString(),
          format: 'sentry',
          payload: { json: EVENT },
          meta: { issueId: '601' },
        },
      ],
      { projectId: harness.project.id, sourceId: stored?.id ?? null },
    );
    const created = await webhook('issue', { action: 'created', data: { issue: ISSUE } });
    expect(created).toMatchObject({ result: { stored: 0, duplicates: 1 } });
    expect(await theGroup()).toMatchObject({ count: 1 });

    // An issue the project never saw (unresolved before the source was added) is a report.
    const other = { ...ISSUE, id: '602', title: 'Checkout button does nothing on Safari' };
    const unknown = await webhook('issue', { action: 'unresolved', data: { issue: other } });
    expect(unknown).toMatchObject({ result: { stored: 1, duplicates: 0 } });
  }, 120_000);

  it('a late GitHub reopened after closed changes nothing and counts no occurrence', async () => {
    harness = await openHarness(kind);
    const github = await addGitHubIssueSource(harness, SECRET);
    source = github;
    const webhook = (action: string, updatedAt: string) =>
      github.issue(action, 'The total shows NaN once I remove an item and add it back.', updatedAt);
    await webhook('opened', '2026-03-01T10:00:00Z');
    await webhook('closed', '2026-03-01T10:10:00Z');
    await webhook('reopened', '2026-03-01T10:05:00Z');
    expect(await theGroup()).toMatchObject({ status: 'resolved', count: 1 });
  }, 120_000);
});
