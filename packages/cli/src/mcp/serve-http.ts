/**
 * Serves MCP over the streamable HTTP transport on `node:http`, at `/mcp`, with one session (one
 * transport and one server) per client, as in the SDK's stateful example: resource
 * subscriptions and progress notifications need a session to be sent to. Bound to 127.0.0.1 by
 * default, and protected against DNS rebinding by checking `Host` and `Origin`. A session idle for
 * {@link DEFAULT_SESSION_IDLE_MS} (no request in progress, no notification stream open) is closed,
 * so clients that vanish without a DELETE leak nothing; its id then gets the SDK's 404 "Session not found", on which MCP clients start a new session.
 * At most {@link DEFAULT_MAX_SESSIONS} sessions are open at once: a new one closes the least
 * recently used idle session, or is refused with 503 when every session is busy.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { SightlineError } from '@sightline/core';
import { createSightlineServer } from './create-server.js';
import { checkHostHeaders, isLoopback, LOOPBACK_HOSTNAMES } from './host-check.js';
import type { RepositoryContext } from './repository-context.js';

/** Path the server answers on. */
const MCP_PATH = '/mcp';

/**
 * Default idle time after which a session is closed: 30 minutes, in ms. Long enough for a person
 * to read an answer and ask again; an investigation in progress or an open notification stream
 * never counts as idle.
 */
export const DEFAULT_SESSION_IDLE_MS = 30 * 60_000;

/**
 * Default most sessions open at once. A session holds an MCP server and its repository watchers'
 * subscriptions; one per coding agent is the normal case, so 100 leaves room for many clients
 * while 1,000 abandoned sessions cannot pile up.
 */
export const DEFAULT_MAX_SESSIONS = 100;

/** JSON-RPC error code of the SDK's own "Session not found" answer. */
const SESSION_NOT_FOUND = -32001;

/** Options of {@link serveHttp}. */
export interface ServeHttpOptions {
  /** Port to listen on; 0 picks a free one. */
  port: number;
  /** Address to bind. Default `127.0.0.1`. */
  host?: string;
  /** Receives log lines. Default: dropped. */
  log?: (line: string) => void;
  /**
   * Time without a request after which a session is closed and its server released, in ms. The
   * timer runs only while the session has no request in progress and no open notification stream
   * (GET); it restarts when the last of them ends. Default {@link DEFAULT_SESSION_IDLE_MS}.
   */
  sessionIdleMs?: number;
  /**
   * Most sessions open at once. At the cap, a new session closes the least recently used idle
   * one; when all are busy it is refused with HTTP 503 and a JSON-RPC error. Default
   * {@link DEFAULT_MAX_SESSIONS}.
   */
  maxSessions?: number;
}

/** One client's session: its transport, its open responses, and its idle timer. */
interface Session {
  transport: StreamableHTTPServerTransport;
  /** Responses still open: requests in progress and notification streams (GET). */
  busy: number;
  timer?: NodeJS.Timeout;
  /** When the last request began, from `performance.now()`, in ms. */
  lastUsed: number;
}

/** A running HTTP server. */
export interface HttpServerHandle {
  /** The endpoint, e.g. `http://127.0.0.1:3333/mcp`. */
  url: string;
  /** The address and port actually bound. */
  address: AddressInfo;
  /** Closes every session and stops listening. */
  close(): Promise<void>;
}

/** Sends a JSON-RPC error with an HTTP status, as the SDK's transport does. */
function refuse(response: ServerResponse, status: number, message: string, code = -32000): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

/**
 * Starts the HTTP server.
 * @param context - the repository, shared by all sessions.
 * @param options - see {@link ServeHttpOptions}.
 * @returns the running server, once it listens.
 * @throws SightlineError `INVALID_ARGUMENT` when the port cannot be bound (in use, not allowed).
 */
