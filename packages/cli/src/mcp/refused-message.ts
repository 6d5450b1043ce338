/**
 * The JSON-RPC 2.0 answer to a stdin line the server cannot take as a message. The SDK's stdio
 * transport only reports such a line (server.onerror) and answers nothing, so a client that sent
 * a request with an id would wait forever; JSON-RPC 2.0 (section 5.1) answers a line that is not
 * JSON with a parse error and a message that is not a request with an invalid-request error, with
 * the request's id when it can be read, else null.
 */
import { ErrorCode, JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';

/** An error answer whose id may be null, which the SDK's types do not allow. */
export interface RefusedMessageAnswer {
  jsonrpc: '2.0';
  id: string | number | null;
  error: { code: ErrorCode.ParseError | ErrorCode.InvalidRequest; message: string };
}

const EXAMPLE = '{"jsonrpc":"2.0","id":1,"method":"tools/list"}';

/**
 * The answer to one line of stdin when it is not a JSON-RPC 2.0 message.
 * @param line - the line, without its line feed (a trailing `\r` is allowed).
 * @returns a parse error (-32700, id null) for a line that is not JSON; an invalid request
 *   (-32600) for JSON that is no JSON-RPC 2.0 message (a batch included: MCP takes none), with the
 *   line's `id` when it is a string or a number, else null; null for a message to pass on.
 */
export function refusedMessageAnswer(line: string): RefusedMessageAnswer | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return {
      jsonrpc: '2.0',
      id: null,
      error: {
        code: ErrorCode.ParseError,
        message: `Parse error: the line is not JSON. Send one JSON-RPC 2.0 message a line, e.g. ${EXAMPLE}.`,
      },
    };
  }
  if (JSONRPCMessageSchema.safeParse(value).success) return null;
  const object = typeof value === 'object' && value !== null && !Array.isArray(value);
  const id = object ? (value as { id?: unknown }).id : undefined;
  return {
    jsonrpc: '2.0',
    id: typeof id === 'string' || typeof id === 'number' ? id : null,
    error: { code: ErrorCode.InvalidRequest, message: `Invalid Request: ${problemOf(value)}` },
  };
}

function problemOf(value: unknown): string {
  if (Array.isArray(value)) {
    return `a batch (a JSON array) is not taken over MCP. Send one message a line, e.g. ${EXAMPLE}.`;
  }
  if (typeof value !== 'object' || value === null) {
    return `the message is not a JSON object. Send one a line, e.g. ${EXAMPLE}.`;
  }
  const { jsonrpc, id } = value as { jsonrpc?: unknown; id?: unknown };
  if (jsonrpc !== '2.0') return `"jsonrpc" must be "2.0", e.g. ${EXAMPLE}.`;
  if (id !== undefined && typeof id !== 'string' && !Number.isInteger(id)) {
    return `"id" must be a string or an integer, e.g. ${EXAMPLE}.`;
  }
  return `not a JSON-RPC 2.0 request, notification or response (a request is e.g. ${EXAMPLE}).`;
}
