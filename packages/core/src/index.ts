/**
 * @sightline/core — token counting, model profiles, model resolution and the error type shared
 * by every Sightline package.
 */
export { BINARY_SNIFF_BYTES, looksBinary } from './binary.js';
export {
  isToolError,
  SightlineError,
  type SightlineErrorCode,
  type SightlineErrorOptions,
  type ToolError,
  toToolError,
} from './errors.js';
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
export {
  MODEL_SPEC_FORMS,
  type ModelEnv,
  type ModelProvider,
  modelSpecFromEnv,
  type ResolvedModel,
  type ResolveModelOptions,
  resolveModel,
} from './resolve-model.js';
export {
  type CountTokensOptions,
  canCountTokens,
  countTokens,
  type Encoding,
  type EncodingModule,
  registerEncoding,
  truncateToTokens,
} from './tokens.js';
