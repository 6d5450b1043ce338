/**
 * `<PageContextChat>`: an optional chat panel for a page that describes itself — messages, tool
 * calls with their confirmations and progress, and an inspector tab showing exactly what the last
 * request sent about the page (its Markdown, its exact token count, its tools), or before the
 * first message what the next one would send, where any of the page's tools can be run by hand
 * (`ToolRunner`). The reader loads lazily with the tokenizer (`page-request.ts`). It floats closed
 * at the bottom right (a button), so it never covers the page until opened, styles itself, and
 * carries `data-page-context-ignore` (a page never describes its own assistant).
 */
import { getToolName, isToolUIPart, type UIMessage } from 'ai';
import { type CSSProperties, type FormEvent, useEffect, useState } from 'react';
import { PAGE_CONTEXT_IGNORE_ATTRIBUTE } from '../fallback/node-attribute.js';
import { useRegistryOrDetached } from '../react/page-context-provider.js';
import { ToolRunner } from '../react/tool-runner.js';
import {
  DEFAULT_BUDGET_TOKENS,
  loadPageRequest,
  type PageChat,
  type SentPageContext,
  type UsePageChatOptions,
  usePageChat,
} from './use-page-chat.js';

/** Props of {@link PageContextChat}. */
export interface PageContextChatProps extends UsePageChatOptions {
  /** Heading of the panel and label of its button. Default `Assistant`. */
  title?: string;
  /** Start open. Default false (a button until the user opens it). */
  defaultOpen?: boolean;
  /** False: in the page's flow instead of floating at the bottom right. Default true. */
  floating?: boolean;
  /** Called by the close button; absent: closing folds the panel back into its button. */
  onClose?: () => void;
  /** Label of the message field. Default `Message`. */
  inputLabel?: string;
  className?: string;
  style?: CSSProperties;
}

const PANEL: CSSProperties = {
  display: 'flex',
  flexDirection: 'column',
  gap: 8,
  width: 380,
  maxHeight: '70vh',
  padding: 12,
  background: '#fff',
  color: '#111',
  border: '1px solid #ccc',
  borderRadius: 8,
  boxShadow: '0 4px 16px rgba(0,0,0,.15)',
  font: '14px system-ui, sans-serif',
};
const FLOATING: CSSProperties = { position: 'fixed', right: 16, bottom: 16, zIndex: 2147483000 };
const TABS = [
  ['chat', 'Chat'],
  ['inspector', 'Inspector'],
] as const;
const SCROLL: CSSProperties = {
  overflow: 'auto',
  flex: 1,
  margin: 0,
  padding: 0,
  listStyle: 'none',
};

/**
 * The chat panel.
 * @param props - `api` (default `/api/chat`), `budgetTokens` (default 2,000), `body`, `headers`,
 *   `title`, `defaultOpen`, `floating`, `onClose`, `inputLabel`, `className`, `style`.
 * @returns the panel; put it inside the `<PageContextProvider>`.
 * @example <PageContextChat api="/api/chat" />
 */
export function PageContextChat(props: PageContextChatProps) {
  const { title = 'Assistant', defaultOpen = false, floating = true, className, style } = props;
  const { onClose, inputLabel = 'Message' } = props;
  const [open, setOpen] = useState(defaultOpen);
  const [tab, setTab] = useState<'chat' | 'inspector'>('chat');
  const chat = usePageChat(props);
  // Opening the panel fetches the reader and the tokenizer, so the first message does not wait.
  useEffect(() => {
    if (open)
      void loadPageRequest().then(
        (module) => module.preparePageRequest(),
        () => {},
      );
  }, [open]);
  const ignored = { [PAGE_CONTEXT_IGNORE_ATTRIBUTE]: '' };
  const place = floating ? FLOATING : {};
  if (!open) {
    return (
      <button
        {...ignored}
        type="button"
        style={{ ...place, ...style }}
        onClick={() => setOpen(true)}
      >
        {title}
      </button>
    );
  }
  return (
    <section
      {...ignored}
      aria-label={title}
      className={className}
      style={{ ...PANEL, ...place, ...style }}
    >
      <header style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <strong style={{ flex: 1 }}>{title}</strong>
        <div role="tablist">
          {TABS.map(([name, label]) => (
            <button
              key={name}
              type="button"
              role="tab"
              aria-selected={tab === name}
              onClick={() => setTab(name)}
            >
              {label}
            </button>
          ))}
        </div>
        <button
          type="button"
          aria-label="Close"
          title={`Close ${title}`}
          onClick={onClose ?? (() => setOpen(false))}
        >
          ×
        </button>
      </header>
      {tab === 'chat' ? (
        <Conversation chat={chat} inputLabel={inputLabel} />
      ) : (
        <Inspector chat={chat} budgetTokens={props.budgetTokens ?? DEFAULT_BUDGET_TOKENS} />
      )}
    </section>
  );
}

