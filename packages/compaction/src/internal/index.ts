/**
 * @sightline/compaction/internal — the plumbing under the public API: token counting, store
 * paths, offload, prompt conversion, calibration and the single tools. Not covered by the
 * README's API; names here may change between minor versions (as `ai/internal` does).
 */

export {
  fromLanguageModelPrompt,
  type LanguageModelPrompt,
  toLanguageModelPrompt,
} from '../engine/language-model-prompt.js';
export {
  createUsageCalibration,
  type UsageCalibration,
  type UsageCalibrationOptions,
} from '../engine/usage-calibration.js';
export { MAX_OUTPUT_RESERVE_TOKENS } from '../history/compaction-limits.js';
export {
  type CountOptions,
  countMessagesTokens,
  countMessageTokens,
  countPromptTokens,
  countToolResultOutputTokens,
  countToolsTokens,
  MEDIA_TOKEN_ESTIMATE,
  MESSAGE_OVERHEAD_TOKENS,
  PROMPT_OVERHEAD_TOKENS,
  type PromptParts,
  type PromptTokens,
} from '../history/message-tokens.js';
export { isSettledBlock } from '../history/tool-exchanges.js';
export { toolOutputText } from '../history/tool-output-text.js';
export { MASKED_RESULT_PREFIX } from '../mask/mask-tool-results.js';
export {
  DEFAULT_LARGE_INPUT_TOKENS,
  TRUNCATED_INPUT_PREFIX,
  toolInputPath,
} from '../mask/truncate-tool-inputs.js';
export {
  DEFAULT_OFFLOAD_LIMIT_TOKENS,
  OFFLOADED_RESULT_PREFIX,
  type OffloadPreviewOptions,
  type OffloadToolOutputOptions,
  type OffloadToolResultOptions,
  offloadToolOutput,
  offloadToolResult,
  type ToolOutputOffload,
  toDefaultModelOutput,
} from '../offload/offload-tool-output.js';
export { type WrapToolsOptions, wrapTools } from '../offload/wrap-tools.js';
export {
  assertStorePath,
  assertStorePrefix,
  assertStoreVersion,
  escapeStoreId,
  toolResultPath,
  transcriptPath,
} from '../stores/store-paths.js';
export { extractiveSummary, SUMMARY_SECTIONS } from '../summarize/extractive-summary.js';
export { SUMMARY_PREFIX } from '../summarize/summary-sections.js';
export { createCompactNowTool } from '../tools/compact-now-tool.js';
export {
  createRecoveryTools,
  type RecoveryTools,
  type RecoveryToolsOptions,
} from '../tools/recovery-tools.js';
