/** The HTTP server's timeouts, on a local server: a stalled client is answered 408 and let go. */
import net from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SERVER_TIMEOUTS, serverTimeoutOptions } from './server-timeouts.js';

let server: ServerType | undefined;
afterEach(async () => {
  const closing = server;
  server = undefined;
  if (!closing) return;
  const closed = new Promise((resolve) => closing.close(resolve));
  (closing as import('node:http').Server).closeAllConnections();
  await closed;
});

/** A server on 127.0.0.1 whose one route reads the body (as a webhook does), with short timeouts. */
async function startServer(): Promise<number> {
  const app = new Hono().post('/webhooks/x', async (c) =>
    c.text(`read ${(await c.req.text().catch(() => '')).length}`),
  );
  return new Promise((resolve) => {
    server = serve(
      {
        fetch: app.fetch,
        hostname: '127.0.0.1',
        port: 0,
        serverOptions: serverTimeoutOptions({ headersMs: 200, requestMs: 400 }),
      },
      (info) => resolve(info.port),
    );
  });
}

/** Sends `text` and never more; resolves with what the server sent before it closed the connection. */
function stall(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
    });
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
  });
}

// No time is asserted: without the timeouts Node waits 60 s for headers and 5 minutes for a
// request, past the test's timeout, so the test fails.
describe('server timeouts', () => {
  it('answers 408 to headers that never finish', { timeout: 15_000 }, async () => {
    const port = await startServer();
    const answer = await stall(port, 'POST /webhooks/x HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('answers 408 to a body that stops coming', { timeout: 15_000 }, async () => {
    const port = await startServer();
    const head = 'POST /webhooks/x HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n';
    const answer = await stall(port, `${head}{"action":`);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('still serves a request that arrives in time', async () => {
    const port = await startServer();
    const response = await fetch(`http://127.0.0.1:${port}/webhooks/x`, {
      method: 'POST',
      body: 'x'.repeat(1000),
    });
    expect(await response.text()).toBe('read 1000');
  });

  it('sets explicit defaults and refuses timeouts that cannot work', () => {
    expect(serverTimeoutOptions()).toMatchObject({
      headersTimeout: DEFAULT_SERVER_TIMEOUTS.headersMs,
      requestTimeout: DEFAULT_SERVER_TIMEOUTS.requestMs,
      keepAliveTimeout: DEFAULT_SERVER_TIMEOUTS.keepAliveMs,
      connectionsCheckingInterval: 1_000,
    });
    expect(() => serverTimeoutOptions({ headersMs: 0 })).toThrow(/positive number/);
    expect(() => serverTimeoutOptions({ headersMs: 5_000, requestMs: 1_000 })).toThrow(
      /cannot exceed the request timeout/,
    );
  });
});
