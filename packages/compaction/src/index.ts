/**
 * @sightline/compaction — keeps long agent runs inside the context window.
 *
 * The main entry is the documented API: `createCompaction` and its types, the stores, the events,
 * the prompt limit, and the building blocks the README names. Counting helpers, store paths,
 * offload and prompt conversion plumbing live under `@sightline/compaction/internal`.
 */

// The entry point: prepareStep / middleware, tool wrapping, recovery tools.
export {
  type Compaction,
  type CreateCompactionOptions,
  createCompaction,
  type PrepareStepInput,
} from './engine/create-compaction.js';
// The events a compaction records.
export type {
  CompactionEvent,
  CompactionEventListener,
  CompactionEventType,
  CompactionMove,
} from './history/compaction-events.js';
export { DEFAULT_COMPACTION_TARGET, promptTokenLimit } from './history/compaction-limits.js';
// Building blocks, pure where possible.
export type { CompactionPlan, StoreWrite } from './history/compaction-plan.js';
export { type ContextSize, resolveContextSize } from './history/context-size.js';
export { type FindRecentStartOptions, findRecentStart } from './history/recent-window.js';
export { findSessionGoal } from './history/session-goal.js';
export { type HistoryBlock, segmentHistory } from './history/tool-exchanges.js';
export type { ToolResultOutput } from './history/tool-output-text.js';
export { type MaskToolResultsOptions, maskToolResults } from './mask/mask-tool-results.js';
export {
  type TruncateToolInputsOptions,
  truncateToolInputs,
} from './mask/truncate-tool-inputs.js';
// Stores: where whatever leaves the window goes, the contract and two implementations.
export {
  type CompactionStore,
  STORE_VERSION,
  type StoreEntryInfo,
  type StoreGrepOptions,
  type StoreMatch,
  type StoreReadOptions,
  type StoreReadResult,
} from './stores/compaction-store.js';
export { createDiskStore, type DiskStoreOptions } from './stores/disk-store.js';
export { createMemoryStore, type MemoryStoreOptions } from './stores/memory-store.js';
export { renderTranscript } from './summarize/render-transcript.js';
export {
  type SummarizeHistoryOptions,
  type SummarizeHistoryResult,
  summarizeHistory,
} from './summarize/summarize-history.js';
// The recovery tools' inputs and outputs (`compaction.tools`).
export type { CompactNowOutput } from './tools/compact-now-tool.js';
export type {
  ReadStoredInput,
  ReadStoredOutput,
  SearchStoredInput,
  SearchStoredOutput,
} from './tools/recovery-tools.js';
