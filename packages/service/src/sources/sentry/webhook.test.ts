import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeProvider, startFakeProvider } from '../../testing/fake-provider.js';
import { sentrySource } from './index.js';

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

  it('accepts a signed malformed body or an unrelated resource without reports', async () => {
    const malformed = Buffer.from('{"action": "triggered", "data": {');
    expect(await deliver('event_alert', malformed, sign(malformed))).toEqual({
      verified: true,
      reports: [],
    });
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
