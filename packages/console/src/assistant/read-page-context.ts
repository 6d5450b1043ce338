/**
 * Reads the page for the assistant at send time: the Markdown of the page-context registry
 * (opted-in components, the rest outlined by the DOM fallback) and the page's actions as tool
 * definitions (name, description, JSON Schema) for the chat route.
 */
import type { PageSnapshotReader } from '@sightline/page-context/react';
import { asSchema } from 'ai';

/** Tokens of page context sent with a message, at most. */
export const PAGE_CONTEXT_BUDGET_TOKENS = 4_000;

/** What goes with each message (`pageContext` of `POST /api/chat`). */
export interface PageContextPayload {
  markdown: string;
  tools: { name: string; description: string; inputSchema: unknown }[];
}

/** @returns the page now, with its tools' JSON Schemas. */
export async function readPageContext(read: PageSnapshotReader): Promise<PageContextPayload> {
  const { markdown, tools } = read({
    root: document.body,
    budgetTokens: PAGE_CONTEXT_BUDGET_TOKENS,
  });
  return {
    markdown,
    tools: await Promise.all(
      Object.entries(tools).map(async ([name, definition]) => ({
        name,
        description: definition.description ?? '',
        inputSchema: await asSchema(definition.inputSchema).jsonSchema,
      })),
    ),
  };
}

/**
 * Runs a page tool the model called, as the agent would (schema-checked by the tool).
 * @returns the tool's result, `undefined` when the page has no such tool (a server tool).
 */
export async function runPageTool(
  read: PageSnapshotReader,
  name: string,
  input: unknown,
  toolCallId: string,
): Promise<unknown> {
  const pageTool = read().tools[name];
  if (!pageTool?.execute) return undefined;
  return pageTool.execute(input, { toolCallId, messages: [] });
}
