// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './client.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The paths the calls of `run` request. */
async function requested(run: () => Promise<unknown>): Promise<string[]> {
  const fetch = vi.fn(
    async (_url: string | URL | Request) =>
      new Response('{}', { headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetch);
  await run();
  return fetch.mock.calls.map(([url]) => String(url));
}

describe('api', () => {
  it('sends an id as one path segment, whatever it holds', async () => {
    // The id comes from the page's address (#/groups/<id>, decoded): '..%2Fsources' asked for
    // GET /api/groups/../sources, which is /api/sources, and the group page broke on its answer.
    expect(await requested(() => api.group('../sources'))).toEqual(['/api/groups/..%2Fsources']);
    expect(await requested(() => api.markdown('a b/c?d#e', 'github'))).toEqual([
      '/api/groups/a%20b%2Fc%3Fd%23e/markdown?style=github',
    ]);
    expect(await requested(() => api.group('4b1d-90'))).toEqual(['/api/groups/4b1d-90']);
  });

  it('answers "no such group" for the ids no request can carry, without a request', async () => {
    for (const id of ['.', '..']) {
      expect(await requested(() => api.group(id).catch((error: unknown) => error))).toEqual([]);
      await expect(api.group(id)).rejects.toMatchObject({
        status: 404,
        code: 'STORE_ENTRY_NOT_FOUND',
      });
    }
  });
});
