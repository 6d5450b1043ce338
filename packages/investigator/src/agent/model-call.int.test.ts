import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SightlineError } from '@sightline/core';
import { resolveModel } from '@sightline/models';
import { generateText } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callModel } from './model-call.js';

/** A local server that answers every request HTTP 200 with `body` as `type`. */
async function answering(type: string, body: string): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(200, { 'content-type': type }).end(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** The error of one call through an OpenAI-compatible model at `url`. */
async function failure(url: string): Promise<SightlineError> {
  const { model } = resolveModel(`openai-compatible:${url}/v1#tiny`);
  const error = await callModel('tiny', model, (recorded) =>
    generateText({ model: recorded, prompt: 'hi', maxRetries: 0 }),
  ).catch((thrown: unknown) => thrown);
  if (!SightlineError.isInstance(error)) throw new Error(`not a SightlineError: ${String(error)}`);
  return error;
}

describe('callModel with a server that is not a model API', () => {
  const servers: Server[] = [];
  let html: string;
  let text: string;
  beforeAll(async () => {
    const page = await answering('text/html', '<!DOCTYPE html><html><body>Admin</body></html>');
    const plain = await answering('application/json', '{"status":"ok"}');
    servers.push(page.server, plain.server);
    html = page.url;
    text = plain.url;
  });
  afterAll(() => {
    for (const server of servers) server.close();
  });

  it('says the URL answered with a web page, not a model, and what to check', async () => {
    const error = await failure(html);
    expect(error.code).toBe('MODEL_CALL_FAILED');
    expect(error.message).toBe(
      `The server of model tiny at ${html} answered HTTP 200 with an HTML page, not its API's JSON: the URL probably points at something other than the model API. Check the server URL in --model (an OpenAI-compatible server's ends in /v1 as a rule) and that the server speaks that provider's protocol.`,
    );
    expect(error.details).toMatchObject({ statusCode: 200, notModelApi: true });
  });

  it('says so of JSON that is not the API’s answer too', async () => {
    const error = await failure(text);
    expect(error.message).toContain(
      'answered HTTP 200 with JSON that is not its API’s answer: the URL',
    );
  });
});
