import { afterEach, describe, expect, it } from 'vitest';
import {
  type FakeProvider,
  type FakeResponse,
  startFakeProvider,
} from '../../testing/fake-provider.js';
import { sentrySource } from './index.js';

const TOKEN = 'fake-sentry-token';
// Sentry's current issue list: the organization's, filtered by the project's numeric id.
const ISSUES = '/api/0/organizations/acme/issues/';

let server: FakeProvider | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const issue = (id: string, lastSeen: string) => ({ id, title: `Error ${id}`, lastSeen });
const event = (issueId: string) => ({
  eventID: `evt${issueId}`,
  groupID: issueId,
  dateCreated: '2026-11-30T10:00:00Z',
  entries: [{ type: 'exception', data: { values: [{ type: 'Error', value: issueId }] } }],
});

/** A fake Sentry: issues 3 and 2 on page 1, issue 1 on page 2 (Link pagination). */
function sentryApi(overrides: (url: string) => FakeResponse | undefined = () => undefined) {
  return startFakeProvider((request) => {
    const override = overrides(request.url);
    if (override) return override;
    if (request.headers.authorization !== `Bearer ${TOKEN}`)
      return { status: 401, body: { detail: 'Invalid token' } };
    const url = new URL(request.url, 'http://x');
    if (url.pathname === ISSUES) {
      if (url.searchParams.get('project') !== '42')
        return { status: 400, body: { detail: 'project' } };
      const second = url.searchParams.get('cursor') === '0:100:0';
      const base = `${server?.url}${ISSUES}?project=42&query=is%3Aunresolved`;
      return {
        headers: {
          link: `<${base}&cursor=0:0:1>; rel="previous"; results="${second}"; cursor="0:0:1", <${base}&cursor=0:100:0>; rel="next"; results="${!second}"; cursor="0:100:0"`,
        },
        body: second
          ? [issue('1', '2026-11-28T00:00:00Z')]
          : [issue('3', '2026-11-30T00:00:00Z'), issue('2', '2026-11-29T00:00:00Z')],
      };
    }
    const latest = /^\/api\/0\/organizations\/acme\/issues\/(\d+)\/events\/latest\/$/.exec(
      url.pathname,
    );
    if (latest?.[1]) return { body: event(latest[1]) };
    if (url.pathname === '/api/0/projects/acme/web/') return { body: { id: '42', slug: 'web' } };
    return { status: 404, body: { detail: 'The requested resource does not exist' } };
  });
}

function source(credentials = { authToken: TOKEN }, project = 'web') {
  return sentrySource.create({
    id: 'src1',
    config: sentrySource.configSchema.parse({
      organization: 'acme',
      project,
      baseUrl: server?.url,
    }),
    credentials,
    fetch,
  });
}

const poll = (cursor: string | null, s = source()) =>
  // biome-ignore lint/style/noNonNullAssertion: the Sentry source polls
  s.poll!({ cursor, signal: AbortSignal.timeout(10_000) });

describe('Sentry polling', () => {
  it('reads every page of issues and each latest event, then only what is newer', async () => {
    server = await sentryApi();
    const first = await poll(null);
    expect(first.reports.map((r) => r.sourceId)).toEqual(['evt3', 'evt2', 'evt1']);
    expect(first.reports.every((r) => r.format === 'sentry' && r.sourceKind === 'sentry')).toBe(
      true,
    );
    expect(first.cursor).toBe('2026-11-30T00:00:00Z');
    server.requests.length = 0;
    const second = await poll('2026-11-29T12:00:00Z');
    expect(second.reports.map((r) => r.sourceId)).toEqual(['evt3']);
    // Page 1 held an issue already seen, so page 2 is not read.
    expect(server.requests.filter((r) => r.url.includes('cursor='))).toEqual([]);
  });

  it('returns what it read with the old cursor and the wait when rate limited (429)', async () => {
    server = await sentryApi((url) =>
      url.includes('/issues/1/')
        ? { status: 429, headers: { 'retry-after': '30' }, body: {} }
        : undefined,
    );
    const result = await poll(null);
    expect(result.reports.map((r) => r.sourceId)).toEqual(['evt3', 'evt2']);
    expect(result.cursor).toBeNull();
    expect(result.retryAfterMs).toBe(30_000);
  });

  it('passes a 503 with Retry-After on, and throws on a 5xx without one', async () => {
    server = await sentryApi((url) =>
      url.startsWith(ISSUES)
        ? { status: 503, headers: { 'retry-after': '120' }, body: 'down' }
        : undefined,
    );
    expect(await poll('c')).toEqual({ reports: [], cursor: 'c', retryAfterMs: 120_000 });
    await server.close();
    server = await sentryApi((url) =>
      url.startsWith(ISSUES) ? { status: 502, body: 'bad gateway' } : undefined,
    );
    await expect(poll(null)).rejects.toThrow(/answered 502/);
  });

  it('follows no redirect to another host, so the token stays with the configured one', async () => {
    const elsewhere = await startFakeProvider(() => ({ body: [] }));
    try {
      server = await sentryApi((url) =>
        url.startsWith(ISSUES)
          ? { status: 307, headers: { location: `${elsewhere.url}${ISSUES}` }, body: '' }
          : undefined,
      );
      await expect(poll(null)).rejects.toThrow(
        /^Sentry at .* redirected to http:\/\/127\.0\.0\.1:\d+; .* not sent on/,
      );
      expect(elsewhere.requests).toEqual([]);
    } finally {
      await elsewhere.close();
    }
  });

  it('throws a clear error on a malformed issue list', async () => {
    server = await sentryApi((url) =>
      url.startsWith(ISSUES) ? { body: '[{"id": "1", ' } : undefined,
    );
    await expect(poll(null)).rejects.toThrow(/not JSON/);
    await server.close();
    server = await sentryApi((url) =>
      url.startsWith(ISSUES) ? { body: { detail: 'x' } } : undefined,
    );
    await expect(poll(null)).rejects.toThrow(/not a JSON array/);
  });
});

describe('Sentry test()', () => {
  it('says plainly what is wrong: token, slugs or URL, never the token itself', async () => {
    server = await sentryApi();
    expect(await source().test()).toEqual({ ok: true, message: 'Connected to acme/web.' });
    const badToken = await source({ authToken: 'wrong-token' }).test();
    expect(badToken.ok).toBe(false);
    expect(badToken.message).toMatch(/auth token \(401\)/);
    expect(badToken.message).not.toContain('wrong-token');
    expect((await source({ authToken: TOKEN }, 'nope').test()).message).toMatch(
      /project slugs|slugs/,
    );
    const url = server.url;
    await server.close();
    server = undefined;
    const unreachable = sentrySource.create({
      id: 'src1',
      config: sentrySource.configSchema.parse({
        organization: 'acme',
        project: 'web',
        baseUrl: url,
      }),
      credentials: { authToken: TOKEN },
      fetch,
    });
    const network = await unreachable.test();
    expect(network.ok).toBe(false);
    expect(network.message).toMatch(/cannot be reached.*base URL/);
  });
});
