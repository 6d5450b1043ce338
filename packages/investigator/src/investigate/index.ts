/** The main job: report + repository → verified diagnosis. */
export {
  type Investigation,
  type InvestigateOptions,
  type InvestigateProgress,
  investigate,
} from './investigate.js';
export { reportFocus } from './report-focus.js';
