/**
 * Retrains the offline review classifier shipped in src/classify/model/review-classifier.json.
 *
 * Method: settings (preprocessing steps, label scheme, naive Bayes mode and smoothing) are chosen
 * by coordinate ascent; each candidate is scored by 5-fold cross-validation on the training split
 * only (mean F1 of bug and feature after tuning the bug/feature score offsets on the same
 * cross-validated odds). The best settings are then fitted on the whole training split. The test
 * split is never read here. Takes a few minutes (about 40 settings × 5 folds).
 *
 * Run: `npm run train:classifier [-- path/to/train.jsonl]`
 * (default ../shared/data/reviews/train.jsonl).
 */
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readLabeledReviews } from '../src/classify/labeled-reviews.js';
import type { ReviewFeatureOptions } from '../src/classify/review-features.js';
import {
  crossValidate,
  type TrainingSettings,
  trainReviewClassifier,
  tuneOffsets,
} from '../src/classify/train-review-classifier.js';

const FOLDS = 5;
/** Offsets tried for bug and feature, in log2 odds (wink's odds of one review span about ±40). */
const OFFSET_GRID = Array.from({ length: 21 }, (_, index) => index - 8);
const here = path.dirname(fileURLToPath(import.meta.url));
const repositoryRoot = path.resolve(here, '../../..');
const dataFile = path.resolve(
  process.argv[2] ?? path.join(repositoryRoot, '../shared/data/reviews/train.jsonl'),
);
const modelFile = path.join(here, '../src/classify/model/review-classifier.json');

const examples = await readLabeledReviews(dataFile);
process.stderr.write(`training on ${examples.length} reviews from ${dataFile}\n`);

const started = performance.now();
let evaluated = 0;
let best = evaluate({
  scheme: 'mapped',
  features: {
    title: true,
    negation: false,
    removeStopWords: false,
    stem: false,
    bigrams: false,
    rating: false,
  },
  naiveBayes: { considerOnlyPresence: false, smoothingFactor: 1 },
});
// Coordinate ascent: change one setting at a time, keep a change that raises the score, and stop
// when a whole pass changes nothing (a full grid is 512 settings; this needs a few dozen).
for (let improved = true; improved; ) {
  improved = false;
  for (const neighbour of neighbours(best.settings)) {
    const candidate = evaluate(neighbour);
    if (candidate.score > best.score + 1e-9) {
      best = candidate;
      improved = true;
    }
  }
}
process.stderr.write(
  `cross-validated ${evaluated} settings in ${((performance.now() - started) / 1000).toFixed(1)} s; best ${best.score.toFixed(4)}: ${JSON.stringify(best.settings)}\n`,
);

const model = trainReviewClassifier(examples, best.settings, {
  data: path.relative(repositoryRoot, dataFile),
  examples: examples.length,
  selection: `coordinate ascent over settings, each scored by ${FOLDS}-fold cross-validation on the training split (${evaluated} settings); objective mean F1 of bug and feature`,
  crossValidatedBugFeatureF1: Math.round(best.score * 10_000) / 10_000,
});
await writeFile(modelFile, `${JSON.stringify(model)}\n`);
// Format it as the repository's formatter would, so the generated file passes `npm run lint`.
execFileSync(
  path.join(repositoryRoot, 'node_modules/.bin/biome'),
  ['format', '--write', modelFile],
  { stdio: 'ignore' },
);
process.stderr.write(`wrote ${path.relative(repositoryRoot, modelFile)}\n`);

/** Scores settings by cross-validation, with offsets tuned on the cross-validated odds. */
function evaluate(settings: TrainingSettings): { settings: TrainingSettings; score: number } {
  evaluated += 1;
  const tuned = tuneOffsets(crossValidate(examples, settings, FOLDS), settings.scheme, OFFSET_GRID);
  return { settings: { ...settings, offsets: tuned.offsets }, score: tuned.score };
}

/** Every setting that differs from `settings` in exactly one choice. */
function neighbours(settings: TrainingSettings): TrainingSettings[] {
  const { features, naiveBayes } = settings;
  const result: TrainingSettings[] = [
    { ...settings, scheme: settings.scheme === 'mapped' ? 'direct' : 'mapped' },
    {
      ...settings,
      naiveBayes: { ...naiveBayes, considerOnlyPresence: !naiveBayes.considerOnlyPresence },
    },
    ...[1, 0.5, 0.1]
      .filter((smoothingFactor) => smoothingFactor !== naiveBayes.smoothingFactor)
      .map((smoothingFactor) => ({ ...settings, naiveBayes: { ...naiveBayes, smoothingFactor } })),
    ...[1, 2, 3]
      .filter((minimum) => minimum !== (settings.minDocumentFrequency ?? 1))
      .map((minDocumentFrequency) => ({ ...settings, minDocumentFrequency })),
  ];
  for (const key of Object.keys(features) as Array<keyof ReviewFeatureOptions>) {
    result.push({ ...settings, features: { ...features, [key]: !features[key] } });
  }
  return result;
}
