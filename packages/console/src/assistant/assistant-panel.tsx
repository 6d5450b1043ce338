/**
 * The assistant panel: a chat (AI SDK UI `useChat`) with the service's `POST /api/chat`. Each
 * message carries the page as page context, read at send time; the model's calls of page actions
 * run here, in the page, and their results go back automatically. Without a model the panel says
 * how to configure one. Carries the fallback's ignore attribute, so the page never describes the
 * conversation about it.
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
import { useSettings } from '../api/queries.js';
import { readToken } from '../api/token.js';
import { Loading } from '../ui/states.js';

/** Tokens of page context sent with a message, at most. */
const PAGE_CONTEXT_BUDGET_TOKENS = 4_000;

function Conversation() {
  const read = usePageSnapshot();
  const transport = useMemo(
    () =>
      new DefaultChatTransport({
        api: '/api/chat',
        headers: () => ({ authorization: `Bearer ${readToken() ?? ''}` }),
        body: async () => ({
          pageContext: await toPageContextPayload(
            read({ root: document.body, budgetTokens: PAGE_CONTEXT_BUDGET_TOKENS }),
          ),
        }),
      }),
    [read],
  );
  const { messages, sendMessage, addToolOutput, status, error } = useChat({
    transport,
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithToolCalls,
    onToolCall: async ({ toolCall }) => {
      const output = await runPageTool(read().tools, toolCall);
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
  return (
    <>
      <ol className="messages" aria-live="polite">
        {messages.map((message) => (
          <li key={message.id} className={`message message-${message.role}`}>
            {message.parts.map((part, index) => {
              const key = `${message.id}-${index}`;
              if (part.type === 'text') return <p key={key}>{part.text}</p>;
              if (part.type.startsWith('tool-')) {
                const name = part.type.slice('tool-'.length);
                const done = 'state' in part && part.state === 'output-available';
                return (
                  <p key={key} className="tool-call muted">
                    {done ? 'Ran' : 'Running'} <code>{name}</code>
                  </p>
                );
              }
              return null;
            })}
          </li>
        ))}
      </ol>
      {error ? (
        <p className="state error" role="alert">
          {error.message}
        </p>
      ) : null}
      <form className="composer" onSubmit={submit}>
        <label className="filter">
          <span>Ask about this page</span>
          <textarea
            rows={3}
            value={text}
            placeholder="e.g. show crashes only; what is the root cause here?"
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey) submit(event);
            }}
          />
        </label>
        <button type="submit" disabled={status === 'streaming' || status === 'submitted'}>
          Send
        </button>
      </form>
    </>
  );
}

/** The panel; `onClose` hides it. */
export function AssistantPanel({ onClose }: { onClose: () => void }) {
  const settings = useSettings();
  const attributes = { [PAGE_CONTEXT_IGNORE_ATTRIBUTE]: '' };
  return (
    <aside {...attributes} className="assistant" aria-label="Assistant">
      <header>
        <h2>Assistant</h2>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </header>
      {settings.isPending ? (
        <Loading what="the assistant" />
      ) : settings.data?.chat ? (
        <Conversation />
      ) : (
        <section className="state empty">
          <h2>No model configured</h2>
          <p>
            The assistant needs a model. Restart the service with{' '}
            <code>sightline serve --model anthropic:claude-sonnet-4-5</code> (key in{' '}
            <code>ANTHROPIC_API_KEY</code>), <code>--model openai:gpt-5</code> (
            <code>OPENAI_API_KEY</code>), or set <code>SIGHTLINE_MODEL</code>. Everything else in
            the console works without one.
          </p>
        </section>
      )}
    </aside>
  );
}
