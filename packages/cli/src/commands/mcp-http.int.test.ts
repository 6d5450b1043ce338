import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createFakeRepository, type FakeRepository } from '@sightline/investigator/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INITIALIZE_REQUEST, textOf } from '../mcp/connect-client.test-helper.js';
import { createRepositoryContext } from '../mcp/repository-context.js';
import { serveHttp } from '../mcp/serve-http.js';
import { runMcp } from './mcp.js';

let repo: FakeRepository;
let url: string;
let stop: () => void;
let finished: Promise<number>;
let stderr = '';

beforeAll(async () => {
  repo = await createFakeRepository();
  const listening = new Promise<string>((resolve) => {
    finished = runMcp(
      { repo: repo.root, http: 0, cache: false },
      {
        stderr: (text) => (stderr += text),
        env: {},
        stopped: new Promise((resolve) => (stop = () => resolve(undefined))),
        onListening: resolve,
      },
    );
  });
  url = await listening;
});

afterAll(() => repo.cleanup());

const initialize = JSON.stringify(INITIALIZE_REQUEST);

/** POSTs a request (default: initialize) with node:http, which (unlike fetch) can set the Host header. */
function post(
  target: string,
  headers: Record<string, string>,
  message = initialize,
): Promise<{
  status: number;
  headers: IncomingHttpHeaders;
  body: { error?: { code: number; message: string } };
}> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      target,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk));
        response.on('end', () => {
          const json = response.headers['content-type']?.startsWith('application/json');
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: json ? JSON.parse(text) : {},
          });
        });
      },
    );
    request.on('error', reject);
    request.end(message);
  });
}

describe('sightline mcp --http', () => {
  it('binds to 127.0.0.1 and serves a client session', async () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(stderr).toContain(`sightline mcp: serving ${repo.root} offline (no model) at ${url}`);
    const client = new Client({ name: 'http-test', version: '0.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    try {
      const result = (await client.callTool({
        name: 'find_symbol',
        arguments: { name: 'checkoutSummary' },
      })) as CallToolResult;
      expect(textOf(result)).toMatch(/^1 definition of "checkoutSummary":\nsrc\/checkout\.ts:5-8/);
      const bad = (await client.callTool({
        name: 'read_file',
        arguments: { path: '../x' },
      })) as CallToolResult;
      expect(bad.isError).toBe(true);
      const { tools } = await client.listTools();
      expect(tools).toHaveLength(9);
    } finally {
      await client.close();
    }
  });

  it('refuses other hosts and browser origins (DNS rebinding)', async () => {
    const rebound = await post(url, { host: 'attacker.example' });
    expect(rebound.status).toBe(403);
    expect(rebound.body.error?.message).toMatch(/^Host "attacker\.example" is not allowed/);
    const page = await post(url, { origin: 'http://attacker.example' });
    expect(page.status).toBe(403);
    expect(page.body.error?.message).toMatch(/^Origin "http:\/\/attacker\.example" is not allowed/);
    const local = await post(url, { origin: 'http://localhost:5173' });
    expect(local.status).toBe(200);
  });

  it('answers 404 off the endpoint and for unknown sessions', async () => {
    expect((await post(url.replace('/mcp', '/other'), {})).status).toBe(404);
    expect((await post(url, { 'mcp-session-id': 'no-such-session' })).status).toBe(404);
  });

  it('stops cleanly and returns exit code 0', async () => {
    stop();
    expect(await finished).toBe(0);
    await expect(fetch(url, { method: 'POST' })).rejects.toThrow();
  });
});

describe('HTTP session idle timeout', () => {
  const idleMs = 100;
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const ping = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' });
  let context: Awaited<ReturnType<typeof createRepositoryContext>>;
  let http: Awaited<ReturnType<typeof serveHttp>>;
  let lines: string[];

  beforeAll(async () => {
    context = await createRepositoryContext({ repo: repo.root, cacheDir: false });
  });
  afterAll(() => context.close());

  /** Starts a server with a tiny idle time and initializes a session; returns its id. */
  async function startSession(): Promise<string> {
    lines = [];
    http = await serveHttp(context, {
      port: 0,
      sessionIdleMs: idleMs,
      log: (line) => lines.push(line),
    });
    const { headers } = await post(http.url, {});
    return String(headers['mcp-session-id']);
  }
  const closed = (sessionId: string) =>
    lines.some((line) => line.startsWith(`closing session ${sessionId}`));

  it('closes a session after the idle time; its id then gets 404 "Session not found"', async () => {
    try {
      const sessionId = await startSession();
      expect((await post(http.url, { 'mcp-session-id': sessionId }, ping)).status).toBe(200);
      await wait(4 * idleMs);
      expect(closed(sessionId)).toBe(true);
      const expired = await post(http.url, { 'mcp-session-id': sessionId }, ping);
      expect(expired.status).toBe(404);
      expect(expired.body.error).toMatchObject({ code: -32001, message: /^Session not found/ });
    } finally {
      await http.close();
    }
  });

  it('keeps a session alive while its notification stream (GET) is open, not after', async () => {
    try {
      const sessionId = await startSession();
      const stream = httpRequest(http.url, {
        headers: { accept: 'text/event-stream', 'mcp-session-id': sessionId },
      });
      const opened = new Promise<number>((resolve, reject) => {
        stream.on('response', (response) => resolve(response.statusCode ?? 0));
        stream.on('error', reject);
      });
      stream.end();
      expect(await opened).toBe(200);
      await wait(4 * idleMs);
      expect(closed(sessionId)).toBe(false);
      expect((await post(http.url, { 'mcp-session-id': sessionId }, ping)).status).toBe(200);

      stream.on('error', () => {}); // the reset that destroy() causes
      stream.destroy();
      await wait(4 * idleMs);
      expect(closed(sessionId)).toBe(true);
      expect((await post(http.url, { 'mcp-session-id': sessionId }, ping)).status).toBe(404);
    } finally {
      await http.close();
    }
  });
});
