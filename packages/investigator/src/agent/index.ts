/** The investigation agent: a model investigates a report through the tool funnel. */
export { estimateCostUsd } from './agent-stats.js';
export {
  CACHE_RULES,
  type CacheableShare,
  type CacheableStep,
  type CacheRules,
  measureCacheableShare,
  type SentRequest,
} from './cacheable-share.js';
export {
  AGENT_TOOL_NAMES,
  type AgentPhase,
  DEFAULT_FUNNEL_BUDGETS,
  type FunnelBudgets,
} from './phases.js';
export type { InvestigateWithModelProgress } from './progress-reporter.js';
export { renderSuspects } from './prompts.js';
export {
  DEFAULT_STEP_TIMEOUT_MS,
  type InvestigateWithModelOptions,
  type InvestigateWithModelResult,
  investigateWithModel,
} from './run-agent.js';
export { needsStoredTools } from './stored-tools.js';
