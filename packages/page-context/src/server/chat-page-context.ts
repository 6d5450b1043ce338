/**
 * The server side of a chat whose page actions run in the browser: checks the `pageContext` a
 * request carries, puts the page's Markdown into the system prompt, and turns the page's action
 * definitions into AI SDK tools without `execute` — `streamText` ends the step with the tool call,
 * the browser runs it (`useChat`'s `onToolCall`) and sends the result with the next request.
 * Server-safe: no DOM, no React, no tokenizer.
 */
import { jsonSchema, type Tool, tool } from 'ai';
import { z } from 'zod';
import type { PageContextPayload } from '../chat/page-context-payload.js';
import { USER_CONTENT_LABEL, USER_CONTENT_NOTE } from '../render/user-content.js';

/** Characters of page Markdown a request may carry (about 100,000 tokens). */
export const MAX_PAGE_CONTEXT_CHARS = 400_000;
/** Page actions a request may carry. */
export const MAX_PAGE_TOOLS = 64;

/**
 * Schema of the `pageContext` a request body carries (`toPageContextPayload` in the browser);
 * use it in the route's body schema so that a bad payload is a 400 with the field that failed.
 */
export const pageContextPayloadSchema = z.object({
  markdown: z.string().max(MAX_PAGE_CONTEXT_CHARS).describe('The page as page context renders it'),
  tools: z
    .array(
      z.object({
        name: z
          .string()
          .regex(/^[a-zA-Z0-9_-]{1,64}$/, 'a tool name is 1-64 of a-z, A-Z, 0-9, _ and -'),
        description: z.string().max(2_000),
        inputSchema: z.record(z.string(), z.unknown()),
      }),
    )
    .max(MAX_PAGE_TOOLS)
    .describe('The page actions, run by the browser'),
}) satisfies z.ZodType<PageContextPayload>;

/** Heading that introduces the page in the system prompt. */
export const PAGE_CONTEXT_HEADING = '# The page the user sees now';

/** What {@link chatPageContext} gives `streamText`. */
export interface ChatPageContext {
  /** The instructions, then the page under {@link PAGE_CONTEXT_HEADING}. */
  system: string;
  /** One tool per page action, without `execute`: the browser runs them. */
  tools: Record<string, Tool>;
}

/**
 * Builds the system prompt and the execute-less page tools of one chat request.
 * @param instructions - the assistant's instructions (first part of the system prompt).
 * @param page - the request's `pageContext` (checked with {@link pageContextPayloadSchema});
 *   `undefined`: the instructions alone and no page tools.
 * @returns `system` and `tools` for `streamText` (merge `tools` with the server's own).
 * @example
 * const { system, tools } = chatPageContext(INSTRUCTIONS, body.pageContext);
 * return streamText({ model, system, tools, messages: await convertToModelMessages(messages) })
 *   .toUIMessageStreamResponse({ originalMessages: messages });
 */
export function chatPageContext(
  instructions: string,
  page: PageContextPayload | undefined,
): ChatPageContext {
  const tools: Record<string, Tool> = {};
  for (const definition of page?.tools ?? []) {
    tools[definition.name] = tool({
      description: definition.description,
      inputSchema: jsonSchema(definition.inputSchema),
    });
  }
  // The page's user-written fields are fenced and labelled; say what the label means.
  const note = page?.markdown.includes(USER_CONTENT_LABEL) ? `\n\n${USER_CONTENT_NOTE}` : '';
  const system = page
    ? `${instructions}${note}\n\n${PAGE_CONTEXT_HEADING}\n\n${page.markdown}`
    : instructions;
  return { system, tools };
}
