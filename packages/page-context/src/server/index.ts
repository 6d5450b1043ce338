/**
 * @sightline/page-context/server — for the server route of an in-app assistant: the request's
 * page context into the system prompt, the page's actions into tools the browser runs. Imports no
 * DOM, React or tokenizer code.
 */
export type { PageContextPayload, PageToolDefinition } from '../chat/page-context-payload.js';
export {
  type ChatPageContext,
  chatPageContext,
  MAX_PAGE_CONTEXT_CHARS,
  MAX_PAGE_TOOLS,
  PAGE_CONTEXT_HEADING,
  pageContextPayloadSchema,
} from './chat-page-context.js';
