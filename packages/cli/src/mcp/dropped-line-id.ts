/**
 * Reads the id of a message dropped for its length from its two ends, so that the refusal answers
 * that request and its client does not wait for it forever. A client may write the id first
 * (`{"jsonrpc":"2.0","id":1,"method":…`) or last, as the MCP SDK's own client does
 * (`{"method":…,"params":{…},"jsonrpc":"2.0","id":1}`). Each end is read with `JSON.parse` only:
 * the head cut at a comma and closed with `}`, the tail opened with `{` after a comma, which parse
 * only where the cut falls between two members of the outermost object.
 */
import { type RequestId, RequestIdSchema } from '@modelcontextprotocol/sdk/types.js';
import { jsonObjectOf } from '../io/json-object.js';

/**
 * The id of a message of which only the ends are known.
 * @param head - the line's first characters (a few KiB at most: each comma in it costs a parse).
 * @param tail - the line's last characters, likewise.
 * @returns the `id` of the outermost JSON object when either end holds it whole and it is a
 *   JSON-RPC request id (a string or an integer), else null.
 */
export function idOfDroppedLine(head: string, tail: string): RequestId | null {
  for (const members of [headMembers(head), tailMembers(tail)]) {
    const id = RequestIdSchema.safeParse(members?.id);
    if (id.success) return id.data;
  }
  return null;
}

/** The members whole in the head, from the longest cut that parses. */
function headMembers(head: string): Record<string, unknown> | null {
  for (let comma = head.lastIndexOf(','); comma > 0; comma = head.lastIndexOf(',', comma - 1)) {
    const members = jsonObjectOf(`${head.slice(0, comma)}}`);
    if (members) return members;
  }
  return null;
}

/** The members whole in the tail, from the longest cut that parses. */
function tailMembers(tail: string): Record<string, unknown> | null {
  for (let comma = tail.indexOf(','); comma !== -1; comma = tail.indexOf(',', comma + 1)) {
    const members = jsonObjectOf(`{${tail.slice(comma + 1)}`);
    if (members) return members;
  }
  return null;
}
