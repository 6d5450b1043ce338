/**
 * Builds Sightline's MCP server for one repository: the read-only code tools, the repository map,
 * the report tools, `investigate`, and the resources. One server serves one client connection;
 * the HTTP transport builds one per session, all sharing one {@link RepositoryContext}.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { registerCodeTools } from './code-tools.js';
import { registerInvestigateTool } from './investigate-tool.js';
import { registerMapTool } from './map-tool.js';
import { registerReportTools } from './report-tools.js';
import type { RepositoryContext } from './repository-context.js';
import { registerResources } from './resources.js';

/** Name and version the server gives in the initialize handshake. */
const SERVER_INFO = { name: 'sightline', version: '0.1.0' } as const;

/** What the server tells a client about itself in the initialize handshake. */
const INSTRUCTIONS = `Sightline serves one repository read-only. Start with repo_map to get oriented, then grep, find_symbol and read_file; paths are relative to the repository root and cannot leave it; secret files (.env, keys) are refused. For a bug report: localize ranks suspect locations; investigate returns a verified diagnosis; verify_diagnosis checks a diagnosis you wrote yourself against the code.`;

/**
 * Creates the MCP server for `context`'s repository (not yet connected to a transport).
 * @param context - the repository and models, shared between sessions.
 * @param log - receives diagnostic lines (never written to stdout). Default: dropped.
 * @returns the server; connect it with `server.connect(transport)`.
 */
export function createSightlineServer(
  context: RepositoryContext,
  log: (line: string) => void = () => {},
): McpServer {
  const server = new McpServer(SERVER_INFO, { instructions: INSTRUCTIONS });
  // The SDK drops what it cannot read (a stdin line that is not JSON, an unknown message) unless
  // told; a client author debugging the connection needs to see it.
  server.server.onerror = (error) => log(`protocol error: ${protocolErrorLine(error)}`);
  registerMapTool(server, context);
  registerCodeTools(server, context);
  registerReportTools(server, context);
  registerInvestigateTool(server, context);
  registerResources(server, context, log);
  return server;
}

/** Longest protocol-error line logged, characters. */
const MAX_PROTOCOL_ERROR_CHARS = 300;

/**
 * One line for a protocol error: a message that is JSON but not JSON-RPC 2.0 fails the SDK's
 * schema, whose error message is the whole list of schema issues as indented JSON (50–150 lines
 * for `[]` or `{}`); it is told as its first issue. Other errors keep their message, on one line.
 * @param error - what the SDK reported.
 * @returns at most {@link MAX_PROTOCOL_ERROR_CHARS} characters, no line break.
 */
function protocolErrorLine(error: Error): string {
  const first = firstIssue((error as { issues?: unknown }).issues);
  const line =
    first !== undefined
      ? `a message that is not JSON-RPC 2.0 was dropped (${String(first.message ?? 'invalid')})`
      : error.message.replace(/\s+/g, ' ').trim();
  return line.length > MAX_PROTOCOL_ERROR_CHARS
    ? `${line.slice(0, MAX_PROTOCOL_ERROR_CHARS - 1)}…`
    : line;
}

/** A schema issue (zod's shape): a union's issue holds each alternative's issues. */
interface SchemaIssue {
  message?: unknown;
  errors?: unknown;
}

/** The first issue of `issues`, inside the first alternative of a union (its first leaf). */
function firstIssue(issues: unknown): SchemaIssue | undefined {
  let issue = Array.isArray(issues) ? (issues[0] as SchemaIssue | undefined) : undefined;
  for (let depth = 0; depth < 8 && issue !== undefined; depth += 1) {
    const alternatives = issue.errors;
    const inner =
      Array.isArray(alternatives) && Array.isArray(alternatives[0])
        ? alternatives[0][0]
        : undefined;
    if (inner === undefined) break;
    issue = inner as SchemaIssue;
  }
  return issue;
}
