/**
 * @sightline/core — token counting, model profiles, model resolution and the error type shared
 * by every Sightline package.
 */
export {
  SightlineError,
  isToolError,
  toToolError,
  type SightlineErrorCode,
  type SightlineErrorOptions,
  type ToolError,
} from './errors.js';
export {
  DEFAULT_MODEL_PROFILE,
  MODEL_PROFILES,
  getModelProfile,
  type ModelProfile,
} from './model-profiles.js';
export { countTokens, truncateToTokens, type CountTokensOptions, type Encoding } from './tokens.js';
