import { chatPageContext } from '@sightline/page-context/server';
import react from '@vitejs/plugin-react';
import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import {
  convertToModelMessages,
  simulateReadableStream,
  stepCountIs,
  streamText,
  type UIMessage,
  validateUIMessages,
} from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { defineConfig, type Plugin } from 'vite';

// The app's chat route, served by the dev server, with a scripted model instead of a provider:
// the first step resolves the first issue (an action that asks the user first), the next answers.
function scriptedModel(): MockLanguageModelV3 {
  const usage = {
    inputTokens: { total: 0, noCache: 0, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: 0, text: 0, reasoning: undefined },
  };
  return new MockLanguageModelV3({
    doStream: async ({ prompt }) => {
      const answered = prompt.some((message) => message.role === 'tool');
      const content: LanguageModelV3StreamPart[] = answered
        ? [
            { type: 'text-start', id: 't' },
            { type: 'text-delta', id: 't', delta: 'Resolved SL-1.' },
            { type: 'text-end', id: 't' },
          ]
        : [{ type: 'tool-call', toolCallId: 'call-1', toolName: 'resolve', input: '{}' }];
      const finishReason = { unified: answered ? 'stop' : 'tool-calls', raw: undefined } as const;
      return {
        stream: simulateReadableStream<LanguageModelV3StreamPart>({
          chunks: [
            { type: 'stream-start', warnings: [] },
            ...content,
            { type: 'finish', finishReason, usage },
          ],
        }),
      };
    },
  });
}

function chatRoute(): Plugin {
  const received: string[] = [];
  return {
    name: 'chat-route',
    configureServer(server) {
      server.middlewares.use('/api/received', (_request, response) => {
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify(received));
      });
      server.middlewares.use('/api/chat', async (request, response) => {
        let text = '';
        for await (const chunk of request) text += chunk;
        const body = JSON.parse(text);
        received.push(body.pageContext?.markdown ?? '');
        const messages = await validateUIMessages<UIMessage>({ messages: body.messages });
        const { system, tools } = chatPageContext('You help with the issues page.', body.pageContext);
        const result = streamText({
          model: scriptedModel(),
          system,
          tools,
          messages: await convertToModelMessages(messages),
          stopWhen: stepCountIs(1),
        });
        result.pipeUIMessageStreamToResponse(response, { originalMessages: messages });
      });
    },
  };
}

export default defineConfig({ plugins: [react(), chatRoute()] });
