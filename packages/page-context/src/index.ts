/**
 * @sightline/page-context — pages that describe themselves to an in-app agent.
 *
 * The documented API (see the package README); plumbing such as default caps, tool-name limits and
 * the fallback's markers lives under `@sightline/page-context/internal`, the React binding under
 * `@sightline/page-context/react`.
 */

// Browsers load the tokenizer lazily (see README, "Tokens in the browser"): `loadTokenizer()`, or
// `registerEncoding` with a module of the app's own; re-exported so an app needs no direct
// dependency on @sightline/core for it.
export { type EncodingModule, registerEncoding } from '@sightline/core';
// Actions: what the agent may do on the page, as AI SDK tools.
export { definePageAction } from './actions/page-action.js';
// Chat with a server route: the page's context and action definitions per message; actions run here.
export {
  type PageContextPayload,
  type PageToolDefinition,
  runPageTool,
  toPageContextPayload,
} from './chat/page-context-payload.js';
// Diff: what changed between two snapshots, for the turns after the first.
export {
  diff,
  isEmptyDiff,
  type PageDiff,
  type PageDiffChange,
  type PageDiffChangedNode,
  type PageDiffNode,
} from './diff/diff.js';
export { type DiffToMarkdownOptions, diffToMarkdown } from './diff/diff-to-markdown.js';
export {
  type PageContextReading,
  type PageContextTurn,
  type PageContextTurnOptions,
  pageContextTurn,
} from './diff/page-context-turn.js';
// Fallback: what did not opt in, outlined from the DOM; the character-grid baseline.
export { type AsciiSnapshotOptions, asciiSnapshot } from './fallback/ascii-snapshot.js';
export {
  type DescribePageOptions,
  describePage,
  type PageDescription,
} from './fallback/describe-page.js';
export { PAGE_CONTEXT_IGNORE_ATTRIBUTE } from './fallback/node-attribute.js';
export { type TextSnapshotOptions, textSnapshot } from './fallback/text-snapshot.js';
// Registry: components register facts; a snapshot is the tree at read time.
export {
  createPageContextRegistry,
  type PageContextRegistryOptions,
} from './registry/create-page-context-registry.js';
export { toJSON } from './registry/to-json.js';
// Render: snapshot → JSON → token-budgeted Markdown.
export { loadTokenizer } from './render/lazy-tokenizer.js';
export { type SerializeOptions, serializeValue } from './render/serialize-value.js';
export {
  type MarkdownRender,
  renderMarkdown,
  type ToMarkdownOptions,
  toMarkdown,
} from './render/to-markdown.js';
export type { TokenCounter, TokenCounterOptions } from './render/token-counter.js';
// Untrusted content: text users of the app wrote, rendered fenced and labelled as data.
export {
  holdsUserContent,
  USER_CONTENT_NOTE,
  type UserContent,
  userContent,
} from './render/user-content.js';
export {
  declined,
  needsConfirmation,
  type PageTools,
  type ToolConfirmationRequest,
  type ToToolsOptions,
  toTools,
} from './tools/to-tools.js';
export type {
  JsonObject,
  JsonSchemaObject,
  JsonValue,
  PageAction,
  PageActionConfirm,
  PageActionContext,
  PageContextListener,
  PageContextRegistry,
  PageLocation,
  PageNodeDetails,
  PageNodeInput,
  PageNodePatch,
  PageSnapshot,
  PageSnapshotAction,
  PageSnapshotActionJson,
  PageSnapshotJson,
  PageSnapshotNode,
  PageSnapshotNodeJson,
} from './types.js';
