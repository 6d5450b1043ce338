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
 * The shipped model: fitted on 202 fixes of 83 repositories, the SZZ set of bench:history
 * (2026-12-06: the blames of the top-5 code suspect ranges of the current localizer, history off),
 * L2 penalty 1 (0.1 to 10 held out alike there). Held out by repository its top 3 holds a
 * bug-introducing commit in 99 of 202 fixes (49.0 %); without newestInRange 95 (the feature, at
 * weight 0 in the model this one replaces, had raised the held-out top 3 on four runs' kept blames:
 * 59 to 61 of 136, 85 to 88 of 177, 65 to 67 of 126, 95 to 100 of 202). reportMatch and frameLine
 * stay at weight 0: investigate computes neither (held out with them 102 of 202, bench:history).
 * Version 2 added reportMatch and frameLine, version 3 newestInRange.
 */
export const SUSPECT_COMMIT_MODEL: SuspectCommitModel = {
  version: 3,
  features: SUSPECT_COMMIT_FEATURES,
  mean: [
    0.185, 0.1762, 0.4819, 1.5528, 5.6716, 2.2159, 1.9235, 0.0481, 0.1975, 0.0507, 0.0197, 0.076,
    0.007, 0.1031, 0, 0, 0.0896,
  ],
  scale: [
    0.236, 0.255, 0.2967, 0.9048, 1.2011, 0.9532, 1.3783, 0.2139, 0.3981, 0.2193, 0.1388, 0.265,
    0.0833, 0.3041, 1, 1, 0.2411,
  ],
  weights: [
    0.1855, 0.1039, 0.1518, 0.0848, -0.07, -0.0563, 0.092, 0.0984, 0, 0.0089, -0.0386, 0.0239,
    -0.0034, 0.0257, 0, 0, 0.0913,
  ],
  l2: 1,
  fitted: 'bench:history SZZ set, 202 fixes of 83 repositories, 2026-12-06',
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
