import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeProvider, startFakeProvider } from '../../testing/fake-provider.js';
import { sentrySource } from './index.js';
import { sentryHookTime, unpackSentryDelivery } from './webhook.js';

const SECRET = 'fake-client-secret-for-tests';
const fixture = (name: string) =>
  fs.readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url));
const sign = (body: Uint8Array, secret = SECRET) =>
  createHmac('sha256', secret).update(body).digest('hex');

let server: FakeProvider | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function source(credentials: { clientSecret?: string; authToken?: string }, baseUrl?: string) {
  return sentrySource.create({
    id: 'src1',
    config: sentrySource.configSchema.parse({
      organization: 'acme',
      project: 'web',
      ...(baseUrl ? { baseUrl } : {}),
    }),
    credentials,
    fetch,
  });
}

const deliver = (
  resource: string,
  body: Uint8Array,
  signature: string | undefined,
  s = source({ clientSecret: SECRET }),
) =>
  // biome-ignore lint/style/noNonNullAssertion: the Sentry source takes webhooks
  s.webhook!({
    headers: {
      'content-type': 'application/json',
      'sentry-hook-resource': resource,
      ...(signature !== undefined ? { 'sentry-hook-signature': signature } : {}),
    },
    body,
  });

describe('Sentry webhooks', () => {
  it('turns a signed event alert into one sentry-format report keyed by event id', async () => {
    const body = fixture('event-alert.json');
    const result = await deliver('event_alert', body, sign(body));
    expect(result.verified).toBe(true);
    expect(result.reports).toHaveLength(1);
    expect(result.reports[0]).toMatchObject({
      sourceKind: 'sentry',
      sourceId: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
      format: 'sentry',
      meta: { issueId: '1170820242', level: 'error', platform: 'javascript' },
    });
    expect(result.reports[0]?.url).toMatch(/^https:\/\/sentry\.io\/organizations\/acme\/issues/);
  });

  it('rejects a signed event without an id, saying so (the route answers 422)', async () => {
    const event = JSON.parse(fixture('event-alert.json').toString('utf8'));
    for (const key of ['event_id', 'eventID', 'id']) delete event.data.event[key];
    const body = Buffer.from(JSON.stringify(event));
    expect(await deliver('event_alert', body, sign(body))).toEqual({
      verified: true,
      reports: [],
      rejected: expect.stringContaining('The event has no id'),
    });
  });

  it('rejects a wrong, missing or other-secret signature and returns no reports', async () => {
    const body = fixture('event-alert.json');
    for (const signature of [undefined, 'nothex', sign(body, 'another-secret'), '0'.repeat(64)]) {
      expect(await deliver('event_alert', body, signature)).toEqual({
        verified: false,
        reports: [],
      });
    }
    const tampered = Buffer.from(body.toString('utf8').replace('TypeError', 'RangeError'));
    expect((await deliver('event_alert', tampered, sign(body))).verified).toBe(false);
  });

  it('refuses every delivery when no client secret is configured', async () => {
    const body = fixture('event-alert.json');
    const result = await deliver('event_alert', body, sign(body), source({ authToken: 'tok' }));
    expect(result.verified).toBe(false);
  });

  it('rejects a signed delivery that is not a JSON object or lacks what its resource carries', async () => {
    // Found by fresh-user trial 16 (on GitHub's webhooks, the same here): each was answered 202
    // {"stored":0}, so the sender's delivery log showed a success.
    const rejected = async (resource: string, text: string) => {
      const body = Buffer.from(text);
      const result = await deliver(resource, body, sign(body));
      expect(result).toMatchObject({ verified: true, reports: [] });
      return result.rejected;
    };
    expect(
      await Promise.all([
        rejected('event_alert', '{"action": "triggered", "data": {'),
        rejected('event_alert', '[1,2,3]'),
        rejected('installation', '{}'),
        rejected('event_alert', '{"action": "triggered", "data": {"event": null}}'),
        rejected('issue', '{"action": "created", "data": {}}'),
      ]),
    ).toEqual([
      // Cut after `{` (trial 48: said "not JSON" for every cut but one).
      "The delivery's body is JSON cut short (it ends before its last value closes): redeliver it, and check that nothing between the sender and this service limits the size of a body. Nothing was stored.",
      "The delivery's body is a JSON array, not an object. Nothing was stored.",
      'The delivery carries no "data" object; nothing was stored.',
      'The event_alert delivery carries no "data.event" object; nothing was stored.',
      'The issue delivery carries no "data.issue" object; nothing was stored.',
    ]);
  });

  it('accepts a signed delivery of an unrelated resource without reports', async () => {
    const install = Buffer.from(JSON.stringify({ action: 'created', data: { installation: {} } }));
    expect(await deliver('installation', install, sign(install))).toEqual({
      verified: true,
      reports: [],
    });
  });

  it('fetches the latest event of a created issue when it has a token', async () => {
    const latest = JSON.parse(fixture('latest-event.json').toString('utf8'));
    server = await startFakeProvider((request) =>
      request.url === '/api/0/organizations/acme/issues/1170820242/events/latest/'
        ? { body: latest }
        : { status: 404, body: { detail: 'Not found' } },
    );
    const body = fixture('issue-created.json');
    const s = source({ clientSecret: SECRET, authToken: 'fake-token' }, server.url);
    const result = await deliver('issue', body, sign(body), s);
    expect(result.reports.map((r) => [r.sourceId, r.format])).toEqual([
      ['9fac2ceed9344f2bbfdd1fdacb0ed9b1', 'sentry'],
    ]);
    expect(server.requests[0]?.headers.authorization).toBe('Bearer fake-token');
  });

  it('keeps a created issue as itself without a token, and ignores resolved issues', async () => {
    const body = fixture('issue-created.json');
    const result = await deliver('issue', body, sign(body));
    expect(result.reports.map((r) => [r.sourceId, r.format])).toEqual([
      ['issue-1170820242', 'auto'],
    ]);
    const resolved = Buffer.from(body.toString('utf8').replace('"created"', '"resolved"'));
    expect((await deliver('issue', resolved, sign(resolved))).reports).toEqual([]);
  });
});

