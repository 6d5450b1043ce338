/**
 * `POST /api/chat`: the server half of the example. `streamText` gets the page's context in the
 * system prompt and the page's actions as tools without `execute`, so a step that calls one ends
 * there and the call streams to the browser, which runs it and sends the result with its next
 * request (AI SDK UI protocol, as `useChat` speaks it).
 */
import { zValidator } from '@hono/zod-validator';
import { chatPageContext, pageContextPayloadSchema } from '@sightline/page-context/server';
import {
  convertToModelMessages,
  type LanguageModel,
  stepCountIs,
  streamText,
  type UIMessage,
  validateUIMessages,
} from 'ai';
import { Hono } from 'hono';
import { z } from 'zod';

const INSTRUCTIONS =
  'You help the user with the task list on their page. Answer from the page below; use its actions when asked to change something, and say what you changed.';

const chatBodySchema = z.object({
  id: z.string().min(1).max(200),
  messages: z.array(z.unknown()).min(1),
  pageContext: pageContextPayloadSchema.optional(),
});

/**
 * @param model - the chat model (a provider's, or a scripted one in tests).
 * @returns a Hono app with `POST /api/chat`; a body that fails the schema gets a 400 naming the
 *   field, invalid messages a 400 saying why.
 */
export function createChatRoute(model: LanguageModel): Hono {
  const app = new Hono();
  app.post('/api/chat', zValidator('json', chatBodySchema), async (c) => {
    const body = c.req.valid('json');
    let messages: UIMessage[];
    try {
      messages = await validateUIMessages({ messages: body.messages });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return c.json(
        { error: { code: 'INVALID_ARGUMENT', message: `Invalid messages: ${message}` } },
        400,
      );
    }
    const { system, tools } = chatPageContext(INSTRUCTIONS, body.pageContext);
    const result = streamText({
      model,
      system,
      tools,
      messages: await convertToModelMessages(messages),
      stopWhen: stepCountIs(5),
    });
    return result.toUIMessageStreamResponse({ originalMessages: messages });
  });
  return app;
}
