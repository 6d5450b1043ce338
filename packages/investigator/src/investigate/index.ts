/** The main job: report + repository → verified diagnosis. */
export {
  type InvestigateOptions,
  type InvestigateProgress,
  type InvestigateResult,
  investigate,
} from './investigate.js';
export { reportFocus } from './report-focus.js';
