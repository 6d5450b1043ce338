/**
 * The example's chat route, served by the Vite dev server at /api/chat for the chat panel: the
 * page context and its actions from the request (`@sightline/page-context/server`), the model named
 * by `SIGHTLINE_MODEL` (e.g. `anthropic:claude-sonnet-4-5`, key in `ANTHROPIC_API_KEY`). Without
 * one it answers 503 saying so; the panel's Inspector tab still shows what a message would send.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolveModel } from '@sightline/models';
import { chatPageContext, pageContextPayloadSchema } from '@sightline/page-context/server';
import { convertToModelMessages, stepCountIs, streamText, validateUIMessages } from 'ai';

const INSTRUCTIONS =
  'You are the assistant of an error-tracking dashboard. Answer from the page below; act on it with the tools.';

/**
 * Answers one chat request: the UI message stream of `streamText`, or 503 without a model, or 400
 * for a body that is not a chat request.
 * @param request - the HTTP request (JSON body: `{ messages, pageContext }`).
 * @param response - where the answer goes.
 */
export async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const spec = process.env.SIGHTLINE_MODEL;
  if (!spec) {
    response.statusCode = 503;
    response.end(
      'No model: start the example with SIGHTLINE_MODEL set (e.g. anthropic:claude-sonnet-4-5).',
    );
    return;
  }
  let text = '';
  for await (const chunk of request) text += chunk;
  try {
    const body = JSON.parse(text) as { messages?: unknown; pageContext?: unknown };
    const page = pageContextPayloadSchema.optional().parse(body.pageContext);
    const messages = await validateUIMessages({ messages: body.messages });
    const { system, tools } = chatPageContext(INSTRUCTIONS, page);
    const result = streamText({
      model: resolveModel(spec, { source: 'SIGHTLINE_MODEL' }).model,
      system,
      tools,
      messages: await convertToModelMessages(messages),
      stopWhen: stepCountIs(5),
    });
    result.pipeUIMessageStreamToResponse(response, { originalMessages: messages });
  } catch (error) {
    response.statusCode = 400;
    response.end(`Bad chat request: ${error instanceof Error ? error.message : String(error)}`);
  }
}
