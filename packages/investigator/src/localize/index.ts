/** The offline localizer: suspect files and lines for a report, and the diagnosis built from them. */

export {
  DERIVED_FEATURES,
  RANKING_FEATURES,
  type RankingFeature,
  rankingVector,
} from './derived-features.js';
export {
  type FrameFileLookup,
  frameFileLookup,
  framePathSegments,
  type MappedFrame,
  mapFrame,
  resolveFrame,
  resolveFramePath,
} from './frame-paths.js';
export { FRAME_DECAY } from './frame-weights.js';
export { type GroupMember, groupSuspects } from './group-suspects.js';
export {
  HISTORY_FEATURES,
  type HistoryLog,
  historyVectors,
  messageSimilarity,
  readHistoryFeatures,
} from './history-features.js';
export { cachedHistoryLog, type HistoryLogCacheOptions } from './history-log-cache.js';
export { getLexicalIndex, type LexicalIndex, type LexicalMatch } from './lexical-index.js';
export { type LocalizeOptions, localize } from './localize.js';
export { markInAppFrames } from './mark-in-app-frames.js';
export { assessOffline, type OfflineAssessment } from './offline-assessment.js';
export { type DiagnoseOfflineOptions, diagnoseOffline } from './offline-diagnosis.js';
export { type RankedFile, rankFiles } from './rank-files.js';
export {
  BASE_FEATURES,
  featureVector,
  fileVectors,
  rankingRole,
} from './ranking-features.js';
export {
  loadRankingModel,
  RANKING_MODEL_FORMAT,
  RANKING_MODEL_VERSION,
  type RankingModel,
  rankingScore,
  shippedRankingModel,
  weighsHistory,
} from './ranking-model.js';
export {
  collectReportSignals,
  type InAppFrame,
  type ReportSignals,
} from './report-signals.js';
export { type FileSignals, scoreFiles } from './score-files.js';
export { mapThroughSourceMap, type OriginalPosition } from './source-maps.js';
export {
  judgeTie,
  loadTieModel,
  namesPackage,
  shippedTieModel,
  TIE_FEATURES,
  TIE_MODEL_FORMAT,
  TIE_MODEL_VERSION,
  type TieFeature,
  type TieModel,
  tieFeatures,
  tieProbability,
} from './tie-model.js';
export { areTwins } from './twins.js';
