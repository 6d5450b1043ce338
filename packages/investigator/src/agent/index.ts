/** The investigation agent: a model investigates a report through the tool funnel. */
export {
  type AgentPhase,
  DEFAULT_FUNNEL_BUDGETS,
  type FunnelBudgets,
  PHASE_TOOLS,
} from './funnel.js';
export { REPORT_SECTIONS, renderSuspects } from './prompts.js';
export {
  DEFAULT_STEP_TIMEOUT_MS,
  type InvestigateWithModelOptions,
  type InvestigateWithModelProgress,
  type InvestigateWithModelResult,
  investigateWithModel,
} from './run-agent.js';
