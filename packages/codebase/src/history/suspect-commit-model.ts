/**
 * The suspect-commit ranking's weights: a linear score over {@link SUSPECT_COMMIT_FEATURES}, each
 * feature standardized by the mean and scale it had on the fitting cases.
 *
 * How it was fitted: by `npm run bench:history` on its SZZ set (the fixes whose changed lines
 * blame, at the fix's parent, to earlier commits: the bug-introducing commits of Śliwerski,
 * Zimmermann & Zeller, MSR 2005), as a pairwise logistic ranker (RankNet's pairwise loss, Burges
 * et al., ICML 2005, with a linear scorer): every pair of a bug-introducing and another candidate
 * commit of the same fix, each fix weighing 1 in all, L2 penalty {@link SuspectCommitModel.l2},
 * Newton's method from zero. Checked leave-one-repository-out (top 3 held out) in the same run;
 * bench/README.md "history" has the figures. The bench prints the weights fitted on all cases;
 * they are copied here, with the version raised when the features change.
 */
import { SUSPECT_COMMIT_FEATURES } from './suspect-commit-features.js';

/** A fitted linear ranking of suspect commits. */
export interface SuspectCommitModel {
  /** Raised when the features or their meaning change. */
  version: number;
  /** Feature names, in {@link SUSPECT_COMMIT_FEATURES} order. */
  features: readonly string[];
  /** Mean of each feature on the fitting cases' candidates. */
  mean: readonly number[];
  /** Standard deviation of each feature there (1 where it was constant). */
  scale: readonly number[];
  /** Weight of each standardized feature. */
  weights: readonly number[];
  /** L2 penalty the weights were fitted with. */
  l2: number;
  /** Where and on what it was fitted, one line. */
  fitted: string;
}

/**
 * The shipped model: fitted on 194 fixes of the SZZ set (2026-12-03, the blames of the top-5
 * ranges of the localizer of that morning), L2 penalty 1 (the best of 0.01, 0.1 and 1 there);
 * top 3 held out by repository 96 of 194 (49.5 %), where the weights it replaces (recency, share
 * and range-rank exponents fitted by coordinate ascent) had 91 of 192 (47.4 %). Version 2 adds
 * reportMatch and frameLine at weight 0: fitted with them (and 10 ranges) the held-out top 3 was
 * 58 of 136 fixes against 59 without (bench:history, 2026-12-03 13:38), so they are not weighed.
 * Version 3 adds newestInRange, also at weight 0 until the model is fitted again (held out on three
 * runs' kept blames it raised the top 3 by two or three fixes: 59 to 61 of 136, 85 to 88 of 177,
 * 65 to 67 of 126).
 */
export const SUSPECT_COMMIT_MODEL: SuspectCommitModel = {
  version: 3,
  features: SUSPECT_COMMIT_FEATURES,
  mean: [
    0.1656, 0.1549, 0.4467, 1.5241, 5.5698, 2.396, 1.8393, 0.0366, 0.1921, 0.0482, 0.0222, 0.0616,
    0.0067, 0.0883, 0, 0, 0,
  ],
  scale: [
    0.2144, 0.2352, 0.2841, 0.8968, 1.3181, 0.9765, 1.3251, 0.1878, 0.394, 0.2142, 0.1472, 0.2404,
    0.0815, 0.2838, 1, 1, 1,
  ],
  weights: [
    0.155, 0.0778, 0.161, 0.1109, -0.0825, -0.0734, 0.1038, 0.0919, -0.0053, 0.0043, -0.0476,
    0.0272, -0.008, 0.0188, 0, 0, 0,
  ],
  l2: 1,
  fitted: 'bench:history SZZ set, 194 fixes of 2026-12-03 morning, L2 1',
};

/**
 * A candidate's score under a model (higher: more suspect; comparable within one ranking only).
 * @param features the candidate's {@link SUSPECT_COMMIT_FEATURES} values.
 * @throws Error when the model was fitted on other features (a stale model file).
 */
export function suspectCommitScore(model: SuspectCommitModel, features: readonly number[]): number {
  if (model.features.length !== features.length) {
    throw new Error(
      `suspect-commit model v${model.version} has ${model.features.length} features, the candidates ${features.length}: refit it with npm run bench:history`,
    );
  }
  let score = 0;
  for (let at = 0; at < features.length; at++) {
    score +=
      ((model.weights[at] ?? 0) * ((features[at] ?? 0) - (model.mean[at] ?? 0))) /
      (model.scale[at] || 1);
  }
  return score;
}
