/**
 * The four read-only code tools over MCP — `grep`, `read_file`, `list_dir`, `find_symbol` — with
 * the descriptions and input schemas of the agent's own tools (`codeToolSpecs`) and the same
 * functions behind them: sandboxed to the repository root, secret files refused, output capped.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { codeToolSpecs, findSymbol, grep, listDir, readFile } from '@sightline/codebase';
import type { RepositoryContext } from './repository-context.js';
import { fromCodeToolResult, guarded, READ_ONLY } from './tool-response.js';

/**
 * Registers the code tools on `server`.
 * @param server - the MCP server.
 * @param context - the repository they read.
 */
export function registerCodeTools(server: McpServer, context: RepositoryContext): void {
  const specs = codeToolSpecs();
  const { root } = context;
  server.registerTool(
    'grep',
    { ...specs.grep, annotations: READ_ONLY },
    ({ pattern, ...options }) =>
      guarded(async () => fromCodeToolResult(await grep(root, pattern, options))),
  );
  server.registerTool(
    'read_file',
    { ...specs.read_file, annotations: READ_ONLY },
    ({ path, ...range }) =>
      guarded(async () => fromCodeToolResult(await readFile(root, path, range))),
  );
  server.registerTool(
    'list_dir',
    { ...specs.list_dir, annotations: READ_ONLY },
    ({ path, depth }) =>
      guarded(async () => fromCodeToolResult(await listDir(root, path, { depth }))),
  );
  server.registerTool(
    'find_symbol',
    { ...specs.find_symbol, annotations: READ_ONLY },
    ({ name, kind }) =>
      guarded(async () =>
        fromCodeToolResult(await findSymbol(await context.getIndex(), name, { kind })),
      ),
  );
}
