/** @sightline/page-context — pages that describe themselves to an in-app agent. */
// Browsers must register a tokenizer before budgets or counts work (see README, "Tokens in the
// browser"); re-exported so an app needs no direct dependency on @sightline/core for it.
export { type EncodingModule, registerEncoding } from '@sightline/core';
export {
  createPageContextRegistry,
  type PageContextRegistryOptions,
} from './create-page-context-registry.js';
export {
  diff,
  isEmptyDiff,
  type PageDiff,
  type PageDiffChange,
  type PageDiffChangedNode,
  type PageDiffNode,
} from './diff.js';
export { type DiffToMarkdownOptions, diffToMarkdown } from './diff-to-markdown.js';
export * from './fallback/index.js';
export { actionInputSchema, definePageAction } from './page-action.js';
export {
  DEFAULT_SERIALIZE_OPTIONS,
  type SerializeOptions,
  serializeValue,
} from './serialize-value.js';
export { toJSON } from './to-json.js';
export {
  type MarkdownRender,
  renderMarkdown,
  type ToMarkdownOptions,
  toMarkdown,
} from './to-markdown.js';
export { EXPAND_NODE_TOOL, type PageTools, type ToToolsOptions, toTools } from './to-tools.js';
export type { TokenCounter, TokenCounterOptions } from './token-counter.js';
export { MAX_TOOL_NAME_LENGTH } from './tool-name.js';
export type {
  JsonObject,
  JsonSchemaObject,
  JsonValue,
  PageAction,
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
