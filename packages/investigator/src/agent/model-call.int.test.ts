import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SightlineError } from '@sightline/core';
import { resolveModel } from '@sightline/models';
import { generateText } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callModel } from './model-call.js';

/** A local server that answers every request HTTP `status` (200 by default) with `body` as `type`. */
async function answering(
  type: string,
  body: string,
  status = 200,
): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(status, { 'content-type': type }).end(body));
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
  let unsupported: string;
  let missingModel: string;
  beforeAll(async () => {
    const page = await answering('text/html', '<!DOCTYPE html><html><body>Admin</body></html>');
    const plain = await answering('application/json', '{"status":"ok"}');
    // What `python3 -m http.server` answers a POST.
    const staticServer = await answering(
      'text/html',
      "<!DOCTYPE HTML><html><body><h1>Error response</h1><p>Message: Unsupported method ('POST').</p></body></html>",
      501,
    );
    const unknownModel = await answering(
      'application/json',
      '{"error":{"message":"The model `tiny` does not exist","type":"invalid_request_error"}}',
      404,
    );
    servers.push(page.server, plain.server, staticServer.server, unknownModel.server);
    html = page.url;
    text = plain.url;
    unsupported = staticServer.url;
    missingModel = unknownModel.url;
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

  it('says a web server that does not serve the POST (HTTP 501, no JSON) is not the model API (trial 44)', async () => {
    const error = await failure(unsupported);
    expect(error.message).toContain(
      `The server of model tiny at ${unsupported} answered HTTP 501 with an HTML page, not its API's JSON: the URL probably points at something other than the model API.`,
    );
    expect(error.details).toMatchObject({ statusCode: 501, notModelApi: true });
    // The API's own JSON 404 (an unknown model id) is not taken for another server.
    const unknown = await failure(missingModel);
    expect(unknown.details).not.toMatchObject({ notModelApi: true });
    expect(unknown.message).toContain('does not exist');
  });

  it('says so of JSON that is not the API’s answer too', async () => {
    const error = await failure(text);
    expect(error.message).toContain(
      'answered HTTP 200 with JSON that is not its API’s answer: the URL',
    );
  });
});
