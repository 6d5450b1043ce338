/**
 * Serves MCP over stdio: JSON-RPC messages on stdin and stdout. Nothing else may be written to
 * stdout, so every log line of the server goes to stderr.
 */
import { pipeline } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { STDIO_DEFAULT_MAX_BUFFER_SIZE } from '@modelcontextprotocol/sdk/shared/stdio.js';
import {
  ErrorCode,
  isJSONRPCErrorResponse,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  type JSONRPCMessage,
} from '@modelcontextprotocol/sdk/types.js';
import { createSightlineServer } from './create-server.js';
import { idOfDroppedLine } from './dropped-line-id.js';
import { createLineLimit, type DroppedLine } from './line-limit.js';
import { type RefusedMessageAnswer, refusedMessageAnswer } from './refused-message.js';
import type { RepositoryContext } from './repository-context.js';

/** Longest message read, in bytes: the SDK's read buffer, less the line feed. */
const MAX_MESSAGE_BYTES = STDIO_DEFAULT_MAX_BUFFER_SIZE - 1;

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
 * @param stdin - the stream the transport reads, a line of over 10 MiB (the SDK's read buffer)
 *   dropped and answered with a JSON-RPC error (code -32600, with the request's `id` when one end
 *   of the line holds it, `idOfDroppedLine`, else null), as is a line that is not
 *   a JSON-RPC 2.0 message (`refusedMessageAnswer`: -32700 or -32600). Default `process.stdin`.
 * @returns the connected server.
 */
export async function serveStdio(
  context: RepositoryContext,
  log: (line: string) => void,
  stdin: NodeJS.ReadableStream = process.stdin,
): Promise<StdioServerHandle> {
  const server = createSightlineServer(context, log);
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
  // A line too long for the SDK's read buffer would close the transport, and a line that is not a
  // JSON-RPC message would only be reported by it: both are dropped before and answered here. A
  // stdin error reaches the transport, which reports it (server.onerror).
  const lines = createLineLimit({
    maxBytes: MAX_MESSAGE_BYTES,
    onDropped: refuseLongLine,
    drop: refuseUnreadable,
  });
  pipeline(stdin, lines, () => {});
  const transport = new StdioServerTransport(lines);
  const send = transport.send.bind(transport);
  function refuseLongLine({ bytes, head, tail }: DroppedLine) {
    const mebibytes = (MAX_MESSAGE_BYTES / 1_048_576).toFixed(0);
    const message = `Message too long: a line of ${bytes} bytes was dropped; the limit is ${mebibytes} MiB. Send a shorter message (of a report, the error, its stack trace and the steps).`;
    const id = idOfDroppedLine(head.toString('utf8'), tail.toString('utf8'));
    refuse({ jsonrpc: '2.0', id, error: { code: ErrorCode.InvalidRequest, message } });
  }
  // A blank line is dropped unanswered: it holds no request.
  function refuseUnreadable(line: Buffer): boolean {
    const text = line.toString('utf8');
    if (text.trim() === '') return true;
    const answer = refusedMessageAnswer(text);
    if (answer) refuse(answer);
    return answer !== null;
  }
  // Answered as JSON-RPC 2.0 answers a request it cannot read, and counted as a request until
  // then. The SDK's types have no null id, hence the cast.
  function refuse(answer: RefusedMessageAnswer) {
    log(`protocol error: ${answer.error.message}`);
    unanswered += 1;
    void send(answer as unknown as JSONRPCMessage).then(() => {
      unanswered -= 1;
      finish();
    });
  }
  await server.connect(transport);

  const receive = transport.onmessage;
  transport.onmessage = (message) => {
    if (isJSONRPCRequest(message)) unanswered += 1;
    receive?.(message);
  };
  transport.send = async (message) => {
    await send(message);
    if (isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message)) {
      unanswered -= 1;
      finish();
    }
  };
  lines.once('end', () => {
    ended = true;
    finish();
  });
  return {
    finished,
    async close() {
      await server.close();
      // Ends the pipe from stdin too (pipeline), which would otherwise keep the process alive.
      lines.destroy();
    },
  };
}
