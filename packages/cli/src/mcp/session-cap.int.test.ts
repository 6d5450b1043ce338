/**
 * The HTTP MCP server caps its open sessions: at the cap a new session closes the least recently
 * used idle one, and is refused with 503 and a JSON-RPC error when every session is busy.
 */
import { createFakeRepository, type FakeRepository } from '@sightline/investigator/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INITIALIZE_REQUEST } from './connect-client.test-helper.js';
import { createRepositoryContext } from './repository-context.js';
import { type HttpServerHandle, serveHttp } from './serve-http.js';

let repo: FakeRepository;
let http: HttpServerHandle;
const log: string[] = [];

beforeAll(async () => {
  repo = await createFakeRepository();
  const context = await createRepositoryContext({ repo: repo.root, cacheDir: false });
  http = await serveHttp(context, { port: 0, maxSessions: 2, log: (line) => log.push(line) });
});
afterAll(async () => {
  await http.close();
  await repo.cleanup();
});

const headers = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
};

/** Starts a session; returns the HTTP status, the session id and the JSON-RPC error if any. */
async function initialize() {
  const response = await fetch(http.url, {
    method: 'POST',
    headers,
    body: JSON.stringify(INITIALIZE_REQUEST),
  });
  const text = await response.text();
  const json = response.headers.get('content-type')?.startsWith('application/json');
  return {
    status: response.status,
    id: response.headers.get('mcp-session-id'),
    error: json
      ? (JSON.parse(text) as { error?: { code: number; message: string } }).error
      : undefined,
  };
}

/** Sends `tools/list` in a session; returns the HTTP status. */
async function listTools(id: string): Promise<number> {
  const response = await fetch(http.url, {
    method: 'POST',
    headers: { ...headers, 'mcp-session-id': id, 'mcp-protocol-version': '2025-06-18' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
  });
  await response.body?.cancel();
  return response.status;
}

/** Opens the session's notification stream (GET), which keeps it busy until aborted. */
async function openStream(id: string): Promise<AbortController> {
  const controller = new AbortController();
  const response = await fetch(http.url, {
    headers: {
      accept: 'text/event-stream',
      'mcp-session-id': id,
      'mcp-protocol-version': '2025-06-18',
    },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  return controller;
}

describe('the session cap of the HTTP MCP server', () => {
  it('closes the least recently used idle session to make room, then refuses when all are busy', async () => {
    const first = await initialize();
    const second = await initialize();
    expect([first.status, second.status]).toEqual([200, 200]);
    // The first session was used last, so the second is the least recently used.
    expect(await listTools(first.id as string)).toBe(200);

    const third = await initialize();
    expect(third.status).toBe(200);
    expect(await listTools(second.id as string)).toBe(404);
    expect(await listTools(first.id as string)).toBe(200);
    expect(log.some((line) => line.includes(`closing idle session ${second.id}`))).toBe(true);

    const streams = [await openStream(first.id as string), await openStream(third.id as string)];
    const refused = await initialize();
    expect(refused.status).toBe(503);
    expect(refused.error).toEqual({
      code: -32000,
      message:
        'Too many open sessions (2), all busy. Close a session (DELETE /mcp) or try again when one ends.',
    });
    for (const stream of streams) stream.abort();
  });
});
