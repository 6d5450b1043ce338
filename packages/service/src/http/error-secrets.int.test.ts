/**
 * Error answers never echo a secret the request carried: a token sent as a JSON key, a query
 * parameter's name or a path segment is named by the gate's note, and the answer still says which
 * part of the request was wrong. The token is put together at run time so no file here matches a
 * scanner's rule.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ServiceHarness } from '../pipeline/harness.test-helper.js';
import { TEST_DATABASES } from '../store/test-databases.test-helper.js';
import type { createApp } from './app.js';
import { openTestApp, TEST_TOKEN as TOKEN } from './test-app.test-helper.js';

const GITHUB_TOKEN = ['gh', 'p_', 'Q7w'.repeat(12)].join('');
const NOTE = '[withheld: looks like a secret (secretlint rule github)]';

describe.each(TEST_DATABASES)('error answers with a secret in the request, on $name', (kind) => {
  let harness: ServiceHarness;
  afterEach(async () => {
    await harness?.close();
  });

  async function openApp() {
    const opened = await openTestApp(kind);
    harness = opened.harness;
    return opened.app;
  }

  async function request(path: string, init: RequestInit = {}, app?: ReturnType<typeof createApp>) {
    const response = await (app ?? (await openApp())).request(path, {
      ...init,
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    });
    return { status: response.status, text: await response.text() };
  }

  it('names an unknown JSON key that is a token by the note', async () => {
    const answer = await request('/api/views', {
      method: 'POST',
      body: JSON.stringify({ name: 'mine', [GITHUB_TOKEN]: 1 }),
    });
    expect(answer.text).not.toContain(GITHUB_TOKEN);
    expect({ status: answer.status, body: JSON.parse(answer.text) }).toEqual({
      status: 400,
      body: {
        error: {
          code: 'INVALID_ARGUMENT',
          message: `Invalid request: body: Unrecognized key: ${NOTE}`,
        },
      },
    });
  });

  it('names an unknown query parameter that is a token by the note', async () => {
    const answer = await request(`/api/groups?${GITHUB_TOKEN}=1`);
    expect(answer.text).not.toContain(GITHUB_TOKEN);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text).error.message).toBe(
      `Invalid request: query: Unrecognized key: ${NOTE}`,
    );
  });

  it.each([
    ['GET', '/api/nothing', 404, 'NOT_FOUND', `No route GET /api/nothing/${NOTE}.`],
    [
      'DELETE',
      '/api/groups',
      405,
      'METHOD_NOT_ALLOWED',
      `/api/groups/${NOTE} takes GET, PATCH, not DELETE.`,
    ],
    [
      'GET',
      '/api/groups',
      404,
      'STORE_ENTRY_NOT_FOUND',
      `No group ${NOTE}. List the groups with GET /api/groups.`,
    ],
  ])(
    'quotes a path without the token in it (%s %s/<token>)',
    async (method, path, status, code, message) => {
      const answer = await request(`${path}/${GITHUB_TOKEN}`, { method });
      expect(answer.text).not.toContain(GITHUB_TOKEN);
      expect({ status: answer.status, body: JSON.parse(answer.text) }).toEqual({
        status,
        body: { error: { code, message } },
      });
    },
  );

  it('says why no code is shown without the token a path held (trial 21)', async () => {
    const app = await openApp();
    const query = new URLSearchParams({
      project: harness.project.id,
      path: `src/${GITHUB_TOKEN}.js`,
      line: '1',
    });
    const answer = await request(`/api/code?${query}`, {}, app);
    expect(answer.status).toBe(200);
    expect(answer.text).not.toContain(GITHUB_TOKEN);
    expect(JSON.parse(answer.text)).toMatchObject({
      ok: false,
      reason: expect.stringContaining(NOTE),
    });
  });
});
