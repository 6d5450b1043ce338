/**
 * Ranks the files a report relates to by the learned ranking model ({@link shippedRankingModel}):
 * each file's feature vector ({@link fileVectors}: its signals from `scoreFiles` and its role)
 * scored by the model's weights. Exposed on its own so that a caller can explain a ranking feature
 * by feature, and so that training reads the same vectors the runtime scores.
 */
import type { RepositoryIndex } from '@sightline/codebase';
import { rankingVector } from './derived-features.js';
import { fileVectors } from './ranking-features.js';
import { type RankingModel, rankingScore, shippedRankingModel } from './ranking-model.js';
import type { ReportSignals } from './report-signals.js';
import type { FileSignals } from './score-files.js';

/** One scored file: its signals, its feature vector and the model's score. */
export interface RankedFile {
  path: string;
  entry: FileSignals;
  /** The signals' evidence, plus `demoted: <role>` when the file is not plain source. */
  evidence: string[];
  /** The feature vector, in `RANKING_FEATURES` order. */
  features: number[];
  /** The model's score of `features`, rounded to 4 decimals. */
  score: number;
}

/**
 * Scores and ranks files.
 * @param index - the repository index.
 * @param files - every file's signals, from `scoreFiles`.
 * @param signals - the report's signals (its frames, whether it is about tests).
 * @param model - the ranking model. Default: the shipped one.
 * @param history - path → history features (`readHistoryFeatures`); a file absent has all 0.
 * @returns every file with a signal of its own, highest score first (ties by path).
 */
export function rankFiles(
  index: RepositoryIndex,
  files: ReadonlyMap<string, FileSignals>,
  signals: Pick<ReportSignals, 'aboutTests' | 'frames'>,
  model: RankingModel = shippedRankingModel(),
  history: ReadonlyMap<string, readonly number[]> = new Map(),
): RankedFile[] {
  return fileVectors(index, files, signals)
    .map(({ path, entry, role, features: base }): RankedFile => {
      const features = rankingVector(base, history.get(path));
      return {
        path,
        entry,
        evidence: role.reason ? [...entry.evidence, `demoted: ${role.reason}`] : entry.evidence,
        features,
        score: Math.round(rankingScore(model, features) * 10_000) / 10_000,
      };
    })
    .sort((a, b) => b.score - a.score || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
