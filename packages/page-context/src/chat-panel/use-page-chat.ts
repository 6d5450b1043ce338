/**
 * `usePageChat()`: the chat of `<PageContextChat>` without its UI, built on `useChat` from
 * `@ai-sdk/react`. Each request carries the page read at send time (also the automatic request
 * that carries tool results), with the tokenizer loaded first so its token count is exact; the page's
 * actions run here when the model calls them — after the user's answer when an action declares
 * `confirm` — and report progress; what was sent last is kept for the inspector.
 */
import { useChat } from '@ai-sdk/react';
import {
  DefaultChatTransport,
  lastAssistantMessageIsCompleteWithToolCalls,
  type UIMessage,
} from 'ai';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useRegistryOrDetached } from '../react/page-context-provider.js';
import type { ToolConfirmationRequest } from '../tools/to-tools.js';
import type { SentPageContext } from './page-request.js';

export type { SentPageContext };

/**
 * The reader's chunk (Markdown, DOM outline, diff, tools), loaded on first use: an app's first
 * load carries only the registry, its hooks and the panel.
 */
export const loadPageRequest = () => import('./page-request.js');

/** Default most tokens of the page sent with each request. */
export const DEFAULT_BUDGET_TOKENS = 2_000;

/** Options of {@link usePageChat}. */
export interface UsePageChatOptions {
  /** The chat route. Default `/api/chat` (see `@sightline/page-context/server`). */
  api?: string;
  /** Most tokens of the page sent with each request. Default 2,000. */
  budgetTokens?: number;
  /** More fields for each request's body (a conversation id, a project). */
  body?: () => Record<string, unknown>;
  /** Headers of each request, read at send time (`authorization`). */
  headers?: () => Record<string, string>;
}

/** A tool call waiting for the user's answer. */
export interface PendingConfirmation extends ToolConfirmationRequest {
  answer(approved: boolean): void;
}

/** What {@link usePageChat} returns. */
export interface PageChat {
  messages: UIMessage[];
  status: ReturnType<typeof useChat>['status'];
  error: Error | undefined;
  /** Sends a user message (with the page). */
  send(text: string): void;
  /** Tool calls waiting for an answer, by tool call id. */
  confirmations: Readonly<Record<string, PendingConfirmation>>;
  /** The latest progress message of running tool calls, by tool call id. */
  progress: Readonly<Record<string, string>>;
  /** The page context of the last request; `undefined` before the first. */
  lastSent: SentPageContext | undefined;
}

/**
 * The page-aware chat.
 * @param options - `api` (default `/api/chat`), `budgetTokens` (default 2,000), `body`, `headers`.
 * @returns messages, status, `send`, pending confirmations, progress and what was sent last.
 */
export function usePageChat(options: UsePageChatOptions = {}): PageChat {
  const { api = '/api/chat', budgetTokens = DEFAULT_BUDGET_TOKENS } = options;
  const registry = useRegistryOrDetached('usePageChat');
  const extra = useRef(options);
  extra.current = options;
  const [lastSent, setLastSent] = useState<SentPageContext | undefined>();
  const [confirmations, setConfirmations] = useState<Record<string, PendingConfirmation>>({});
  const [progress, setProgress] = useState<Record<string, string>>({});
  const transport = useMemo(
    () =>
      new DefaultChatTransport({
        api,
        headers: () => extra.current.headers?.() ?? {},
        body: async () => {
          const { readPageForRequest } = await loadPageRequest();
          const sent = await readPageForRequest(registry, budgetTokens);
          setLastSent(sent);
          return { ...extra.current.body?.(), pageContext: sent.payload };
        },
      }),
    [api, budgetTokens, registry],
  );
  const settle = useCallback((toolCallId: string) => {
    setConfirmations(({ [toolCallId]: _, ...rest }) => rest);
    setProgress(({ [toolCallId]: _, ...rest }) => rest);
  }, []);
  const chat = useChat({
    transport,
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithToolCalls,
    onToolCall: async ({ toolCall }) => {
      const { toolCallId, toolName } = toolCall;
      const { pageToolsNow } = await loadPageRequest();
      const tools = pageToolsNow(registry, {
        confirmToolCall: (request) =>
          new Promise<boolean>((resolve) => {
            const answer = (approved: boolean) => {
              setConfirmations(({ [toolCallId]: _, ...rest }) => rest);
              resolve(approved);
            };
            setConfirmations((all) => ({ ...all, [toolCallId]: { ...request, answer } }));
          }),
        onProgress: (id, message) => setProgress((all) => ({ ...all, [id]: message })),
      });
      const pageTool = tools[toolName];
      if (!pageTool?.execute) return; // not a page action: the server runs it
      const output = await pageTool.execute(toolCall.input, { toolCallId, messages: [] });
      settle(toolCallId);
      void chat.addToolOutput({ tool: toolName, toolCallId, output });
    },
  });
  const send = useCallback((text: string) => void chat.sendMessage({ text }), [chat.sendMessage]);
  return {
    messages: chat.messages,
    status: chat.status,
    error: chat.error,
    send,
    confirmations,
    progress,
    lastSent,
  };
}
