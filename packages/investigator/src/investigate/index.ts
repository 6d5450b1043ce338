/** The main job: report + repository → verified diagnosis. */
export {
  type InvestigateOptions,
  type InvestigateProgress,
  type InvestigateReport,
  type InvestigateResult,
  type InvestigateSettings,
  investigate,
  type PreparedReport,
} from './investigate.js';
export { reportFocus } from './report-focus.js';
