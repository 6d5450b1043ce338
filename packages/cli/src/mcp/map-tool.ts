/**
 * `repo_map`: the repository map — the most important definitions, ranked around an optional
 * focus, within a token budget — as `sightline map` prints it.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { renderRepositoryMap } from '@sightline/codebase';
import { z } from 'zod';
import { parseFocus } from '../format/parse-focus.js';
import type { RepositoryContext } from './repository-context.js';
import { guarded, MAX_TEXT_TOKENS, READ_ONLY, toolSuccess } from './tool-response.js';

/** Default budget of the map, in tokens (the agent's own map budget). */
export const DEFAULT_MAP_TOKENS = 1024;

/** One focus value: not blank, at most 1,000 characters. */
const FOCUS_VALUE = z
  .string()
  .max(1_000)
  .regex(/\S/, 'a focus value must name a file, a FILE:LINE or an identifier, not be blank');

/**
 * Registers `repo_map` on `server`.
 * @param server - the MCP server.
 * @param context - the repository to map.
 */
export function registerMapTool(server: McpServer, context: RepositoryContext): void {
  server.registerTool(
    'repo_map',
    {
      description: `Map of the repository: its most important files and the signatures of their definitions (functions, classes, methods, types) with 1-based line numbers, ranked by how much the rest of the code refers to them (PageRank over the reference graph), within a token budget. With focus, ranks around the given files, FILE:LINE stack frames or identifiers instead. Read it first to get oriented, then grep / read_file / find_symbol. Files without definitions may be listed by path only; a last line counts what the budget left out.`,
      inputSchema: z.object({
        // One value alone is taken too, and a blank one is refused as the CLI's --focus "" is
        // (fresh-user trials 41 and 42).
        focus: z
          .union([FOCUS_VALUE, z.array(FOCUS_VALUE).max(100)])
          .optional()
          .describe(
            'Rank around these: repository-relative file paths (`src/cart.ts`), stack frames (`src/cart.ts:42` or `src/cart.ts:42:7`, innermost first) or identifiers (`cartTotal`); one value or a list. Default: the whole repository.',
          ),
        tokens: z
          .number()
          .int()
          .min(64)
          .max(MAX_TEXT_TOKENS)
          .optional()
          .describe(
            `Token budget of the map, 64-${MAX_TEXT_TOKENS}. Default ${DEFAULT_MAP_TOKENS}.`,
          ),
      }),
      outputSchema: z.object({
        text: z.string(),
        tokens: z.number(),
        shownFiles: z.number(),
        omittedFiles: z.number(),
        files: z.array(z.object({ path: z.string(), rank: z.number() })),
      }),
      annotations: READ_ONLY,
    },
    ({ focus = [], tokens = DEFAULT_MAP_TOKENS }) =>
      guarded(async () => {
        const index = await context.getIndex();
        const values = typeof focus === 'string' ? [focus] : focus;
        const map = renderRepositoryMap(index, {
          focus: await parseFocus(index, values, { name: 'focus' }),
          tokens,
        });
        const text =
          map.text === ''
            ? `Nothing fit in ${tokens} tokens, or nothing in the repository was indexed (${index.files.size} files). Raise tokens.`
            : map.text;
        return toolSuccess(text, {
          text,
          tokens: map.tokens,
          shownFiles: map.shownFiles,
          omittedFiles: map.omittedFiles,
          files: map.files.map(({ path, rank }) => ({ path, rank })),
        });
      }),
  );
}