describe('Sentry issue status webhooks', () => {
  it('reads a resolved issue as its status upstream, an unresolved one as the issue again', () => {
    const body = (action: string) => ({ action, data: { issue: { id: 1170820242, title: 'x' } } });
    expect(unpackSentryDelivery('issue', body('resolved'))).toEqual({
      kind: 'status',
      issueId: '1170820242',
      status: 'resolved',
    });
    expect(unpackSentryDelivery('issue', body('unresolved'))).toMatchObject({
      kind: 'issue',
      reopened: true,
    });
    expect(unpackSentryDelivery('issue', body('assigned'))).toEqual({ kind: 'none' });
  });

  it('rejects a delivery without its resource header rather than answering 202 (trial 48)', () => {
    const event = { action: 'created', data: { error: { event_id: 'abc' } } };
    for (const resource of [undefined, ' '])
      expect(unpackSentryDelivery(resource, event)).toMatchObject({
        kind: 'rejected',
        message: expect.stringContaining('no Sentry-Hook-Resource header'),
      });
  });
});

describe('the time of a Sentry delivery', () => {
  it('reads Sentry-Hook-Timestamp (Unix seconds, or milliseconds) as ISO 8601, and no other text', () => {
    expect(sentryHookTime('1772359500')).toBe('2026-03-01T10:05:00.000Z');
    expect(sentryHookTime(' 1772359500.25 ')).toBe('2026-03-01T10:05:00.250Z');
    // Milliseconds (trial 21: read as seconds, the year 58895 sorted before 2026).
    expect(sentryHookTime('1772359500250')).toBe('2026-03-01T10:05:00.250Z');
    for (const header of [undefined, '', 'yesterday', 'Infinity', '1e20']) {
      expect(sentryHookTime(header)).toBeUndefined();
    }
  });

  it('reads a time after the delivery arrived as its arrival (the header is not signed)', () => {
    const arrived = Date.parse('2026-03-01T10:05:00.000Z');
    // A year ahead: a replayed "resolved" dated so would outrank every status change to come.
    expect(sentryHookTime('1803895500', arrived)).toBe('2026-03-01T10:05:00.000Z');
    expect(sentryHookTime('1772359400', arrived)).toBe('2026-03-01T10:03:20.000Z');
  });

  it("carries it with a resolved issue's status, so a late delivery is not applied over a newer one", async () => {
    const resolved = Buffer.from(
      JSON.stringify({ action: 'resolved', data: { issue: { id: 42, title: 'x' } } }),
    );
    // biome-ignore lint/style/noNonNullAssertion: the Sentry source takes webhooks
    const result = await source({ clientSecret: SECRET }).webhook!({
      headers: {
        'sentry-hook-resource': 'issue',
        'sentry-hook-signature': sign(resolved),
        'sentry-hook-timestamp': '1772359500',
      },
      body: resolved,
    });
    expect(result.upstream).toEqual([
      { identity: 'sentry-issue:42', status: 'resolved', at: '2026-03-01T10:05:00.000Z' },
    ]);
  });
});
