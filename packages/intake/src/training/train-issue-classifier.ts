/**
 * Training and cross-validation of the offline issue classifier. Used by scripts/train-classifier.ts
 * to choose preprocessing by k-fold cross-validation on the NLBSE'24 training split, then to fit
 * the shipped model on the whole split, and by `npm run bench:classify` to report the
 * cross-validated figures.
 */
import { createHash } from 'node:crypto';
import {
  ISSUE_CLASSIFIER_FORMAT,
  ISSUE_CLASSIFIER_VERSION,
  ISSUE_LABELS,
  type IssueClassifierModel,
} from '../classify/issue-classifier.js';
import { type IssueFeatureOptions, issueTokens } from '../classify/issue-features.js';
import type { LabeledIssue } from '../classify/labeled-issues.js';
import { type LinearTextSettings, loadLinearTextModel } from '../classify/linear-text-model.js';
import type { LabelPair } from './classification-metrics.js';
import { fitLinearTextModel } from './fit-linear-text-model.js';

/** Everything that defines an issue model except what it learns. */
export interface IssueTrainingSettings {
  features: IssueFeatureOptions;
  /** TF-IDF and logistic regression settings. */
  linear: LinearTextSettings;
}

/**
 * Fits an issue model on `examples`.
 *
 * @param examples - Labeled issues, in a fixed order (same input, same bytes).
 * @param settings - Preprocessing, TF-IDF and logistic regression settings.
 * @param training - Provenance and measurements stored in the model file (default `{}`).
 * @returns The model, ready to save as JSON or load with `loadIssueClassifier`.
 */
export function trainIssueClassifier(
  examples: readonly LabeledIssue[],
  settings: IssueTrainingSettings,
  training: Record<string, unknown> = {},
): IssueClassifierModel {
  return {
    format: ISSUE_CLASSIFIER_FORMAT,
    version: ISSUE_CLASSIFIER_VERSION,
    labels: [...ISSUE_LABELS],
    features: settings.features,
    training,
    model: fitLinearTextModel(
      examples.map((example) => issueTokens(example, settings.features)),
      examples.map((example) => [ISSUE_LABELS.indexOf(example.label)]),
      { mode: 'softmax', classes: ISSUE_LABELS.length },
      settings.linear,
    ),
  };
}

/**
 * k-fold cross-validation: each issue is predicted by a model trained on the other folds. Folds
 * are assigned by a hash of title and body, so duplicates share a fold and the split does not
 * depend on row order.
 *
 * @param examples - Labeled issues.
 * @param settings - Settings to evaluate.
 * @param folds - Number of folds (default 5).
 * @returns One actual/predicted pair per issue, in input order.
 */
export function crossValidateIssues(
  examples: readonly LabeledIssue[],
  settings: IssueTrainingSettings,
  folds = 5,
): LabelPair[] {
  const foldOf = examples.map((example) =>
    hashFold(`${example.title ?? ''}\n${example.body}`, folds),
  );
  const tokens = examples.map((example) => issueTokens(example, settings.features));
  const pairs: LabelPair[] = new Array(examples.length);
  for (let fold = 0; fold < folds; fold += 1) {
    const inFold = (index: number) => foldOf[index] === fold;
    const training = examples.flatMap((_, index) => (inFold(index) ? [] : [index]));
    const model = loadLinearTextModel(
      fitLinearTextModel(
        training.map((index) => tokens[index] ?? []),
        training.map((index) => [ISSUE_LABELS.indexOf(examples[index]?.label ?? 'question')]),
        { mode: 'softmax', classes: ISSUE_LABELS.length },
        settings.linear,
      ),
    );
    examples.forEach((example, index) => {
      if (!inFold(index)) return;
      const prediction = model.predict(tokens[index] ?? []);
      const probabilities = [...prediction.probabilities];
      const best = probabilities.indexOf(Math.max(...probabilities));
      const predicted =
        prediction.knownTerms === 0 ? 'question' : (ISSUE_LABELS[best] ?? 'question');
      pairs[index] = { actual: example.label, predicted };
    });
  }
  return pairs;
}

/**
 * The fold of a text: the first 32 bits of its SHA-1, modulo `folds`.
 *
 * @param text - The text that identifies an example.
 * @param folds - Number of folds.
 * @returns 0 … folds − 1.
 */
export function hashFold(text: string, folds: number): number {
  return createHash('sha1').update(text).digest().readUInt32BE(0) % folds;
}
