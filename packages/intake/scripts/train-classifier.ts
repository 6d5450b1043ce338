/**
 * Retrains the offline classifiers shipped in src/classify/model/: the review classifier
 * (review-classifier.json, from ../shared/data/reviews/train.jsonl) and the issue classifier
 * (issue-classifier.json, from ../shared/data/labeled/nlbse2024/issues_train.csv).
 *
 * Method, for each: settings (preprocessing steps, naive Bayes mode and smoothing, minimum document
 * frequency; for reviews also the label scheme) are chosen by coordinate ascent from the previous
 * best; each candidate is scored by 5-fold cross-validation on the training data only (reviews:
 * mean F1 of bug and feature after tuning the bug/feature score offsets on the same cross-validated
 * odds; issues: macro F1). The best settings are then fitted on the whole training data. No test
 * split is read here. Deterministic: the same data gives the same bytes.
 *
 * Run: `npm run train:classify [-- --only reviews|issues]`.
 */
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { classificationMetrics } from '../src/classify/classification-metrics.js';
import { ISSUE_LABELS } from '../src/classify/issue-classifier.js';
import type { IssueFeatureOptions } from '../src/classify/issue-features.js';
import { readLabeledIssues } from '../src/classify/labeled-issues.js';
import { readLabeledReviews } from '../src/classify/labeled-reviews.js';
import type { ReviewFeatureOptions } from '../src/classify/review-features.js';
import {
  crossValidateIssues,
  type IssueTrainingSettings,
  trainIssueClassifier,
} from '../src/classify/train-issue-classifier.js';
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
const sharedData = path.join(repositoryRoot, '../shared/data');
const modelDir = path.join(here, '../src/classify/model');
const { values } = parseArgs({ options: { only: { type: 'string' } } });

if (values.only !== 'issues') await trainReviews();
if (values.only !== 'reviews') await trainIssues();

async function trainReviews(): Promise<void> {
  const dataFile = path.join(sharedData, 'reviews/train.jsonl');
  const examples = await readLabeledReviews(dataFile);
  process.stderr.write(`reviews: training on ${examples.length} reviews from ${dataFile}\n`);
  const evaluate = (settings: TrainingSettings) => {
    const tuned = tuneOffsets(
      crossValidate(examples, settings, FOLDS),
      settings.scheme,
      OFFSET_GRID,
    );
    return { settings: { ...settings, offsets: tuned.offsets }, score: tuned.score };
  };
  const best = coordinateAscent<TrainingSettings>(
    {
      scheme: 'mapped',
      features: {
        title: true,
        negation: true,
        updateWords: true,
        removeStopWords: false,
        stem: false,
        bigrams: false,
        rating: true,
      },
      naiveBayes: { considerOnlyPresence: false, smoothingFactor: 1 },
    },
    (settings) => [
      { ...settings, scheme: settings.scheme === 'mapped' ? 'direct' : 'mapped' },
      ...naiveBayesNeighbours(settings),
      ...(Object.keys(settings.features) as Array<keyof ReviewFeatureOptions>).map((key) => ({
        ...settings,
        features: { ...settings.features, [key]: !settings.features[key] },
      })),
    ],
    evaluate,
    'reviews',
  );
  await writeModel(
    'review-classifier.json',
    trainReviewClassifier(examples, best.settings, {
      data: path.relative(repositoryRoot, dataFile),
      examples: examples.length,
      selection: `coordinate ascent over settings, each scored by ${FOLDS}-fold cross-validation on the training split (${best.evaluated} settings); objective mean F1 of bug and feature`,
      crossValidatedBugFeatureF1: round(best.score),
    }),
  );
}

async function trainIssues(): Promise<void> {
  const dataFile = path.join(sharedData, 'labeled/nlbse2024/issues_train.csv');
  const examples = await readLabeledIssues(dataFile);
  process.stderr.write(`issues: training on ${examples.length} issues from ${dataFile}\n`);
  const evaluate = (settings: IssueTrainingSettings) => ({
    settings,
    score: classificationMetrics(crossValidateIssues(examples, settings, FOLDS), ISSUE_LABELS)
      .macroF1,
  });
  const best = coordinateAscent<IssueTrainingSettings>(
    {
      features: { titleRepeat: 2, codeText: false, bodyWordLimit: 300 },
      naiveBayes: { considerOnlyPresence: true, smoothingFactor: 0.5 },
      minDocumentFrequency: 2,
    },
    (settings) => {
      const features = (change: Partial<IssueFeatureOptions>) => ({
        ...settings,
        features: { ...settings.features, ...change },
      });
      const { titleRepeat, bodyWordLimit, codeText } = settings.features;
      return [
        ...naiveBayesNeighbours(settings),
        features({ codeText: !codeText }),
        ...[1, 2, 3, 4].filter((n) => n !== titleRepeat).map((n) => features({ titleRepeat: n })),
        ...[100, 300, 1000]
          .filter((n) => n !== bodyWordLimit)
          .map((n) => features({ bodyWordLimit: n })),
      ];
    },
    evaluate,
    'issues',
  );
  await writeModel(
    'issue-classifier.json',
    trainIssueClassifier(examples, best.settings, {
      data: path.relative(repositoryRoot, dataFile),
      examples: examples.length,
      selection: `coordinate ascent over settings, each scored by ${FOLDS}-fold cross-validation on the training file (${best.evaluated} settings); objective macro F1 of bug, feature, question`,
      crossValidatedMacroF1: round(best.score),
    }),
  );
}

interface NaiveBayesSettings {
  naiveBayes: { considerOnlyPresence: boolean; smoothingFactor: number };
  minDocumentFrequency?: number;
}

/** Settings that differ in the naive Bayes mode, the smoothing or the minimum document frequency. */
function naiveBayesNeighbours<Settings extends NaiveBayesSettings>(settings: Settings): Settings[] {
  const { naiveBayes } = settings;
  return [
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
}

/**
 * Coordinate ascent: change one setting at a time, keep a change that raises the score, stop when
 * a whole pass changes nothing.
 */
function coordinateAscent<Settings>(
  start: Settings,
  neighbours: (settings: Settings) => Settings[],
  evaluate: (settings: Settings) => { settings: Settings; score: number },
  name: string,
): { settings: Settings; score: number; evaluated: number } {
  const started = performance.now();
  let evaluated = 1;
  let best = evaluate(start);
  for (let improved = true; improved; ) {
    improved = false;
    for (const neighbour of neighbours(best.settings)) {
      evaluated += 1;
      const candidate = evaluate(neighbour);
      if (candidate.score > best.score + 1e-9) {
        best = candidate;
        improved = true;
        process.stderr.write(
          `${name}: ${candidate.score.toFixed(4)} ${JSON.stringify(candidate.settings)}\n`,
        );
      }
    }
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stderr.write(
    `${name}: cross-validated ${evaluated} settings in ${seconds} s; best ${best.score.toFixed(4)}\n`,
  );
  return { ...best, evaluated };
}

/** Writes a model file formatted as the repository's formatter would, so it passes lint. */
async function writeModel(name: string, model: unknown): Promise<void> {
  const file = path.join(modelDir, name);
  await writeFile(file, `${JSON.stringify(model)}\n`);
  execFileSync(path.join(repositoryRoot, 'node_modules/.bin/biome'), ['format', '--write', file], {
    stdio: 'ignore',
  });
  process.stderr.write(`wrote ${path.relative(repositoryRoot, file)}\n`);
}

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}
