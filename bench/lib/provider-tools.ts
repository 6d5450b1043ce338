/**
 * What a provider package actually sends for a set of tools: the real `@ai-sdk/anthropic` and
 * `@ai-sdk/openai` (Responses API) providers are called through `generateText` with a fake `fetch`
 * that keeps the request body and answers 400, so nothing leaves the machine. The `tools` field of
 * that body, as JSON, is what the model is given (each provider passes descriptions and schemas
 * through verbatim).
 */
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { generateText, jsonSchema, type ToolSet, tool } from 'ai';

/** A tool as given to a model: name, description, JSON Schema of its input. */
export interface ToolDefinition {
  name: string;
  description: string;
  inputSchema: unknown;
}

/** Providers measured. */
export const PROVIDERS = ['anthropic', 'openai'] as const;
/** One of {@link PROVIDERS}. */
export type Provider = (typeof PROVIDERS)[number];

function modelFor(provider: Provider, fetch: typeof globalThis.fetch) {
  const options = { apiKey: 'not-sent', fetch };
  return provider === 'anthropic'
    ? createAnthropic(options)('claude-sonnet-4-5')
    : createOpenAI(options)('gpt-4.1-mini');
}

/**
 * @param provider - which provider package builds the request.
 * @param definitions - the tools.
 * @returns the `tools` field of the request body as sent (JSON text); `'[]'` for no tools.
 */
export async function providerToolsJson(
  provider: Provider,
  definitions: readonly ToolDefinition[],
): Promise<string> {
  if (definitions.length === 0) return '[]';
  let body: unknown;
  const fetch = (async (_url: unknown, init?: RequestInit) => {
    body = JSON.parse(String(init?.body));
    return new Response(JSON.stringify({ error: { message: 'captured' } }), { status: 400 });
  }) as typeof globalThis.fetch;
  const tools: ToolSet = {};
  for (const definition of definitions) {
    tools[definition.name] = tool({
      description: definition.description,
      inputSchema: jsonSchema(definition.inputSchema as Parameters<typeof jsonSchema>[0]),
    });
  }
  await generateText({ model: modelFor(provider, fetch), prompt: 'x', tools, maxRetries: 0 }).catch(
    () => undefined,
  );
  const sent = (body as { tools?: unknown } | undefined)?.tools;
  if (sent === undefined) throw new Error(`${provider}: the request carried no tools field`);
  return JSON.stringify(sent);
}
