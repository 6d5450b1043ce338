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

  it('refuses a --url of another scheme than http(s) before reading or sending anything', async () => {
    let fetched = false;
    const io = Object.assign(memoryOutput(), {
      env: {},
      readStdin: async () => new TextEncoder().encode('TypeError: x is undefined'),
      fetch: (async () => {
        fetched = true;
        return new Response('{}');
      }) as typeof fetch,
    });
    for (const url of ['ftp://127.0.0.1/reports', 'file:///tmp/x']) {
      await expect(runIngest({ files: ['-'], url, token: 'x' }, io)).rejects.toMatchObject({
        code: 'INVALID_ARGUMENT',
        message: expect.stringContaining('is not an http(s) address'),
      });
    }
    expect(fetched).toBe(false);
  });

  it('refuses an empty or binary report as the API does, storing and sending nothing', async () => {
    for (const [bytes, problem] of [
      [new Uint8Array([32, 10, 9]), 'is empty. Send the report text.'],
      [new Uint8Array([0x50, 0x4b, 3, 4, 0, 0, 0, 8]), 'is binary data, not a report.'],
    ] as const) {
      let fetched = false;
      const io = Object.assign(memoryOutput(), {
        env: {},
        readStdin: async () => bytes,
        fetch: (async () => {
          fetched = true;
          return new Response('{}');
        }) as typeof fetch,
      });
      const code = await runIngest({ files: ['-'], url: 'http://127.0.0.1:9', token: 'x' }, io);
      expect(code).toBe(2);
      expect(io.err).toContain(problem);
      expect(fetched).toBe(false);
    }
  });

  it('stops at the files it cannot take, without looking for a store then', async () => {
    const io = Object.assign(memoryOutput(), {
      env: {},
      readStdin: async () => new Uint8Array([0x50, 0x4b, 3, 4, 0, 0, 0, 8]),
    });
    const code = await runIngest({ files: ['-'], data: '/nonexistent/sightline-data' }, io);
    expect(code).toBe(2);
    expect(io.err.trim().split('\n')).toEqual([
      expect.stringMatching(/^sightline ingest: .* is binary data, not a report\./),
    ]);
  });
});
