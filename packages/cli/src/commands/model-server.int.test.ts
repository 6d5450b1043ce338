/**
 * A model server that is down or broken is reported as what happened, with exit 6: a closed port
 * (connection refused), a server that closes the connection before its answer is complete, a
 * server answering HTTP 500, one that keeps limiting the rate (HTTP 429)
 * and one that never answers (within `--timeout`); one that refuses the API key (HTTP 401) is a configuration mistake, exit 2. All
 * are real servers on 127.0.0.1 driven through the OpenAI-compatible provider `--model` resolves.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createFakeRepository, type FakeRepository } from '@sightline/investigator/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exitCodeFor } from '../run/exit-code-for.js';
import { memoryOutput } from '../testing/memory-output.test-helper.js';
import { runInvestigate } from './investigate.js';

let repo: FakeRepository;
let reportFile: string;
let failing: Server;
let failingUrl: string;
let limiting: Server;
let limitingUrl: string;
let limited = 0;
let refusing: Server;
let refusingUrl: string;
let silent: Server;
let silentUrl: string;
let closedUrl: string;
let dropping: Server;
let droppingUrl: string;
let cutting: Server;
let cuttingUrl: string;
let requests = 0;

/** Listens on a free port of 127.0.0.1 and returns the base URL. */
async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  repo = await createFakeRepository();
  const work = await mkdtemp(path.join(tmpdir(), 'sightline-model-server-'));
  reportFile = path.join(work, 'report.md');
  await writeFile(reportFile, repo.reportText);
  failing = createServer((_request, response) => {
    requests += 1;
    response.writeHead(500, { 'content-type': 'application/json' });
    response.end('{"error":{"message":"out of GPU memory"}}');
  });
  failingUrl = await listen(failing);
  // Asks to be called again at once (`retry-after-ms`, which the AI SDK reads), and never serves.
  limiting = createServer((_request, response) => {
    limited += 1;
    response.writeHead(429, { 'content-type': 'application/json', 'retry-after-ms': '1' });
    response.end('{"error":{"message":"Rate limit reached for requests"}}');
  });
  limitingUrl = await listen(limiting);
  refusing = createServer((_request, response) => {
    response.writeHead(401, { 'content-type': 'application/json' });
    response.end('{"error":{"message":"Invalid API key"}}');
  });
  refusingUrl = await listen(refusing);
  // Accepts the connection and the request, and never answers.
  silent = createServer(() => {});
  silentUrl = await listen(silent);
  // Reads the request and closes the connection without a word (a proxy or a crashed worker).
  dropping = createServer((request) => request.socket.destroy());
  droppingUrl = await listen(dropping);
  // Starts a 200 answer and closes the connection part-way through its body.
  cutting = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': '4096' });
    response.write('{"id":"chatcmpl-1","choices":[');
    setTimeout(() => request.socket.destroy(), 20);
  });
  cuttingUrl = await listen(cutting);
  // A port that was free a moment ago and is closed now: connecting is refused.
  const closed = createServer();
  closedUrl = await listen(closed);
  await new Promise((resolve) => closed.close(resolve));
});
afterAll(async () => {
  failing.close();
  limiting.close();
  refusing.close();
  silent.closeAllConnections();
  silent.close();
  dropping.close();
  cutting.close();
  await repo.cleanup();
});

/**
 * Runs `investigate --model openai-compatible:<url>/v1#m`, by default with a long step timeout; a
 * thrown error ends as `runAction` ends it on the command line (its message, its exit code).
 */
async function investigateWith(url: string, timeout = 600, format: 'md' | 'json' = 'md') {
  const io = Object.assign(memoryOutput(), {
    progress: { update() {}, succeed() {}, fail() {} },
    env: {},
  });
  const code = await runInvestigate(
    {
      repo: repo.root,
      report: reportFile,
      model: `openai-compatible:${url}/v1#m`,
      format,
      cache: false,
      // By default far longer than the test's own timeout: the failure must come from the answer.
      timeout,
    },
    io,
  ).catch((error: unknown) => {
    io.stderr(`sightline: ${(error as Error).message}\n`);
    return exitCodeFor(error);
  });
  return { code, ...io };
}