function Conversation({ chat, inputLabel }: { chat: PageChat; inputLabel: string }) {
  const [text, setText] = useState('');
  const busy = chat.status === 'submitted' || chat.status === 'streaming';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim() || busy) return;
    chat.send(text);
    setText('');
  };
  return (
    <>
      <ol aria-label="Conversation" style={SCROLL}>
        {chat.messages.map((message) => (
          <li key={message.id} data-role={message.role} style={{ margin: '6px 0' }}>
            <strong>{message.role === 'user' ? 'You' : 'Assistant'}: </strong>
            {message.parts.map((part, index) => (
              // Parts only ever append to a message: the index is a stable key.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <Part key={`${message.id}-${index}`} part={part} chat={chat} />
            ))}
          </li>
        ))}
      </ol>
      {chat.error ? <p role="alert">{chat.error.message}</p> : null}
      <form onSubmit={submit} style={{ display: 'flex', gap: 6 }}>
        <input
          aria-label={inputLabel}
          style={{ flex: 1 }}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" disabled={busy}>
          Send
        </button>
      </form>
    </>
  );
}

function Part({ part, chat }: { part: UIMessage['parts'][number]; chat: PageChat }) {
  if (part.type === 'text') return <span>{part.text}</span>;
  if (!isToolUIPart(part)) return null;
  const name = getToolName(part);
  const pending = chat.confirmations[part.toolCallId];
  const running = chat.progress[part.toolCallId];
  const input = JSON.stringify(part.input ?? {});
  return (
    <div
      data-tool-call={name}
      style={{ margin: '4px 0', padding: 6, background: '#f4f4f5', borderRadius: 6 }}
    >
      <code>{`${name}(${input})`}</code>
      {pending ? (
        <fieldset aria-label={`Confirm ${name}`} style={{ border: 0, padding: 0, margin: 0 }}>
          <p style={{ margin: '4px 0' }}>{`${pending.description} — on ${pending.node}. Allow?`}</p>
          <button type="button" onClick={() => pending.answer(true)}>
            Allow
          </button>{' '}
          <button type="button" onClick={() => pending.answer(false)}>
            Deny
          </button>
        </fieldset>
      ) : part.state === 'output-available' ? (
        <div>{`→ ${JSON.stringify(part.output)}`}</div>
      ) : part.state === 'output-error' ? (
        <div role="alert">{part.errorText}</div>
      ) : (
        <div aria-live="polite">{running ?? 'running…'}</div>
      )}
    </div>
  );
}

function Inspector({ chat, budgetTokens }: { chat: PageChat; budgetTokens: number }) {
  const registry = useRegistryOrDetached('PageContextChat');
  const [preview, setPreview] = useState<SentPageContext | undefined>();
  useEffect(() => {
    if (chat.lastSent) return;
    let live = true;
    void (async () => {
      const { readPageForRequest } = await loadPageRequest();
      const next = await readPageForRequest(registry, budgetTokens);
      if (live) setPreview(next);
    })();
    return () => {
      live = false;
    };
  }, [chat.lastSent, registry, budgetTokens]);
  const run = async (name: string, input: unknown, onProgress: (message: string) => void) => {
    const { runToolByHand } = await loadPageRequest();
    return runToolByHand(registry.snapshot(), name, input, onProgress);
  };
  const sent = chat.lastSent ?? preview;
  if (!sent) return <p>Reading the page…</p>;
  return (
    <div style={{ overflow: 'auto', flex: 1 }}>
      <p>
        {chat.lastSent ? 'Sent with the last request' : 'Nothing sent yet; your next message sends'}
        : <output aria-label="Tokens sent">{sent.tokens}</output> tokens (o200k_base),{' '}
        {sent.payload.tools.length} tools
      </p>
      <ul style={{ margin: 0, paddingLeft: 16 }}>
        {sent.payload.tools.map((tool) => (
          <li key={tool.name}>
            <code>{tool.name}</code> — {tool.description}
          </li>
        ))}
      </ul>
      <ToolRunner tools={sent.payload.tools} run={run} />
      <pre data-page-context-sent="" style={{ whiteSpace: 'pre-wrap', fontSize: 12 }}>
        {sent.payload.markdown}
      </pre>
    </div>
  );
}
