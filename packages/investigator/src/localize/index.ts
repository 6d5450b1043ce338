/** The offline localizer: suspect files and lines for a report, and the diagnosis built from them. */
export { type FileRole, fileRole } from '@sightline/codebase';
export { framePathSegments, type MappedFrame, mapFrame, readPackageName } from './frame-paths.js';
export { getLexicalIndex, type LexicalIndex, type LexicalMatch } from './lexical-index.js';
export { type LocalizeOptions, localize, SIGNAL_WEIGHTS } from './localize.js';
export { type MarkInAppFramesOptions, markInAppFrames } from './mark-in-app-frames.js';
export { assessOffline, type OfflineAssessment } from './offline-assessment.js';
export { type DiagnoseOfflineOptions, diagnoseOffline } from './offline-diagnosis.js';
export {
  collectReportSignals,
  type InAppFrame,
  type ReportSignals,
} from './report-signals.js';
export { FRAME_DECAY } from './score-files.js';
export { mapThroughSourceMap, type OriginalPosition } from './source-maps.js';
