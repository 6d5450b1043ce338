/**
 * `npm run bench:classify` — measures the shipped offline review classifier on the held-out test
 * split (../shared/data/reviews/test.jsonl): precision, recall and F1 of bug, feature and other,
 * the confusion matrix, accuracy (against the majority-class baseline), and time per review
 * (median of several runs). Writes bench/results/classify.json and its table in bench/README.md.
 *
 * The test split is never used for training or model selection (scripts/train-classifier.ts reads
 * train.jsonl only). Anchor: Maalej et al. 2016 ("On the automatic classification of app reviews",
 * RE journal) report precision 70–95 % and recall 80–99 % for bug reports and feature requests,
 * with one binary classifier per type on balanced samples.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  classificationMetrics,
  DATASET_LABEL_MAP,
  REVIEW_LABELS,
  readLabeledReviews,
  reviewTextKey,
  shippedReviewClassifier,
} from '@sightline/intake';
import { BENCH_DIR } from './lib/npm-pack.js';
import {
  type Figures,
  fraction as fractionOf,
  markdownTable,
  updateReadmeTable,
  writeResults,
} from './lib/results.js';
import { median, timed } from './lib/stats.js';

const RUNS = 5;
const repositoryRoot = path.resolve(BENCH_DIR, '..');
const testFile = path.resolve(repositoryRoot, '../shared/data/reviews/test.jsonl');
if (!existsSync(testFile)) {
  process.stderr.write(`bench:classify needs ${testFile} (shared data), which is missing.\n`);
  process.exit(2);
}
const reviews = await readLabeledReviews(testFile);

const { result: classifier, ms: loadMs } = await timed(() => shippedReviewClassifier());
let predictions: string[] = [];
const perReviewUs: number[] = [];
for (let run = 0; run < RUNS; run += 1) {
  const { result, ms } = await timed(() =>
    reviews.map((review) => classifier.predict(review).label),
  );
  predictions = result;
  perReviewUs.push((ms * 1000) / reviews.length);
}
const actual = reviews.map((review) => DATASET_LABEL_MAP[review.label] ?? 'other');
const metrics = classificationMetrics(
  actual.map((label, index) => ({ actual: label, predicted: predictions[index] ?? 'other' })),
  REVIEW_LABELS,
);
const majorityAccuracy = actual.filter((label) => label === 'other').length / actual.length;
// The data set is multi-label (one text under several labels, one row each) and a classifier gives
// one label per text, so even a perfect one loses the other rows. Ceiling: per text, the oracle
// picks bug, else feature, else other.
const labelsOfText = new Map<string, Set<string>>();
reviews.forEach((review, index) => {
  const key = reviewTextKey(review.text);
  labelsOfText.set(key, (labelsOfText.get(key) ?? new Set()).add(actual[index] ?? 'other'));
});
const ceiling = classificationMetrics(
  reviews.map((review, index) => {
    const labels = labelsOfText.get(reviewTextKey(review.text)) ?? new Set();
    const predicted = REVIEW_LABELS.find((label) => labels.has(label)) ?? 'other';
    return { actual: actual[index] ?? 'other', predicted };
  }),
  REVIEW_LABELS,
);

const round = (value: number) => Math.round(value * 10_000) / 10_000;
const fraction = (value: number) => fractionOf(value, 4);
const figures: Figures = {
  perLabel: Object.fromEntries(
    Object.entries(metrics.perLabel).map(([label, m]) => [
      label,
      {
        precision: fraction(m.precision),
        recall: fraction(m.recall),
        f1: fraction(m.f1),
        support: { value: m.support, unit: 'reviews' },
      },
    ]),
  ),
  confusion: Object.fromEntries(
    Object.entries(metrics.confusion).map(([label, row]) => [
      label,
      Object.fromEntries(
        Object.entries(row).map(([predicted, n]) => [predicted, { value: n, unit: 'reviews' }]),
      ),
    ]),
  ),
  singleLabelCeilingF1: {
    bug: { ...fraction(ceiling.perLabel.bug?.f1 ?? 0), note: 'oracle, one label per text' },
    feature: { ...fraction(ceiling.perLabel.feature?.f1 ?? 0), note: 'oracle, one label per text' },
  },
  accuracy: fraction(metrics.accuracy),
  majorityClassAccuracy: { ...fraction(majorityAccuracy), note: 'baseline: always "other"' },
  timePerReview: {
    value: round(median(perReviewUs)),
    unit: 'µs',
    runs: RUNS,
    statistic: 'median',
    note: 'noisy: shared machine',
  },
  modelLoad: { value: round(loadMs), unit: 'ms', statistic: 'single' },
};
const { model } = classifier;
await writeResults('classify', {
  inputs: {
    testSet: { file: path.relative(repositoryRoot, testFile), reviews: reviews.length },
    model: {
      file: 'packages/intake/src/classify/model/review-classifier.json',
      version: model.version,
      settings: { features: model.features, naiveBayes: model.naiveBayes, offsets: model.offsets },
      training: model.training,
    },
  },
  figures,
});

const percent = (value: number) => `${(value * 100).toFixed(1)} %`;
const table = markdownTable(
  ['label', 'precision', 'recall', 'F1', 'support'],
  Object.entries(metrics.perLabel).map(([label, m]) => [
    label,
    percent(m.precision),
    percent(m.recall),
    percent(m.f1),
    m.support,
  ]),
);
const confusion = markdownTable(
  ['actual \\ predicted', ...Object.keys(metrics.confusion)],
  Object.entries(metrics.confusion).map(([label, row]) => [label, ...Object.values(row)]),
);
const ceilingNote = `The test split is multi-label (the same text under two labels, one row each); an oracle that gives each text one of its labels (bug, else feature, else other) reaches F1 ${percent(ceiling.perLabel.bug?.f1 ?? 0)} (bug) and ${percent(ceiling.perLabel.feature?.f1 ?? 0)} (feature) here.`;
const summary = `Accuracy ${percent(metrics.accuracy)} (always "other": ${percent(majorityAccuracy)}); ${median(perReviewUs).toFixed(0)} µs per review (median of ${RUNS} runs, noisy); model load ${loadMs.toFixed(0)} ms.`;
const notes = `Offline naive Bayes review classifier on \`${path.relative(repositoryRoot, testFile)}\` (${reviews.length} reviews, never used for training or selection). Published anchor: precision 70–95 %, recall 80–99 % for bug reports and feature requests (Maalej et al. 2016, binary classifiers on balanced samples).`;
await updateReadmeTable(
  'classify',
  `${notes}\n\n${table}\n\n${confusion}\n\n${summary} ${ceilingNote}`,
);
process.stdout.write(`${table}\n\n${confusion}\n\n${summary}\n${ceilingNote}\n`);
process.stderr.write('wrote bench/results/classify.json and bench/README.md\n');