describe('a model server that is down or broken', { timeout: 60_000 }, () => {
  it('says the connection was refused and exits 6', async () => {
    const run = await investigateWith(closedUrl);
    expect(run.code).toBe(6);
    expect(run.err).toContain(
      `sightline: The model server of openai-compatible:m at ${closedUrl} refused the connection: nothing listens there (ECONNREFUSED). Start the server, or fix the URL or host in --model.\n`,
    );
    expect(run.err).not.toContain('in time');
    expect(run.out).toBe('');
  });

  // The AI SDK retries a refused connection 2 s later; a --timeout shorter than that ends the wait
  // for the retry, and the failure it would have retried is still the one told.
  it('says the connection was refused, not a timeout, when --timeout ends the wait to retry', async () => {
    const run = await investigateWith(closedUrl, 1);
    expect(run.code).toBe(6);
    expect(run.err).toContain(
      `sightline: The model server of openai-compatible:m at ${closedUrl} refused the connection: nothing listens there (ECONNREFUSED). Start the server, or fix the URL or host in --model.\n`,
    );
    expect(run.err).not.toContain('in time');
    expect(run.out).toBe('');
  });

  it('prints the failure as JSON on stdout when asked for JSON', async () => {
    // A script reading `--json` output met an empty document at exit 6 (a fresh-user trial).
    const run = await investigateWith(closedUrl, 600, 'json');
    expect(run.code).toBe(6);
    expect(JSON.parse(run.out)).toEqual({
      error: {
        code: 'MODEL_CALL_FAILED',
        message: expect.stringContaining('refused the connection'),
        exitCode: 6,
      },
    });
    expect(run.err).toContain('refused the connection');
  });

  it("says Node's fetch refuses a blocked port and exits 6", async () => {
    // Port 9 (discard) is on the Fetch standard's list of blocked ports: no connection is tried.
    const run = await investigateWith('http://127.0.0.1:9');
    expect(run.code).toBe(6);
    expect(run.err).toContain(
      "sightline: The model server of openai-compatible:m at http://127.0.0.1:9 cannot be reached: Node's fetch refuses to connect to port 9 (a port the Fetch standard blocks). Run the server on another port and fix it in --model.\n",
    );
  });

  it('says the server closed the connection, before answering or part-way, and exits 6', async () => {
    // Fresh-user trial 38: undici's "other side closed" (UND_ERR_SOCKET) exited 3, as if the
    // model had answered something invalid.
    for (const url of [droppingUrl, cuttingUrl]) {
      const run = await investigateWith(url);
      expect(run.code).toBe(6);
      expect(run.err).toContain(
        `sightline: The model server of openai-compatible:m at ${url} closed the connection before it finished answering (UND_ERR_SOCKET). The server or a proxy before it dropped the request: check its logs, then run again.\n`,
      );
    }
  });

  it('says an https URL reaches a server speaking plain HTTP, and exits 2 (a configuration mistake)', async () => {
    // Fresh-user trial 38: OpenSSL's "ssl3_get_record:wrong version number", exit 3.
    const https = failingUrl.replace('http:', 'https:');
    const run = await investigateWith(https);
    expect(run.code).toBe(2);
    expect(run.err).toContain(
      `sightline: The model server of openai-compatible:m at ${https} answered in plain HTTP, not HTTPS (ERR_SSL_WRONG_VERSION_NUMBER): the URL in --model should probably start with http:// (${failingUrl}).\n`,
    );
    expect(run.err).not.toMatch(/ssl3_get_record|openssl/i);
  });

  it('says the server answered 500 and exits 6', async () => {
    const run = await investigateWith(failingUrl);
    expect(run.code).toBe(6);
    expect(run.err).toContain(
      `sightline: The model server of openai-compatible:m at ${failingUrl} failed: it answered HTTP 500 (out of GPU memory). The server is up but broken or overloaded: check its logs, or try again later.\n`,
    );
    // The AI SDK's default: the first call and 2 retries.
    expect(requests).toBe(3);
  });

  it('says a server that keeps answering 429 is limiting the rate, and exits 6', async () => {
    // Fresh-user trial 31: it was "the call failed (HTTP 429)", exit 3, with advice about keys.
    const run = await investigateWith(limitingUrl);
    expect(run.code).toBe(6);
    expect(run.err).toContain(
      `sightline: The model server of openai-compatible:m is limiting requests: it answered HTTP 429 (Rate limit reached for requests) to the call and to its retries. Nothing is wrong with the report or the repository: wait and run again, run fewer investigations at once, or raise the rate limit of the key or plan.\n`,
    );
    expect(limited).toBe(3);
  });

  it('says a server that never answers did not answer in time and exits 6', async () => {
    const run = await investigateWith(silentUrl, 1);
    expect(run.code).toBe(6);
    expect(run.err).toContain(
      'sightline: The model openai-compatible:m did not answer in time (Step timeout of 1000ms exceeded). Check that the server is up and the model is loaded, or allow more time per step (--timeout SECONDS).\n',
    );
    expect(run.out).toBe('');
  });
});

describe('a model server that refuses the API key', { timeout: 60_000 }, () => {
  it('says so, names the key variables and exits 2 (a configuration mistake)', async () => {
    const run = await investigateWith(refusingUrl);
    expect(run.code).toBe(2);
    expect(run.err).toContain(
      'sightline: The model server of openai-compatible:m refused the API key: it answered HTTP 401 (Invalid API key). Check OPENAI_COMPATIBLE_API_KEY: that it is current, complete and allowed to use this model.\n',
    );
    expect(run.out).toBe('');
  });
});
