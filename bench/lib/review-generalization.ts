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

/** What {@link heldApartApps} measured. */
export interface HeldApartResult {
  /** Apps predicted. */
  apps: number;
  /** Reviews predicted. */
  reviews: number;
  /** Metrics with each fold's own thresholds. */
  metrics: ClassificationMetrics;
  /** Each fold's thresholds, chosen on its training data only. */
  thresholds: Thresholds[];
  /** Every held-apart prediction (probabilities), to weigh other thresholds on. */
  predictions: FoldPrediction[];
}

/**
 * Reviews of apps never seen in training, in `folds` folds by app. Each fold is predicted by a
 * model trained on every review of the other apps (and those naming no app) plus `extra`, and
 * decided with thresholds chosen by `folds`-fold cross-validation on that same training data
 * (nested: the fold's apps take no part in choosing them, as they would not for a new app).
 * @param all - Reviews naming their app (those without one are never tested, always trained on).
 * @param extra - Reviews added to every fold's training (other data sets; free of `all`'s texts).
 */
export function heldApartApps(
  all: readonly AppReview[],
  extra: readonly LabeledReview[],
  settings: TrainingSettings,
  folds: number,
): HeldApartResult {
  const predictions: FoldPrediction[] = [];
  const thresholds: Thresholds[] = [];
  const decisions: ReturnType<typeof decideAll> = [];
  const apps = new Set<string>();
  for (let fold = 0; fold < folds; fold += 1) {
    const test = all.filter((review) => review.app && appFold(review.app, folds) === fold);
    const testTexts = new Set(test.map((review) => reviewTextKey(review.text)));
    for (const review of test) if (review.app) apps.add(review.app);
    const train = [
      ...all.filter(
        (review) =>
          !(review.app && appFold(review.app, folds) === fold) &&
          !testTexts.has(reviewTextKey(review.text)),
      ),
      ...extra,
    ];
    const chosen = tuneThresholds(crossValidateReviews(train, settings, folds)).thresholds;
    const predicted = predictHeldOut(train, test, settings);
    thresholds.push(chosen);
    predictions.push(...predicted);
    decisions.push(...decideAll(predicted, chosen));
  }
  return {
    apps: apps.size,
    reviews: predictions.length,
    metrics: classificationMetrics(decisions, REVIEW_LABELS),
    thresholds,
    predictions,
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
 * held-apart apps (folds by app, each fold's thresholds chosen on its own training data) and on
 * the test split, with thresholds chosen by cross-validation on the shared training split and the
 * extra reviews (training data only).
 *
 * @param shared - The shared training split.
 * @param sharedTest - The shared test split.
 * @param appReviews - The held-apart-apps reviews.
 * @param extra - The extra reviews (free of the texts of `sharedTest` and `appReviews`).
 * @returns The test split's thresholds, and the results on the apps never seen and on the test
 * split.
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
  heldApartApps: HeldApartResult;
  testSplit: ClassificationMetrics;
} {
  const training = [...shared, ...extra];
  const { thresholds } = tuneThresholds(crossValidateReviews(training, settings, folds));
  return {
    thresholds,
    heldApartApps: heldApartApps(appReviews, extra, settings, folds),
    testSplit: classificationMetrics(
      decideAll(predictHeldOut(training, sharedTest, settings), thresholds),
      REVIEW_LABELS,
    ),
  };
}