export async function serveHttp(
  context: RepositoryContext,
  {
    port,
    host = '127.0.0.1',
    log = () => {},
    sessionIdleMs = DEFAULT_SESSION_IDLE_MS,
    maxSessions = DEFAULT_MAX_SESSIONS,
  }: ServeHttpOptions,
): Promise<HttpServerHandle> {
  // Bound to a non-loopback address on purpose, the server cannot know its public names.
  const allowedHosts = isLoopback(host) ? LOOPBACK_HOSTNAMES : undefined;
  const sessions = new Map<string, Session>();

  const expireWhenIdle = (session: Session) => {
    clearTimeout(session.timer);
    // Busy, or already closed (a DELETE ends the session during its own request).
    if (session.busy > 0 || sessions.get(session.transport.sessionId ?? '') !== session) return;
    session.timer = setTimeout(() => {
      log(
        `closing session ${session.transport.sessionId} after ${sessionIdleMs} ms without a request`,
      );
      void session.transport.close();
    }, sessionIdleMs);
    session.timer.unref();
  };

  /** Makes room for one more session; false when every open session is busy. */
  const makeRoom = async (): Promise<boolean> => {
    if (sessions.size < maxSessions) return true;
    let oldest: Session | undefined;
    for (const session of sessions.values()) {
      if (session.busy === 0 && (!oldest || session.lastUsed < oldest.lastUsed)) oldest = session;
    }
    if (!oldest) return false;
    log(`closing idle session ${oldest.transport.sessionId}: ${maxSessions} sessions are open`);
    await oldest.transport.close();
    return true;
  };

  const startSession = async (request: IncomingMessage, response: ServerResponse) => {
    if (!(await makeRoom())) {
      return refuse(
        response,
        503,
        `Too many open sessions (${maxSessions}), all busy. Close a session (DELETE /mcp) or try again when one ends.`,
      );
    }
    const server = createSightlineServer(context, log);
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        const session: Session = { transport, busy: 0, lastUsed: performance.now() };
        sessions.set(id, session);
        expireWhenIdle(session);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) {
        clearTimeout(sessions.get(transport.sessionId)?.timer);
        sessions.delete(transport.sessionId);
      }
      void server.close();
    };
    await server.connect(transport);
    await transport.handleRequest(request, response);
    // A first request that was not an initialize request leaves no session behind.
    if (!transport.sessionId) await server.close();
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const refusal = checkHostHeaders(request.headers, allowedHosts);
    if (refusal) return refuse(response, 403, refusal);
    if (new URL(request.url ?? '/', 'http://localhost').pathname !== MCP_PATH) {
      return refuse(response, 404, `Not found: the MCP endpoint is ${MCP_PATH}.`);
    }
    const id = request.headers['mcp-session-id'];
    if (typeof id === 'string') {
      const session = sessions.get(id);
      if (!session) {
        return refuse(
          response,
          404,
          'Session not found: initialize a new session.',
          SESSION_NOT_FOUND,
        );
      }
      // A request in progress, or an open notification stream (GET), keeps the session alive.
      session.busy += 1;
      session.lastUsed = performance.now();
      clearTimeout(session.timer);
      response.once('close', () => {
        session.busy -= 1;
        expireWhenIdle(session);
      });
      return session.transport.handleRequest(request, response);
    }
    if (request.method !== 'POST') {
      return refuse(response, 400, 'No session: send an initialize request by POST first.');
    }
    return startSession(request, response);
  };

  const http = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      log(`request failed: ${error instanceof Error ? (error.stack ?? error.message) : error}`);
      if (!response.headersSent) refuse(response, 500, 'Internal server error.');
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new SightlineError({
          code: 'INVALID_ARGUMENT',
          message: `Cannot listen on ${host}:${port} (${error.code ?? error.message}). Choose another --http port or --host.`,
          cause: error,
        }),
      ),
    );
    http.listen(port, host, () => resolve());
  });
  if (!allowedHosts) {
    log(
      `warning: bound to ${host}, so anyone who can reach it can read the repository; Host and Origin checks are off.`,
    );
  }
  const address = http.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}${MCP_PATH}`,
    address,
    async close() {
      await Promise.all([...sessions.values()].map(({ transport }) => transport.close()));
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
