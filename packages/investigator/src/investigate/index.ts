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
export {
  BLAMED_SUSPECTS,
  describeHistory,
  type ReportHistory,
  readReportHistory,
  SUSPECT_COMMITS,
  WINDOW_BLAMED_SUSPECTS,
  windowRangeShares,
} from './read-history.js';
export { reportFocus } from './report-focus.js';
