/**
 * `POST /api/chat`: the console's assistant. The AI SDK UI protocol (`useChat`) with
 * `streamText`: the page's context (Markdown the console read at send time from its page-context
 * registry) is the system prompt's second part, the page's actions come as tool definitions
 * without `execute` (the browser runs them and sends the results back), and compaction runs before
 * every step, with its recovery tools (`read_stored`, `search_stored`, `compact_now`) offered. One
 * compaction per conversation id, so what left the window stays readable for the rest of it.
 */

import { zValidator } from '@hono/zod-validator';
import { type Compaction, createCompaction } from '@sightline/compaction';
import { getModelProfile } from '@sightline/core';
import { chatPageContext, pageContextPayloadSchema } from '@sightline/page-context/server';
import {
  convertToModelMessages,
  type LanguageModel,
  stepCountIs,
  streamText,
  type UIMessage,
  validateUIMessages,
} from 'ai';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { errorResponse, invalidRequest } from '../middleware/errors.js';
import { jsonMediaOnly } from '../middleware/json-media.js';
import { bodyBytesLimit } from '../middleware/limits.js';

/** Instructions of the assistant; the page follows them. */
export const CHAT_INSTRUCTIONS = `You are the assistant of Sightline's triage console. The user reads bug and crash groups, their reports and their diagnoses (root cause, affected files, suspects). Below is what the user's page shows now, as page context: answer from it, call expand_node for rows and details it leaves out, and use the page's actions (filter the inbox, save a view, open a group, set a status, re-investigate) when the user asks for them. Say what you changed. Keep answers short.`;

/** Conversations kept in memory (their compaction stores), oldest dropped first. */
const MAX_CONVERSATIONS = 100;
/** Model steps per message. */
const MAX_STEPS = 8;

export const chatBodySchema = z.object({
  id: z.string().min(1).max(200).describe('Conversation id (useChat)'),
  messages: z.array(z.unknown()).min(1),
  pageContext: pageContextPayloadSchema.optional(),
});

/** Largest chat request body (the conversation and the page's context), bytes. */
const CHAT_BODY_BYTES = 4 * 1024 * 1024;

/** The assistant's route, to mount at `/api/chat`. @param model - none: answers 503 with how to set one. */
export function chatRoutes({ model }: { model: LanguageModel | undefined }) {
  const chat = createChatHandler(model);
  return new Hono().post(
    '/',
    bodyBytesLimit(CHAT_BODY_BYTES),
    jsonMediaOnly,
    zValidator('json', chatBodySchema, invalidRequest),
    (c) => chat.handle(c, c.req.valid('json')),
  );
}

/** The chat's model and its conversations. */
export interface ChatHandler {
  handle(c: Context, body: z.infer<typeof chatBodySchema>): Promise<Response>;
}

/** @param model - the chat model; undefined answers 503 with how to configure one. */
export function createChatHandler(model: LanguageModel | undefined): ChatHandler {
  const conversations = new Map<string, Compaction>();
  const compactionOf = (id: string) => {
    const known = conversations.get(id);
    if (known) return known;
    const modelId = typeof model === 'string' ? model : (model?.modelId ?? 'unknown');
    const compaction = createCompaction({ profile: getModelProfile(modelId), session: id });
    conversations.set(id, compaction);
    if (conversations.size > MAX_CONVERSATIONS) {
      conversations.delete(conversations.keys().next().value as string);
    }
    return compaction;
  };
  return {
    async handle(c, body) {
      if (!model) {
        return errorResponse(
          c,
          503,
          'MODEL_NOT_CONFIGURED',
          'No model is configured. Start the service with --model anthropic:claude-sonnet-4-5 (key in ANTHROPIC_API_KEY), openai:<id> (OPENAI_API_KEY), or set SIGHTLINE_MODEL; the rest of the console works without one.',
        );
      }
      const compaction = compactionOf(body.id);
      let messages: UIMessage[];
      try {
        messages = await validateUIMessages({ messages: body.messages });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        return errorResponse(c, 400, 'INVALID_ARGUMENT', `Invalid messages: ${message}`);
      }
      const page = chatPageContext(CHAT_INSTRUCTIONS, body.pageContext);
      const result = streamText({
        model,
        system: page.system,
        messages: await convertToModelMessages(messages),
        tools: { ...compaction.wrapTools(compaction.tools), ...page.tools },
        prepareStep: compaction.prepareStep,
        stopWhen: stepCountIs(MAX_STEPS),
      });
      return result.toUIMessageStreamResponse({
        originalMessages: messages,
        onError: () => 'The model failed on this message; the service log says why. Try again.',
      });
    },
  };
}
