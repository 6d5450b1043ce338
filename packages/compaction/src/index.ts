/** @sightline/compaction — keeps long agent runs inside the context window. */

export { type CompactNowOutput, createCompactNowTool } from './compact-now-tool.js';
export {
  DEFAULT_COMPACTION_TARGET,
  MAX_OUTPUT_RESERVE_TOKENS,
  promptTokenLimit,
} from './compaction-limits.js';
export type { CompactionPlan, StoreWrite } from './compaction-plan.js';
export { resolveContextSize } from './context-size.js';
export {
  type Compaction,
  type CreateCompactionOptions,
  createCompaction,
  type PrepareStepInput,
} from './create-compaction.js';
export { extractiveSummary, SUMMARY_SECTIONS } from './extractive-summary.js';
export {
  fromLanguageModelPrompt,
  type LanguageModelPrompt,
  toLanguageModelPrompt,
} from './language-model-prompt.js';
export {
  MASKED_RESULT_PREFIX,
  type MaskToolResultsOptions,
  maskToolResults,
} from './mask-tool-results.js';
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
} from './message-tokens.js';
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
} from './offload-tool-output.js';
export { type FindRecentStartOptions, findRecentStart } from './recent-window.js';
export {
  createRecoveryTools,
  type ReadStoredInput,
  type ReadStoredOutput,
  type RecoveryTools,
  type RecoveryToolsOptions,
  type SearchStoredInput,
  type SearchStoredOutput,
} from './recovery-tools.js';
export { renderTranscript } from './render-transcript.js';
export { findSessionGoal } from './session-goal.js';
export {
  assertStorePath,
  assertStorePrefix,
  assertStoreVersion,
  escapeStoreId,
  toolResultPath,
  transcriptPath,
} from './store-paths.js';
export { createDiskStore, type DiskStoreOptions } from './stores/disk-store.js';
export { createMemoryStore, type MemoryStoreOptions } from './stores/memory-store.js';
export {
  SUMMARY_PREFIX,
  type SummarizeHistoryOptions,
  type SummarizeHistoryResult,
  summarizeHistory,
} from './summarize-history.js';
export { type HistoryBlock, isSettledBlock, segmentHistory } from './tool-exchanges.js';
export { toolOutputText } from './tool-output-text.js';
export {
  DEFAULT_LARGE_INPUT_TOKENS,
  TRUNCATED_INPUT_PREFIX,
  type TruncateToolInputsOptions,
  toolInputPath,
  truncateToolInputs,
} from './truncate-tool-inputs.js';
export {
  type CompactionEvent,
  type CompactionEventListener,
  type CompactionEventType,
  type CompactionMove,
  type CompactionStore,
  type ContextSize,
  STORE_VERSION,
  type StoreEntryInfo,
  type StoreGrepOptions,
  type StoreMatch,
  type StoreReadOptions,
  type StoreReadResult,
  type ToolResultOutput,
} from './types.js';
export {
  createUsageCalibration,
  type UsageCalibration,
  type UsageCalibrationOptions,
} from './usage-calibration.js';
export { type WrapToolsOptions, wrapTools } from './wrap-tools.js';
