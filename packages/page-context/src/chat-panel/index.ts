/**
 * @sightline/page-context/chat — an optional chat panel for pages that describe themselves,
 * built on `useChat` from `@ai-sdk/react` (a peer dependency of this subpath only).
 */
export {
  PageContextChat,
  type PageContextChatProps,
} from './page-context-chat.js';
export {
  type PageChat,
  type PendingConfirmation,
  type SentPageContext,
  type UsePageChatOptions,
  usePageChat,
} from './use-page-chat.js';
