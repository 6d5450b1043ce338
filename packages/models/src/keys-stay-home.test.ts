import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateText } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveModel } from './resolve-model.js';

/** A server on 127.0.0.1 that records each request's path and headers and answers with `answer`. */
async function recordingServer(
  answer: (req: http.IncomingMessage, res: http.ServerResponse) => void,
) {
  const seen: { path: string; headers: http.IncomingHttpHeaders }[] = [];
  const server = http.createServer((req, res) => {
    seen.push({ path: req.url ?? '', headers: req.headers });
    req.resume();
    req.on('end', () => answer(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return { seen, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

const chatCompletion = (res: http.ServerResponse) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      id: 'c1',
      object: 'chat.completion',
      created: 0,
      model: 'm',
      choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    }),
  );
};

describe('provider keys go only where they were configured', () => {
  it('never sends the configured key to another host a provider redirects to', async () => {
    const other = await recordingServer((_req, res) => chatCompletion(res));
    const configured = await recordingServer((req, res) => {
      res.writeHead(307, { location: `${other.url}${req.url}` });
      res.end();
    });
    const { model } = resolveModel('anthropic:claude-haiku-4-5', {
      env: { ANTHROPIC_API_KEY: 'sk-configured', ANTHROPIC_BASE_URL: `${configured.url}/v1` },
    });
    await expect(generateText({ model, prompt: 'hi', maxRetries: 0 })).rejects.toThrow(
      /^The model server at .* redirected to http:\/\/127\.0\.0\.1:\d+; the request \(and its API key\) is not sent on/,
    );
    expect(configured.seen).toHaveLength(1);
    expect(configured.seen[0]?.headers['x-api-key']).toBe('sk-configured');
    expect(other.seen).toEqual([]);
  });

  it('follows a redirect within the same origin', async () => {
    const server = await recordingServer((req, res) => {
      if (req.url === '/old/chat/completions') {
        res.writeHead(308, { location: '/v1/chat/completions' });
        res.end();
      } else chatCompletion(res);
    });
    const { model } = resolveModel(`openai-compatible:${server.url}/old#m`, { env: {} });
    const { text } = await generateText({ model, prompt: 'hi', maxRetries: 0 });
    expect(text).toBe('ok');
    expect(server.seen.map((request) => request.path)).toEqual([
      '/old/chat/completions',
      '/v1/chat/completions',
    ]);
  });

  it('sends OPENAI_COMPATIBLE_API_KEY only to the base URL configured with it', async () => {
    const bound = await recordingServer((_req, res) => chatCompletion(res));
    const other = await recordingServer((_req, res) => chatCompletion(res));
    const env = {
      OPENAI_COMPATIBLE_API_KEY: 'sk-local',
      OPENAI_COMPATIBLE_BASE_URL: `${bound.url}/v1/`,
    };
    for (const url of [bound.url, other.url]) {
      const { model } = resolveModel(`openai-compatible:${url}/v1#m`, { env });
      await generateText({ model, prompt: 'hi', maxRetries: 0 });
    }
    expect(bound.seen[0]?.headers.authorization).toBe('Bearer sk-local');
    expect(other.seen).toHaveLength(1);
    expect(other.seen[0]?.headers.authorization).toBeUndefined();
  });

  it('takes the key out of a server’s error answer that echoes it (fresh-user trial 30)', async () => {
    const key = 'local-key-7f3a9c21';
    const echo = (status: number) =>
      recordingServer((req, res) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `auth was ${req.headers.authorization}` } }));
      });
    for (const [provider, variable, status] of [
      ['openai-compatible', 'OPENAI_COMPATIBLE_API_KEY', 500],
      ['openai-compatible', 'OPENAI_COMPATIBLE_API_KEY', 401],
      ['openai', 'OPENAI_API_KEY', 401],
    ] as const) {
      const server = await echo(status);
      const { model } =
        provider === 'openai'
          ? resolveModel('openai:gpt-4.1-mini', { env: { [variable]: key }, baseURL: server.url })
          : resolveModel(`openai-compatible:${server.url}/v1#m`, { env: { [variable]: key } });
      const error: unknown = await generateText({ model, prompt: 'hi', maxRetries: 0 }).then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect(server.seen[0]?.headers.authorization).toBe(`Bearer ${key}`);
      expect(error instanceof Error && error.message).toContain(
        'auth was Bearer [withheld: the API key]',
      );
      expect(JSON.stringify(error)).not.toContain(key);
    }
  });
});
