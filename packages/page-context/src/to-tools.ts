/**
 * AI SDK tools from a snapshot: one tool per declared action, named `<type>_<id>__<action>` (see
 * `tool-name.ts`), plus a generic `expand_node({id})` that returns a node's full data, its children
 * and its `details()` — what the Markdown left out, fetched only when the agent asks.
 *
 * Input is validated by the action's zod schema inside `execute`, not by the SDK, so that invalid
 * input comes back as a `{ error: { code, message } }` value the model can read and correct; a
 * failing handler does too. No tool here throws.
 */
import { SightlineError } from '@sightline/core';
import { jsonSchema, type Tool, tool } from 'ai';
import { findTitle } from './format-data.js';
import { toolErrorValue } from './page-action.js';
import { serializeValue } from './serialize-value.js';
import type { JsonObject, JsonValue, PageSnapshot, PageSnapshotNode } from './types.js';

/** Name of the generic tool that fetches a node's details. */
export const EXPAND_NODE_TOOL = 'expand_node';

/** Tools by name, ready for `generateText({ tools })`. */
export type PageTools = Record<string, Tool<unknown, JsonValue>>;

/** Options of {@link toTools}. */
export interface ToToolsOptions {
  /** Add `expand_node`. Default true. */
  expandNode?: boolean;
  /** Cap on the serialized `details()` returned by `expand_node`, in bytes. Default 32,768. */
  maxDetailsBytes?: number;
}

type JsonSchemaInput = Parameters<typeof jsonSchema>[0];

const EXPAND_NODE_SCHEMA = {
  type: 'object',
  properties: { id: { type: 'string', description: 'Node id, shown in [brackets] in the page' } },
  required: ['id'],
  additionalProperties: false,
} as const;

/**
 * Builds the tools of a snapshot.
 * @param snapshot - from `registry.snapshot()` (functions included; the JSON form has none).
 * @param options - whether to add `expand_node`, cap on details.
 * @returns tools by name; names match `^[a-zA-Z0-9_-]{1,64}$` and never collide.
 * @example
 * const snapshot = registry.snapshot();
 * await generateText({ model, system: toMarkdown(snapshot), tools: toTools(snapshot), prompt });
 */
export function toTools(snapshot: PageSnapshot, options: ToToolsOptions = {}): PageTools {
  const { expandNode = true, maxDetailsBytes = 32_768 } = options;
  const tools: PageTools = {};
  const nodes = new Map<string, PageSnapshotNode>();
  const visit = (node: PageSnapshotNode): void => {
    nodes.set(node.id, node);
    const { title } = findTitle(node.data);
    const where = `${node.type}${title ? ` "${title}"` : ''} [${node.id}]`;
    for (const action of node.actions) {
      tools[action.toolName] = tool<unknown, JsonValue>({
        description: `${action.description} (on ${where})`,
        inputSchema: jsonSchema<unknown>(action.inputSchema as JsonSchemaInput),
        // run() validates, never throws, and caps the result at 4 KB (see runPageAction).
        execute: (input) => action.run(input),
      });
    }
    for (const child of node.children) visit(child);
  };
  for (const root of snapshot.roots) visit(root);
  if (expandNode) {
    tools[EXPAND_NODE_TOOL] = tool<unknown, JsonValue>({
      description:
        "Read one page node in full: its data, its children and its details (e.g. all rows of a table, a chart's raw series). Use the id shown in [brackets].",
      inputSchema: jsonSchema<unknown>(EXPAND_NODE_SCHEMA as JsonSchemaInput),
      execute: (input) => expand(nodes, input, maxDetailsBytes),
    });
  }
  return tools;
}

async function expand(
  nodes: ReadonlyMap<string, PageSnapshotNode>,
  input: unknown,
  maxDetailsBytes: number,
): Promise<JsonValue> {
  try {
    const id = (input as { id?: unknown } | null)?.id;
    if (typeof id !== 'string') {
      throw new SightlineError({
        code: 'INVALID_ARGUMENT',
        message:
          'expand_node needs {"id": "<node id>"}; use an id shown in [brackets] in the page.',
      });
    }
    const node = nodes.get(id);
    if (!node) {
      throw new SightlineError({
        code: 'NODE_NOT_FOUND',
        message: `No page node "${id}" in the current page context; use an id shown in [brackets].`,
        details: { nodeId: id },
      });
    }
    const result: JsonObject = {
      id: node.id,
      type: node.type,
      data: node.data,
      tools: node.actions.map((action) => action.toolName),
      children: node.children.map((child): JsonObject => {
        const { title } = findTitle(child.data);
        return title
          ? { id: child.id, type: child.type, title }
          : { id: child.id, type: child.type };
      }),
    };
    if (node.details) {
      try {
        result.details = serializeValue(await node.details(), {
          maxBytes: maxDetailsBytes,
          maxEntries: 1000,
          maxStringLength: 4000,
          maxDepth: 8,
        });
      } catch (error) {
        result.details = toolErrorValue(error);
      }
    }
    return result;
  } catch (error) {
    return toolErrorValue(error);
  }
}
