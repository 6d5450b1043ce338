/**
 * Serves MCP over stdio: JSON-RPC messages on stdin and stdout. Nothing else may be written to
 * stdout, so every log line of the server goes to stderr.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import {
  isJSONRPCErrorResponse,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
} from '@modelcontextprotocol/sdk/types.js';
import { createSightlineServer } from './create-server.js';
import type { RepositoryContext } from './repository-context.js';

/** A server connected to stdin and stdout. */
export interface StdioServerHandle {
  /** Resolves once the client has closed stdin and every request it sent has been answered. */
  finished: Promise<void>;
  /** Closes the server. */
  close(): Promise<void>;
}

/**
 * Connects a server for `context` to this process's stdin and stdout.
 * @param context - the repository.
 * @param log - receives log lines (to stderr).
 * @param stdin - the stream the transport reads. Default `process.stdin`.
 * @returns the connected server.
 */
export async function serveStdio(
  context: RepositoryContext,
  log: (line: string) => void,
  stdin: NodeJS.ReadableStream = process.stdin,
): Promise<StdioServerHandle> {
  const server = createSightlineServer(context, log);
  const transport = new StdioServerTransport();
  await server.connect(transport);

  // Requests still unanswered, so that a client that writes its requests and closes stdin at
  // once (a shell pipe) still gets every answer before the server stops.
  let unanswered = 0;
  let ended = false;
  let finish = () => {};
  const finished = new Promise<void>((resolve) => {
    finish = () => {
      if (ended && unanswered === 0) resolve();
    };
  });
  const receive = transport.onmessage;
  transport.onmessage = (message) => {
    if (isJSONRPCRequest(message)) unanswered += 1;
    receive?.(message);
  };
  const send = transport.send.bind(transport);
  transport.send = async (message) => {
    await send(message);
    if (isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message)) {
      unanswered -= 1;
      finish();
    }
  };
  stdin.once('end', () => {
    ended = true;
    finish();
  });
  return { finished, close: () => server.close() };
}
