import { describe, expect, it } from 'vitest';
import { memoryOutput } from '../testing/memory-output.test-helper.js';
import { runIngest } from './ingest.js';

describe('sightline ingest', () => {
  it('refuses a --url that is not a URL with a usage error that says what to give', async () => {
    let fetched = false;
    const io = Object.assign(memoryOutput(), {
      env: {},
      readStdin: async () => new Uint8Array(),
      fetch: (async () => {
        fetched = true;
        return new Response('{}');
      }) as typeof fetch,
    });
    await expect(
      runIngest({ files: ['-'], url: 'not a url', token: 'x' }, io),
    ).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringContaining('--url "not a url" is not a URL'),
    });
    expect(fetched).toBe(false);
  });
});
