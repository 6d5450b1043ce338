/**
 * A fake provider API on 127.0.0.1 for source tests: each request is answered by the handler the
 * test gives, and recorded (method, path with query, headers) so tests can check what was sent.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One recorded request. */
export interface FakeRequest {
  method: string;
  /** Path and query, as sent. */
  url: string;
  headers: http.IncomingHttpHeaders;
  /** The request body as text ('' for none). */
  body: string;
}

/** What a handler answers: status, headers and a body (objects are sent as JSON). */
export interface FakeResponse {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
}

/** A running fake provider. */
export interface FakeProvider {
  /** `http://127.0.0.1:<port>` */
  url: string;
  requests: FakeRequest[];
  close(): Promise<void>;
}

/** Starts a fake provider answering with `handler`. */
export async function startFakeProvider(
  handler: (request: FakeRequest) => FakeResponse | Promise<FakeResponse>,
): Promise<FakeProvider> {
  const requests: FakeRequest[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request = {
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    requests.push(request);
    const { status = 200, headers = {}, body } = await handler(request);
    const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    res.end(status === 304 ? undefined : text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
