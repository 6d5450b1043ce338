/**
 * @sightline/core — token counting, model profiles (limits and prices), output formatting and the
 * error type shared by every Sightline package. Browser-safe: model resolution, which needs the
 * provider SDKs, lives in `@sightline/models`.
 */
export { API_KEY_VARIABLES, apiKeyVariable } from './api-key-variables.js';
export { BINARY_SNIFF_BYTES, looksBinary } from './binary.js';
export { splitCodeSpans, type TextPart } from './code-spans.js';
export {
  isToolError,
  SightlineError,
  type SightlineErrorCode,
  type SightlineErrorOptions,
  type ToolError,
  toToolError,
} from './errors.js';
export { withoutHtmlComments } from './html-comments.js';
export {
  DEFAULT_MODEL_PROFILE,
  findModelProfile,
  getModelProfile,
  MODEL_PROFILES,
  type ModelPricing,
  type ModelProfile,
} from './model-profiles.js';
export {
  countFittingItems,
  cutLine,
  digits,
  ELLIPSIS,
  formatBytes,
  pluralize,
} from './output-format.js';
export { redactUrl, redactUrlsIn } from './redact-url.js';
export { type SameOriginFetchOptions, sameOriginFetch } from './same-origin-fetch.js';
export {
  type CountTokensOptions,
  canCountTokens,
  countTokens,
  type Encoding,
  type EncodingModule,
  registerEncoding,
  truncateToTokens,
} from './tokens.js';
export { WITHHELD_PREFIX, withheldLine, withoutWithheldNotes } from './withheld-note.js';
