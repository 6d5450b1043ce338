/**
 * `npm run bench:classify` — measures the shipped offline review classifier on the held-out test
 * split (../shared/data/reviews/test.jsonl): precision, recall and F1 of bug, feature and other,
 * the confusion matrix, accuracy, and time per review (median of several runs). Writes
 * bench/results/classify.json.
 *
 * The test split was never used for training or model selection (scripts/train-classifier.ts
 * reads train.jsonl only). Anchor: Maalej et al. 2016 ("On the automatic classification of app
 * reviews", RE journal) report precision 70–95% and recall 80–99% for bug reports and feature
 * requests with binary classifiers per type.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DATASET_LABEL_MAP,
  REVIEW_LABELS,
  classificationMetrics,
  readLabeledReviews,
  shippedReviewClassifier,
} from '@sightline/investigator';

const RUNS = 5;

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const testFile = path.resolve(repositoryRoot, '../shared/data/reviews/test.jsonl');
const reviews = await readLabeledReviews(testFile).catch(() => {
  process.stderr.write(`bench:classify needs ${testFile} (shared data); it is missing.\n`);
  process.exit(2);
});

const loadStarted = performance.now();
const classifier = shippedReviewClassifier();
const loadMs = performance.now() - loadStarted;

let predictions = reviews.map((review) => classifier.predict(review).label);
const perReviewMs: number[] = [];
for (let run = 0; run < RUNS; run += 1) {
  const started = performance.now();
  predictions = reviews.map((review) => classifier.predict(review).label);
  perReviewMs.push((performance.now() - started) / reviews.length);
}
const medianMs = [...perReviewMs].sort((a, b) => a - b)[Math.floor(RUNS / 2)] ?? 0;

const metrics = classificationMetrics(
  reviews.map((review, index) => ({ actual: DATASET_LABEL_MAP[review.label] ?? 'other', predicted: predictions[index] ?? 'other' })),
  REVIEW_LABELS,
);

const round = (value: number) => Math.round(value * 10_000) / 10_000;
const lines = [`offline review classifier on ${path.relative(repositoryRoot, testFile)} (${reviews.length} reviews)`, ''];
lines.push('label     precision  recall  F1      support');
for (const [label, m] of Object.entries(metrics.perLabel)) {
  lines.push(
    `${label.padEnd(10)}${m.precision.toFixed(3).padStart(9)}${m.recall.toFixed(3).padStart(8)}${m.f1.toFixed(3).padStart(8)}${String(m.support).padStart(9)}`,
  );
}
lines.push('', 'confusion (rows actual, columns predicted)', `${''.padEnd(10)}${Object.keys(metrics.confusion).map((l) => l.padStart(9)).join('')}`);
for (const [actual, row] of Object.entries(metrics.confusion)) {
  lines.push(`${actual.padEnd(10)}${Object.values(row).map((n) => String(n).padStart(9)).join('')}`);
}
lines.push(
  '',
  `accuracy ${metrics.accuracy.toFixed(3)}`,
  `time per review ${(medianMs * 1000).toFixed(1)} µs (median of ${RUNS} runs; noisy on a shared machine); model load ${loadMs.toFixed(1)} ms`,
);
process.stdout.write(`${lines.join('\n')}\n`);

const result = {
  name: 'classify',
  date: new Date().toISOString(),
  machine: { cpu: os.cpus()[0]?.model ?? 'unknown', cores: os.cpus().length, platform: `${os.platform()} ${os.release()}` },
  node: process.version,
  inputs: {
    testSet: { file: path.relative(repositoryRoot, testFile), reviews: reviews.length },
    model: {
      file: 'packages/investigator/src/classify/model/review-classifier.json',
      version: classifier.model.version,
      settings: { features: classifier.model.features, naiveBayes: classifier.model.naiveBayes, offsets: classifier.model.offsets },
      training: classifier.model.training,
    },
  },
  figures: {
    perLabel: Object.fromEntries(
      Object.entries(metrics.perLabel).map(([label, m]) => [
        label,
        { precision: round(m.precision), recall: round(m.recall), f1: round(m.f1), support: m.support },
      ]),
    ),
    accuracy: round(metrics.accuracy),
    confusion: metrics.confusion,
    timePerReview: { value: round(medianMs * 1000), unit: 'µs', runs: RUNS, statistic: 'median' },
    modelLoad: { value: round(loadMs), unit: 'ms' },
  },
};
await mkdir(path.join(repositoryRoot, 'bench/results'), { recursive: true });
await writeFile(path.join(repositoryRoot, 'bench/results/classify.json'), `${JSON.stringify(result, null, 2)}\n`);
process.stderr.write('wrote bench/results/classify.json\n');
