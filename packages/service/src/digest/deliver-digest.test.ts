import { describe, expect, it } from 'vitest';
import { postToWebhook } from './deliver-digest.js';

describe('postToWebhook', () => {
  it("shows the webhook's host only when fetch's error quotes the whole URL", async () => {
    // undici's errors name the URL they refused (`Request cannot be constructed from a URL that
    // includes credentials: <url>`); a webhook's path is its secret.
    const url = 'http://127.0.0.1:9/services/T1/B2/path-secret';
    const failing = (async (target: string | URL | Request) => {
      throw new TypeError(`fetch failed for ${String(target)}`);
    }) as typeof fetch;
    const error = await postToWebhook({ url }, 'hi', { fetch: failing }).catch((caught) => caught);
    expect((error as Error).message).toBe(
      'The webhook at http://127.0.0.1:9 could not be reached (fetch failed for http://127.0.0.1:9). Check the URL and the network.',
    );
  });
});
