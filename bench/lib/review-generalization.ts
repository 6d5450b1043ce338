/**
 * How the review classifier's settings do on reviews unlike those it was trained on (issue #28):
 * - apps never seen: reviews naming their app in folds by app, each fold predicted by a model
 *   trained on every review of the other apps (and those naming no app), plus other training data;
 * - what adding the extra data sets to training does to the figures on Maalej et al.'s reviews;
 * - data sets never seen: a model trained without one data set, tested on it, with thresholds
 *   chosen by cross-validation on what it was trained on (Devine, Koh and Blincoe, "Evaluating
 *   Software User Feedback Classifiers on Unseen Apps, Datasets, and Metadata", EMSE 2023, show
 *   that figures within one data set overstate this).
 */
import type { LabeledReview } from '@sightline/intake/internal';
import {
  type ClassificationMetrics,
  classificationMetrics,
  crossValidateReviews,
  decideAll,
  type FoldPrediction,
  predictHeldOut,
  REVIEW_LABELS,
  type ReviewSource,
  reviewTextKey,
  type SourcedReview,
  type TrainingSettings,
  tuneThresholds,
} from '@sightline/intake/training';
import { type AppReview, appFold } from './review-apps.js';

type Thresholds = { bug: number; feature: number };
const SHARED = 'Maalej et al. 2016';

/**
 * @param all - Reviews naming their app (those without one are never tested, always trained on).
 * @param extra - Reviews added to every fold's training (other data sets; free of `all`'s texts).
 * @returns How many apps and reviews were predicted, and the metrics under `thresholds`.
 */
export function heldApartApps(
  all: readonly AppReview[],
  extra: readonly LabeledReview[],
  settings: TrainingSettings,
  thresholds: Thresholds,
  folds: number,
): { apps: number; reviews: number; metrics: ClassificationMetrics } {
  const predictions: FoldPrediction[] = [];
  const apps = new Set<string>();
  for (let fold = 0; fold < folds; fold += 1) {
    const test = all.filter((review) => review.app && appFold(review.app, folds) === fold);
    const testTexts = new Set(test.map((review) => reviewTextKey(review.text)));
    for (const review of test) if (review.app) apps.add(review.app);
    const train = all.filter(
      (review) =>
        !(review.app && appFold(review.app, folds) === fold) &&
        !testTexts.has(reviewTextKey(review.text)),
    );
    predictions.push(...predictHeldOut([...train, ...extra], test, settings));
  }
  return {
    apps: apps.size,
    reviews: predictions.length,
    metrics: classificationMetrics(decideAll(predictions, thresholds), REVIEW_LABELS),
  };
}

/** One data set left out of training and tested on. */
export interface CrossDatasetResult {
  trainedOn: string;
  testedOn: string;
  trainReviews: number;
  testReviews: number;
  thresholds: Thresholds;
  metrics: ClassificationMetrics;
}

/**
 * Each data set left out in turn: the shared training split left out and tested through the test
 * split (trained on the extra data sets), and each extra data set left out and tested on whole
 * (trained on the shared training split and the other extra data sets).
 *
 * @param shared - The shared training split (Maalej et al. 2016).
 * @param sharedTest - The shared test split.
 * @param extra - The extra reviews, each with its source.
 * @param sources - The extra sources (their `dataset` groups them).
 */
export function crossDataset(
  shared: readonly LabeledReview[],
  sharedTest: readonly LabeledReview[],
  extra: readonly SourcedReview[],
  sources: readonly ReviewSource[],
  settings: TrainingSettings,
  folds: number,
): CrossDatasetResult[] {
  const datasets = [...new Set(sources.map((source) => source.dataset))];
  const datasetOf = new Map(sources.map((source) => [source.name, source.dataset]));
  const run = (
    trainedOn: string,
    train: readonly LabeledReview[],
    testedOn: string,
    test: readonly LabeledReview[],
  ) => {
    const { thresholds } = tuneThresholds(crossValidateReviews(train, settings, folds));
    return {
      trainedOn,
      testedOn,
      trainReviews: train.length,
      testReviews: test.length,
      thresholds,
      metrics: classificationMetrics(
        decideAll(predictHeldOut(train, test, settings), thresholds),
        REVIEW_LABELS,
      ),
    };
  };
  return [
    run(datasets.join(' + '), extra, `${SHARED} (test split)`, sharedTest),
    ...datasets.map((dataset) => {
      const inDataset = (review: SourcedReview) => datasetOf.get(review.source) === dataset;
      return run(
        [`${SHARED} (training split)`, ...datasets.filter((name) => name !== dataset)].join(' + '),
        [...shared, ...extra.filter((review) => !inDataset(review))],
        dataset,
        extra.filter(inDataset),
      );
    }),
  ];
}

/**
 * The shipped settings trained with the extra reviews added to the shared training data: on the
 * held-apart apps (folds by app) and on the test split, with thresholds chosen by cross-validation
 * on the shared training split and the extra reviews (training data only).
 *
 * @param shared - The shared training split.
 * @param sharedTest - The shared test split.
 * @param appReviews - The held-apart-apps reviews.
 * @param extra - The extra reviews (free of the texts of `sharedTest` and `appReviews`).
 * @returns The thresholds, and the metrics on the apps never seen and on the test split.
 */
export function withExtraData(
  shared: readonly LabeledReview[],
  sharedTest: readonly LabeledReview[],
  appReviews: readonly AppReview[],
  extra: readonly LabeledReview[],
  settings: TrainingSettings,
  folds: number,
): {
  thresholds: Thresholds;
  heldApartApps: ClassificationMetrics;
  testSplit: ClassificationMetrics;
} {
  const training = [...shared, ...extra];
  const { thresholds } = tuneThresholds(crossValidateReviews(training, settings, folds));
  return {
    thresholds,
    heldApartApps: heldApartApps(appReviews, extra, settings, thresholds, folds).metrics,
    testSplit: classificationMetrics(
      decideAll(predictHeldOut(training, sharedTest, settings), thresholds),
      REVIEW_LABELS,
    ),
  };
}
