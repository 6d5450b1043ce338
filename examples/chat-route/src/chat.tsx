/**
 * The assistant: `useChat` with the server's `POST /api/chat`. Each request carries the page as it
 * is when it leaves (Markdown and the actions' JSON Schemas); the model's calls of page actions run
 * here, and their results go back with the next request, which `useChat` sends by itself. Carries
 * the fallback's ignore attribute, so the page never describes the conversation about it.
 */
import { useChat } from '@ai-sdk/react';
import {
  PAGE_CONTEXT_IGNORE_ATTRIBUTE,
  runPageTool,
  toPageContextPayload,
} from '@sightline/page-context';
import { usePageSnapshot } from '@sightline/page-context/react';
import { DefaultChatTransport, lastAssistantMessageIsCompleteWithToolCalls } from 'ai';
import { type FormEvent, useMemo, useState } from 'react';

export function Chat() {
  const read = usePageSnapshot(); // stable; never re-renders on page changes
  const transport = useMemo(
    () =>
      new DefaultChatTransport({
        api: '/api/chat',
        // Read at send time (also for the automatic request that carries tool results).
        body: async () => ({
          pageContext: await toPageContextPayload(
            read({ root: document.body, budgetTokens: 2_000 }),
          ),
        }),
      }),
    [read],
  );
  const { messages, sendMessage, addToolOutput, status } = useChat({
    transport,
    // Once the page has answered every tool call of the step, send the results to the server.
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithToolCalls,
    onToolCall: async ({ toolCall }) => {
      const output = await runPageTool(read().tools, toolCall); // undefined: not a page action
      if (output === undefined) return;
      void addToolOutput({ tool: toolCall.toolName, toolCallId: toolCall.toolCallId, output });
    },
  });
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    void sendMessage({ text });
    setText('');
  };
  const ignored = { [PAGE_CONTEXT_IGNORE_ATTRIBUTE]: '' };
  return (
    <aside {...ignored} aria-label="Assistant">
      <ol>
        {messages.map((message) => (
          <li key={message.id}>
            {message.parts.map((part, index) => {
              const key = `${message.id}-${index}`;
              return part.type === 'text' ? <p key={key}>{part.text}</p> : null;
            })}
          </li>
        ))}
      </ol>
      <form onSubmit={submit}>
        <label>
          Ask the assistant
          <input value={text} onChange={(event) => setText(event.target.value)} />
        </label>
        <button type="submit" disabled={status === 'streaming' || status === 'submitted'}>
          Send
        </button>
      </form>
    </aside>
  );
}
