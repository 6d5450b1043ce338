/** The main job: report + repository → verified diagnosis. */
export {
  type InvestigateOptions,
  type InvestigateProgress,
  type Investigation,
  investigate,
} from './investigate.js';
export { reportFocus } from './report-focus.js';
