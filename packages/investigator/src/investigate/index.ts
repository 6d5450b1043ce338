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
  blamedSuspects,
  describeHistory,
  openReportHistory,
  type RefusalAdvice,
  type ReportHistory,
  readReportHistory,
  refusedHistoryWarning,
  SUSPECT_COMMITS,
} from './read-history.js';
export { reportFocus } from './report-focus.js';
