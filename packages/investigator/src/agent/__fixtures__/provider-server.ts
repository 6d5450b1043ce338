/**
 * A local HTTP server on 127.0.0.1 that speaks one provider's wire protocol (Anthropic Messages,
 * OpenAI Responses or OpenAI-compatible Chat Completions; as server-sent events when the request
 * asks for a stream), answering request N from a script: an answer in the protocol's format, an HTTP error
 * with headers (429 with `retry-after`, 500), a connection that never answers, or a response cut
 * in the middle. Usage reports the request's tokens, and as cached the tokens of the prefix it
 * shares with the request before (when 1,024 or more, as both providers require).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { countTokens } from '@sightline/core';
import type { ScriptedResponse } from '@sightline/core/testing';
import { sseEvents } from './provider-sse.js';
import { encodeAnswer, type RecordedRequest, type WireProtocol } from './provider-wire.js';

/** One scripted server answer. */
export type ServerAnswer =
  | Exclude<ScriptedResponse, { error: Error } | { hang: true }>
  | { status: number; headers?: Record<string, string>; body?: unknown }
  | { hang: true }
  | { cut: true };

/** A running server. */
export interface ProviderServer {
  /** The base URL to give the provider, e.g. `http://127.0.0.1:41234/v1`. */
  baseURL: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** How the server counts a request's input tokens, beyond what it was sent. */
export interface ProviderServerOptions {
  /**
   * Its context window, in tokens: a longer prompt is cut to it without an error and reported as
   * this many tokens (as Ollama does with `num_ctx`). Default: no window.
   */
  contextTokens?: number;
  /**
   * Leave the tokens of the prefix shared with the request before out of the count, and report
   * none as cached (some Ollama and llama.cpp versions). Default false.
   */
  omitCached?: boolean;
}

/** Starts a server for `protocol` that answers from `answers` in order. */
export async function startProviderServer(
  protocol: WireProtocol,
  answers: readonly ServerAnswer[],
  { contextTokens = Number.POSITIVE_INFINITY, omitCached = false }: ProviderServerOptions = {},
): Promise<ProviderServer> {
  const requests: RecordedRequest[] = [];
  const texts: string[] = [];
  const open = new Set<ServerResponse>();
  const server = createServer(async (request, response) => {
    const text = await readBody(request);
    requests.push({
      url: request.url ?? '',
      headers: Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
      ),
      body: JSON.parse(text || '{}'),
    });
    const cached = sharedPrefixTokens(texts.at(-1) ?? '', text);
    texts.push(text);
    const answer = answers[requests.length - 1];
    if (!answer) return send(response, 500, { error: { message: 'no scripted answer' } });
    if ('hang' in answer) {
      open.add(response);
      return;
    }
    const streaming = requests.at(-1)?.body.stream === true;
    if ('cut' in answer && streaming) {
      // The first events of an answer, then the connection drops mid-stream.
      const events = sseEvents(protocol, 'Looking', [], usage0(text), 0);
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(events.slice(0, 2).join(''));
      setTimeout(() => response.socket?.destroy(), 10);
      return;
    }
    if ('cut' in answer) {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '4096' });
      response.write('{"id":"msg_cut","type":"mess');
      setTimeout(() => response.socket?.destroy(), 10);
      return;
    }
    if ('status' in answer) {
      return send(response, answer.status, answer.body ?? { error: { message: 'scripted' } }, answer.headers);
    }
    const toolCalls = 'toolCalls' in answer ? answer.toolCalls : [];
    const read = Math.min(countTokens(text), contextTokens);
    const usage = omitCached
      ? { input: read - cached, output: countTokens(JSON.stringify(answer)), cached: 0 }
      : { input: read, output: countTokens(JSON.stringify(answer)), cached };
    if (streaming) {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const events = sseEvents(
        protocol,
        answer.text ?? '',
        toolCalls,
        usage,
        requests.length,
      );
      for (const event of events) response.write(event);
      response.end();
      return;
    }
    send(response, 200, encodeAnswer(protocol, answer.text ?? '', toolCalls, usage, requests.length));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise((resolve) => {
        for (const response of open) response.socket?.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function send(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

/** Tokens of the text two request bodies start with, when 1,024 or more; otherwise 0. */
function sharedPrefixTokens(before: string, now: string): number {
  let index = 0;
  while (index < before.length && index < now.length && before[index] === now[index]) index += 1;
  const tokens = index === 0 ? 0 : countTokens(now.slice(0, index));
  return tokens >= 1024 ? tokens : 0;
}

/** Usage of an answer that never finished: the input only. */
function usage0(text: string) {
  return { input: countTokens(text), output: 0, cached: 0 };
}
