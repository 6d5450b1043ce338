import { afterEach, describe, expect, it } from 'vitest';
import {
  type FakeProvider,
  type FakeResponse,
  startFakeProvider,
} from '../../testing/fake-provider.js';
import { githubSource } from './index.js';

const TOKEN = 'fake-github-token';
const ISSUES = '/repos/acme/widget/issues';

let server: FakeProvider | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const issue = (number: number, updated: string, extra: object = {}) => ({
  number,
  title: `Issue ${number}`,
  body: 'It crashes.',
  html_url: `https://github.com/acme/widget/issues/${number}`,
  updated_at: updated,
  user: { login: 'octocat' },
  labels: [],
  ...extra,
});

/** A fake GitHub: page 1 has issue 1 and a pull request, page 2 has issue 3; ETag "v1". */
function githubApi(overrides: (url: string) => FakeResponse | undefined = () => undefined) {
  return startFakeProvider((request) => {
    const override = overrides(request.url);
    if (override) return override;
    if (request.headers.authorization !== `token ${TOKEN}`)
      return { status: 401, body: { message: 'Bad credentials' } };
    const url = new URL(request.url, 'http://x');
    if (url.pathname === ISSUES) {
      if (request.headers['if-none-match'] === '"v1"')
        return { status: 304, headers: { etag: '"v1"' } };
      const page = url.searchParams.get('page') ?? '1';
      const base = `${server?.url}${ISSUES}?per_page=100`;
      return page === '1'
        ? {
            headers: {
              etag: '"v1"',
              link: `<${base}&page=2>; rel="next", <${base}&page=2>; rel="last"`,
            },
            body: [
              issue(1, '2026-11-28T00:00:00Z'),
              issue(2, '2026-11-29T00:00:00Z', { pull_request: { url: 'x' } }),
            ],
          }
        : {
            headers: { link: `<${base}&page=1>; rel="first"` },
            body: [
              issue(3, '2026-11-30T00:00:00Z', { state: 'closed' }),
              // Closed as not planned: no fix, so its group is not resolved (trial 20).
              issue(4, '2026-11-30T01:00:00Z', { state: 'closed', state_reason: 'not_planned' }),
            ],
          };
    }
    if (url.pathname === '/repos/acme/widget') return { body: { full_name: 'acme/widget' } };
    return { status: 404, body: { message: 'Not Found' } };
  });
}

const source = (token = TOKEN, repo = 'widget') =>
  githubSource.create({
    id: 'gh',
    config: githubSource.configSchema.parse({ owner: 'acme', repo, baseUrl: server?.url }),
    credentials: { token },
    fetch,
  });

const poll = (cursor: string | null, s = source()) =>
  // biome-ignore lint/style/noNonNullAssertion: the GitHub source polls
  s.poll!({ cursor, signal: AbortSignal.timeout(10_000) });

describe('GitHub issues polling', () => {
  it('reads every page, skips pull requests, and sends since and the ETag next time', async () => {
    server = await githubApi();
    const first = await poll(null);
    expect(first.reports.map((r) => r.sourceId)).toEqual([
      'acme/widget#1',
      'acme/widget#3',
      'acme/widget#4',
    ]);
    // A closed issue resolves its group (reopening is the webhook's), unless closed as not planned.
    expect(first.upstream).toEqual([
      { identity: 'github:acme/widget#3', status: 'resolved', at: '2026-11-30T00:00:00Z' },
    ]);
    expect(JSON.parse(first.cursor ?? '')).toEqual({ since: '2026-11-30T01:00:00Z', etag: '"v1"' });
    expect(server.requests[0]?.url).toMatch(/state=all&sort=updated&direction=asc/);
    server.requests.length = 0;
    const second = await poll(first.cursor);
    expect(second).toEqual({ reports: [], cursor: first.cursor });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.url).toContain('since=2026-11-30T01%3A00%3A00Z');
  });

  it('honours a secondary rate limit (403 with Retry-After) and a 429, keeping the cursor', async () => {
    for (const status of [403, 429]) {
      server = await githubApi((url) =>
        url.includes('page=2')
          ? { status, headers: { 'retry-after': '60' }, body: { message: 'slow down' } }
          : undefined,
      );
      const result = await poll('{"since":null,"etag":null}');
      expect(result.reports.map((r) => r.sourceId)).toEqual(['acme/widget#1']);
      expect(result.cursor).toBe('{"since":null,"etag":null}');
      expect(result.retryAfterMs).toBe(60_000);
      await server.close();
    }
    server = undefined;
  });

  it('waits for the reset when the primary rate limit is used up', async () => {
    const reset = Math.floor(Date.now() / 1000) + 600;
    server = await githubApi((url) =>
      url.includes('page=2')
        ? {
            status: 403,
            headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(reset) },
            body: { message: 'API rate limit exceeded' },
          }
        : undefined,
    );
    const result = await poll(null);
    expect(result.retryAfterMs).toBeGreaterThan(590_000);
    expect(result.retryAfterMs).toBeLessThanOrEqual(600_000);
  });

  it('throws clear errors on a 5xx and on a malformed body', async () => {
    server = await githubApi(() => ({ status: 502, body: 'bad gateway' }));
    await expect(poll(null)).rejects.toThrow(/answered 502/);
    await server.close();
    server = await githubApi(() => ({ body: '[{"number": 1,' }));
    await expect(poll(null)).rejects.toThrow();
    await server.close();
    server = await githubApi(() => ({ body: { message: 'not a list' } }));
    await expect(poll(null)).rejects.toThrow(/not a JSON array/);
  });
});

describe('GitHub test()', () => {
  it('says plainly what is wrong: token, repository or URL, never the token itself', async () => {
    server = await githubApi();
    expect(await source().test()).toEqual({ ok: true, message: 'Connected to acme/widget.' });
    const badToken = await source('wrong-token').test();
    expect(badToken).toMatchObject({ ok: false, message: expect.stringMatching(/token \(401\)/) });
    expect(badToken.message).not.toContain('wrong-token');
    expect((await source(TOKEN, 'nope').test()).message).toMatch(/Check owner and repo/);
    const url = server.url;
    await server.close();
    server = undefined;
    const unreachable = githubSource.create({
      id: 'gh',
      config: githubSource.configSchema.parse({ owner: 'acme', repo: 'widget', baseUrl: url }),
      credentials: { token: TOKEN },
      fetch,
    });
    expect((await unreachable.test()).message).toMatch(/cannot be reached.*base URL/);
  });
});
