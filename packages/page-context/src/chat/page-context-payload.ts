/**
 * The browser side of a chat with a server route: what goes with each message (`pageContext` in
 * the request body) and running the page actions the model called. The page's tools are sent as
 * definitions (name, description, JSON Schema); their `execute` stays here, in the page.
 */
import { asSchema } from 'ai';
import type { PageTools } from '../tools/to-tools.js';

/** A page action as the server sees it: no `execute`, a JSON Schema for its input. */
export interface PageToolDefinition {
  /** The tool name (`set_status`, `filters__reset`; 1–64 of `[a-zA-Z0-9_-]`). */
  name: string;
  description: string;
  /** JSON Schema (draft 2020-12 as the AI SDK emits it) of the input object. */
  inputSchema: Record<string, unknown>;
}

/** What goes with each chat message: the page's Markdown and its actions. */
export interface PageContextPayload {
  /** The page as page context renders it (whole, or the change since the previous turn). */
  markdown: string;
  tools: PageToolDefinition[];
}

/**
 * Turns a read of the page (`usePageSnapshot()(…)`, or `toMarkdown` + `toTools`) into the
 * request body part a server route expects (`pageContextPayloadSchema` of
 * `@sightline/page-context/server`).
 * @param page - `markdown` and the AI SDK `tools` of the read.
 * @returns the Markdown and one definition per tool, with its input's JSON Schema.
 * @example
 * body: async () => ({ pageContext: await toPageContextPayload(read({ root: document.body })) })
 */
export async function toPageContextPayload(page: {
  markdown: string;
  tools: PageTools;
}): Promise<PageContextPayload> {
  return {
    markdown: page.markdown,
    tools: await Promise.all(
      Object.entries(page.tools).map(async ([name, definition]) => ({
        name,
        description: definition.description ?? '',
        inputSchema: (await asSchema(definition.inputSchema).jsonSchema) as Record<string, unknown>,
      })),
    ),
  };
}

/**
 * Runs a page action the model called (schema-checked by the tool, as the agent would run it).
 * For `useChat`'s `onToolCall`; hand the result to `addToolOutput`.
 * @param tools - the page's tools now (`read().tools`).
 * @returns the tool's result (a model-readable error object when the input is invalid or the
 *   handler throws), or `undefined` when the page has no such tool (a tool the server runs).
 */
export async function runPageTool(
  tools: PageTools,
  toolCall: { toolName: string; input: unknown; toolCallId: string },
): Promise<unknown> {
  const pageTool = tools[toolCall.toolName];
  if (!pageTool?.execute) return undefined;
  return pageTool.execute(toolCall.input, { toolCallId: toolCall.toolCallId, messages: [] });
}
