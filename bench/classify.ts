/**
 * `npm run bench:classify` — measures the offline classifiers:
 * - issues: 5-fold cross-validation of the shipped issue classifier's settings on the NLBSE'24
 *   training file (../shared/data/labeled/nlbse2024/issues_train.csv; target macro F1 ≥ 0.80; the
 *   competition's baselines are per-repository SetFit models);
 * - reviews: 5-fold cross-validation of the shipped settings and thresholds on the training split
 *   (../shared/data/reviews/train.jsonl), and the shipped review classifier on the held-out test
 *   split (../shared/data/reviews/test.jsonl; targets F1 ≥ 0.70 bug, ≥ 0.65 feature), never used
 *   for training or selection (scripts/train-classifier.ts reads train files only);
 * - reviews never seen (issue #28), with BENCH_MIRRORS holding the fetched snapshots: the reviews of
 *   apps never seen in training (Maalej et al.'s, and those of the extra data sets of
 *   intake's training/review-sources.ts, in folds by app), what adding the extra data sets to
 *   training does, and each data set left out of training and tested on
 *   (lib/review-generalization.ts);
 * - crashes: the crash rule on every shared crash sample (../shared/data/crashes; target 100 %);
 * - time per classification (`classifyOffline`, median of several runs; target < 1 ms).
 * Precision, recall, F1 and the confusion matrix per label. Writes bench/results/classify.json
 * and its table in bench/README.md. Anchor: Maalej et al. 2016 ("On the automatic classification
 * of app reviews", RE journal) report precision 70–95 % and recall 80–99 % for bug reports and
 * feature requests with binary classifiers on balanced samples.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadReviewClassifier, shippedReviewClassifier } from '@sightline/intake';
import {
  classifyOffline,
  DATASET_LABEL_MAP,
  ISSUE_LABELS,
  type LinearTextSettings,
  parseReports,
  type Report,
  readLabeledIssues,
  readLabeledReviews,
  shippedIssueClassifier,
  withSharedErrorWords,
} from '@sightline/intake/internal';
import {
  type ClassificationMetrics,
  classificationMetrics,
  crossValidateIssues,
  crossValidateReviews,
  decideAll,
  EXTRA_REVIEW_SOURCES,
  hasSnapshot,
  REVIEW_LABELS,
  reviewTextKey,
  trainReviewClassifier,
} from '@sightline/intake/training';
import { EXTRA_REVIEW_REPOS, extraTrainingReviews } from './lib/extra-reviews.js';
import { BENCH_DIR } from './lib/npm-pack.js';
import {
  type Figures,
  fraction,
  markdownTable,
  updateReadmeTable,
  writeResults,
} from './lib/results.js';
import { REVIEW_APPS_SOURCE, readAppReviews } from './lib/review-apps.js';
import { crossDataset, heldApartApps, withExtraData } from './lib/review-generalization.js';
import { median, timed } from './lib/stats.js';

const RUNS = 5;
const FOLDS = 5;
const repositoryRoot = path.resolve(BENCH_DIR, '..');
const data = path.resolve(repositoryRoot, '../shared/data');
const files = {
  issues: path.join(data, 'labeled/nlbse2024/issues_train.csv'),
  reviews: path.join(data, 'reviews/test.jsonl'),
  reviewsTrain: path.join(data, 'reviews/train.jsonl'),
  crashes: path.join(data, 'crashes'),
};
for (const file of Object.values(files)) {
  if (!existsSync(file)) {
    process.stderr.write(`bench:classify needs ${file} (shared data), which is missing.\n`);
    process.exit(2);
  }
}

// Issues: cross-validation with the shipped settings.
const issues = await readLabeledIssues(files.issues);
const issueModel = shippedIssueClassifier().model;
const issueMetrics = classificationMetrics(
  crossValidateIssues(issues, { features: issueModel.features, linear: issueModel.model }, FOLDS),
  ISSUE_LABELS,
);

// Reviews: cross-validation on the training split, then the held-out test split.
const reviewClassifier = shippedReviewClassifier();
const reviewsTrain = await readLabeledReviews(files.reviewsTrain);
const reviewCvMetrics = classificationMetrics(
  decideAll(
    crossValidateReviews(
      reviewsTrain,
      { features: reviewClassifier.model.features, linear: reviewClassifier.model.model },
      FOLDS,
    ),
    reviewClassifier.model.thresholds,
  ),
  REVIEW_LABELS,
);
const reviews = await readLabeledReviews(files.reviews);
const reviewPredictions = reviews.map((review) => reviewClassifier.predict(review));
const actual = reviews.map((review) => DATASET_LABEL_MAP[review.label] ?? 'other');
const reviewMetrics = classificationMetrics(
  actual.map((label, index) => ({
    actual: label,
    predicted: reviewPredictions[index]?.label ?? 'other',
  })),
  REVIEW_LABELS,
);
const flaggedUnfamiliar = reviewPredictions.filter((p) => p.unfamiliarLanguage).length;
// The split is multi-label (one text under several labels, one row each); a classifier gives one
// label per text. Ceiling: per text, an oracle picks bug, else feature, else other.
const labelsOfText = new Map<string, Set<string>>();
reviews.forEach((review, index) => {
  const key = reviewTextKey(review.text);
  labelsOfText.set(key, (labelsOfText.get(key) ?? new Set()).add(actual[index] ?? 'other'));
});
const ceiling = classificationMetrics(
  reviews.map((review, index) => {
    const labels = labelsOfText.get(reviewTextKey(review.text)) ?? new Set();
    return {
      actual: actual[index] ?? 'other',
      predicted: REVIEW_LABELS.find((label) => labels.has(label)) ?? 'other',
    };
  }),
  REVIEW_LABELS,
);

// Reviews of apps never seen in training, and of data sets never seen (issue #28): see
// lib/review-generalization.ts. The extra data sets are read when BENCH_MIRRORS holds their
// snapshots; the held-apart folds train on them when the shipped model was trained on them.
const mirrors = process.env.BENCH_MIRRORS;
const appReviews = mirrors ? readAppReviews(mirrors) : undefined;
const extraRepos = EXTRA_REVIEW_REPOS.filter((repo) => !mirrors || !hasSnapshot(mirrors, repo));
const extra =
  mirrors && extraRepos.length === 0 ? extraTrainingReviews(mirrors, reviews) : undefined;
const reviewSettings = {
  features: reviewClassifier.model.features,
  linear: reviewClassifier.model.model,
};
const heldApart = appReviews && heldApartApps(appReviews, [], reviewSettings, FOLDS);
// The same held-apart predictions decided with the shipped thresholds, which were chosen on the
// whole training split (these apps' reviews among it): how much choosing them there flatters.
const heldApartShippedThresholds =
  heldApart &&
  classificationMetrics(
    decideAll(heldApart.predictions, reviewClassifier.model.thresholds),
    REVIEW_LABELS,
  );
const withExtra =
  appReviews &&
  extra &&
  withExtraData(reviewsTrain, reviews, appReviews, extra, reviewSettings, FOLDS);
const crossDatasets =
  extra && crossDataset(reviewsTrain, reviews, extra, EXTRA_REVIEW_SOURCES, reviewSettings, FOLDS);
// The extra data sets' own apps held apart the same way, trained with the shared training split
// (their reviews naming no app are never tested, always trained on, as heldApartApps says).
const heldApartExtra = extra && heldApartApps(extra, reviewsTrain, reviewSettings, FOLDS);

// Developer text through the review classifier (short plain text goes there): the NLBSE'24 issues,
// never used to train it, bug and feature as they are, question read as other; all of them and
// those the shared error words change (they name an exception or a crash word), with the shipped
// model and with one trained the same way but reading exception names as they are.
const reviewsNoErrorWords = loadReviewClassifier(
  trainReviewClassifier(
    reviewsTrain,
    {
      features: { ...reviewClassifier.model.features, errorWords: false },
      linear: reviewClassifier.model.model,
    },
    reviewClassifier.model.thresholds,
  ),
);
const namingErrors = issues.filter(
  (issue) =>
    withSharedErrorWords(`${issue.title ?? ''}\n${issue.body}`) !==
    `${issue.title ?? ''}\n${issue.body}`,
);
const issuesAsReviews = (
  classifier: typeof reviewClassifier,
  subset: typeof issues,
): ClassificationMetrics =>
  classificationMetrics(
    subset.map((issue) => ({
      actual: issue.label === 'question' ? 'other' : issue.label,
      predicted: classifier.predict({
        text: issue.body,
        ...(issue.title ? { title: issue.title } : {}),
      }).label,
    })),
    REVIEW_LABELS,
  );
const developerText = {
  all: {
    shipped: issuesAsReviews(reviewClassifier, issues),
    namesAsTheyAre: issuesAsReviews(reviewsNoErrorWords, issues),
  },
  namingErrors: {
    shipped: issuesAsReviews(reviewClassifier, namingErrors),
    namesAsTheyAre: issuesAsReviews(reviewsNoErrorWords, namingErrors),
  },
};

// Crashes: every shared sample through intake and the offline classifier.
const crashFiles = (await readdir(files.crashes)).filter((name) => name !== 'index.json').sort();
const crashRows = await Promise.all(
  crashFiles.map(async (name) => {
    const reports = parseReports(await readFile(path.join(files.crashes, name)), {
      filename: name,
    });
    return reports.map((report) => ({ file: name, label: classifyOffline(report).label }));
  }),
);
const crashResults = crashRows.flat();
const crashesCaught = crashResults.filter((row) => row.label === 'crash').length;

// Time per classification through `classifyOffline` (what `sightline triage` runs).
const reviewReports = reviews.map((review, index) =>
  asReport(`review-${index}`, 'review', review.title, review.text, review.rating),
);
const issueReports = issues.map((issue, index) =>
  asReport(`issue-${index}`, 'issue', issue.title, issue.body),
);
// Wall-clock time, and this process's CPU time (user + system), which a loaded machine inflates less.
const timePer = async (reports: readonly Report[]) => {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const before = process.cpuUsage();
    const { ms } = await timed(() => reports.map((report) => classifyOffline(report)));
    const used = process.cpuUsage(before);
    wall.push((ms * 1000) / reports.length);
    cpu.push((used.user + used.system) / reports.length);
  }
  return { wall: median(wall), cpu: median(cpu) };
};
const reviewUs = await timePer(reviewReports);
const issueUs = await timePer(issueReports);

const microseconds = ({ wall, cpu }: { wall: number; cpu: number }) => ({
  wall: {
    value: Math.round(wall * 10) / 10,
    unit: 'µs',
    runs: RUNS,
    statistic: 'median' as const,
    note: 'noisy: shared machine',
  },
  cpu: {
    value: Math.round(cpu * 10) / 10,
    unit: 'µs',
    runs: RUNS,
    statistic: 'median' as const,
    note: 'process CPU time (user + system)',
  },
});
const figures: Figures = {
  issues: { ...metricFigures(issueMetrics, 'issues'), macroF1: fraction(issueMetrics.macroF1, 4) },
  reviews: {
    ...metricFigures(reviewMetrics, 'reviews'),
    crossValidation: metricFigures(reviewCvMetrics, 'reviews'),
    ...(heldApart && heldApartShippedThresholds
      ? {
          heldApartApps: {
            ...metricFigures(heldApart.metrics, 'reviews'),
            thresholds: thresholdFigures(heldApart.thresholds),
          },
          heldApartAppsShippedThresholds: metricFigures(heldApartShippedThresholds, 'reviews'),
        }
      : {}),
    ...(heldApartExtra
      ? {
          heldApartAppsExtra: {
            ...metricFigures(heldApartExtra.metrics, 'reviews'),
            thresholds: thresholdFigures(heldApartExtra.thresholds),
          },
        }
      : {}),
    ...(withExtra
      ? {
          withExtraTraining: {
            heldApartApps: {
              ...metricFigures(withExtra.heldApartApps.metrics, 'reviews'),
              thresholds: thresholdFigures(withExtra.heldApartApps.thresholds),
            },
            testSplit: metricFigures(withExtra.testSplit, 'reviews'),
            thresholds: {
              bug: { value: withExtra.thresholds.bug, unit: 'probability' },
              feature: { value: withExtra.thresholds.feature, unit: 'probability' },
            },
          },
        }
      : {}),
    ...(crossDatasets
      ? {
          crossDataset: Object.fromEntries(
            crossDatasets.map((result) => [
              result.testedOn,
              {
                ...metricFigures(result.metrics, 'reviews'),
                thresholds: {
                  bug: { value: result.thresholds.bug, unit: 'probability' },
                  feature: { value: result.thresholds.feature, unit: 'probability' },
                },
              },
            ]),
          ),
        }
      : {}),
    singleLabelCeilingF1: {
      bug: { ...fraction(ceiling.perLabel.bug?.f1 ?? 0, 4), note: 'oracle, one label per text' },
      feature: {
        ...fraction(ceiling.perLabel.feature?.f1 ?? 0, 4),
        note: 'oracle, one label per text',
      },
    },
    developerText: {
      allIssues: {
        shipped: metricFigures(developerText.all.shipped, 'issues'),
        exceptionNamesAsTheyAre: metricFigures(developerText.all.namesAsTheyAre, 'issues'),
      },
      issuesNamingErrors: {
        shipped: metricFigures(developerText.namingErrors.shipped, 'issues'),
        exceptionNamesAsTheyAre: metricFigures(developerText.namingErrors.namesAsTheyAre, 'issues'),
      },
    },
    flaggedUnfamiliarLanguage: {
      value: flaggedUnfamiliar,
      unit: 'reviews',
      note: 'all reviews here are English',
    },
  },
  crashes: {
    caught: fraction(crashesCaught / crashResults.length, 4),
    reports: { value: crashResults.length, unit: 'reports' },
  },
  timePerClassification: { review: microseconds(reviewUs), issue: microseconds(issueUs) },
};
await writeResults('classify', {
  inputs: {
    issues: {
      file: path.relative(repositoryRoot, files.issues),
      issues: issues.length,
      folds: FOLDS,
    },
    reviews: { file: path.relative(repositoryRoot, files.reviews), reviews: reviews.length },
    reviewsTrain: {
      file: path.relative(repositoryRoot, files.reviewsTrain),
      reviews: reviewsTrain.length,
      folds: FOLDS,
    },
    crashes: { dir: path.relative(repositoryRoot, files.crashes), files: crashFiles.length },
    ...(heldApart
      ? {
          reviewsOfHeldApartApps: {
            repo: REVIEW_APPS_SOURCE.repo,
            commit: REVIEW_APPS_SOURCE.commit,
            reviews: heldApart.reviews,
            apps: heldApart.apps,
            folds: FOLDS,
          },
        }
      : {}),
    ...(extra
      ? {
          extraReviews: EXTRA_REVIEW_SOURCES.map(
            ({ name, dataset, repo, commit, path: file, sha256 }) => ({
              name,
              dataset,
              repo,
              commit,
              path: file,
              sha256,
              reviews: extra.filter((review) => review.source === name).length,
            }),
          ),
        }
      : {}),
    models: {
      issue: {
        version: issueModel.version,
        features: issueModel.features,
        linear: settingsOf(issueModel.model),
        training: issueModel.training,
      },
      review: {
        version: reviewClassifier.model.version,
        features: reviewClassifier.model.features,
        linear: settingsOf(reviewClassifier.model.model),
        thresholds: reviewClassifier.model.thresholds,
        training: reviewClassifier.model.training,
      },
    },
  },
  figures,
});

const shippedRow = 'shared split (shipped)';
const extraRow = 'shared split + extra data';
const percent = (value: number) => `${(value * 100).toFixed(1)} %`;
const missed = crashResults
  .filter((row) => row.label !== 'crash')
  .map((row) => `${row.file} (${row.label})`);
const sections = [
  `**Issues** — ${FOLDS}-fold cross-validation of the shipped settings on \`${path.relative(repositoryRoot, files.issues)}\` (${issues.length} issues). Macro F1 **${percent(issueMetrics.macroF1)}** (target ≥ 80 %; NLBSE'24 baselines are per-repository SetFit models).`,
  ...tables(issueMetrics),
  `**Reviews, cross-validation** — ${FOLDS}-fold cross-validation of the shipped settings and thresholds on \`${path.relative(repositoryRoot, files.reviewsTrain)}\` (${reviewsTrain.length} rows; folds by text, so a multi-label text never sits on both sides).`,
  ...tables(reviewCvMetrics),
  `**Reviews, test split** — \`${path.relative(repositoryRoot, files.reviews)}\` (${reviews.length} reviews, never used for training or selection). Targets F1 ≥ 70 % bug, ≥ 65 % feature. The split is multi-label; an oracle giving each text one of its labels reaches F1 ${percent(ceiling.perLabel.bug?.f1 ?? 0)} (bug) and ${percent(ceiling.perLabel.feature?.f1 ?? 0)} (feature). ${flaggedUnfamiliar} of these English reviews were flagged as an unfamiliar language.`,
  ...tables(reviewMetrics),
  ...(heldApart
    ? [
        `**Reviews of apps never seen in training** — the ${heldApart.reviews} reviews of \`${REVIEW_APPS_SOURCE.repo}\` @ ${REVIEW_APPS_SOURCE.commit.slice(0, 8)} (Maalej et al. 2016, the source of the splits above) that name their app (${heldApart.apps} apps, App Store and Play), in ${FOLDS} folds by app: each fold predicted by a model trained with the shipped settings on every review of the other apps and the reviews naming no app, and decided with thresholds chosen by ${FOLDS}-fold cross-validation on that fold's training data (bug / feature per fold: ${heldApart.thresholds.map(thresholdText).join(', ')}). With the shipped thresholds instead, chosen on the whole training split and so on these apps' reviews too: bug F1 ${percent(heldApartShippedThresholds?.perLabel.bug?.f1 ?? 0)}, feature F1 ${percent(heldApartShippedThresholds?.perLabel.feature?.f1 ?? 0)}. Targets F1 ≥ 70 % bug, ≥ 60 % feature. Run with \`BENCH_MIRRORS=DIR\` holding the fetched snapshots.`,
        ...tables(heldApart.metrics),
      ]
    : [
        `**Reviews of apps never seen in training** — not measured: set BENCH_MIRRORS to the folder holding the fetched snapshot of ${REVIEW_APPS_SOURCE.repo}.`,
      ]),
  ...(withExtra && heldApart
    ? [
        `**Training with the extra data** — the shipped settings trained on the shared training split plus the extra data sets (below), thresholds chosen by ${FOLDS}-fold cross-validation on that training data (for the apps never seen, on each fold's training data): against the shipped model's figures above. The shipped model is trained on the shared split alone; it is retrained with the extra data only when that raises both bug and feature F1 on the apps never seen.`,
        markdownTable(
          ['evaluated on', 'trained on', 'thresholds', 'bug P / R / F1', 'feature P / R / F1'],
          (
            [
              ['apps never seen', shippedRow, heldApart.thresholds, heldApart.metrics],
              [
                'apps never seen',
                extraRow,
                withExtra.heldApartApps.thresholds,
                withExtra.heldApartApps.metrics,
              ],
              ['test split', shippedRow, [reviewClassifier.model.thresholds], reviewMetrics],
              ['test split', extraRow, [withExtra.thresholds], withExtra.testSplit],
            ] as Array<[string, string, Thresholds[], ClassificationMetrics]>
          ).map(([evaluated, trained, thresholds, metrics]) => [
            evaluated,
            trained,
            thresholdsText(thresholds),
            prfText(metrics, 'bug'),
            prfText(metrics, 'feature'),
          ]),
        ),
      ]
    : []),
  ...(heldApartExtra
    ? [
        `**Reviews of apps never seen in training, extra data** — the ${heldApartExtra.reviews} reviews of the extra data sets (below) that name their app (${heldApartExtra.apps} apps, Play), in ${FOLDS} folds by app the same way, each fold's model trained with the shipped settings on the reviews of the other apps, the extra reviews naming no app and the shared training split, with thresholds chosen on each fold's training data (${heldApartExtra.thresholds.map(thresholdText).join(', ')}).`,
        ...tables(heldApartExtra.metrics),
      ]
    : []),
  ...(crossDatasets && extra
    ? [
        `**Data sets never seen in training** — a model with the shipped settings trained without one data set and tested on it, its thresholds chosen by ${FOLDS}-fold cross-validation on what it was trained on. Extra data: ${EXTRA_REVIEW_SOURCES.map((source) => `${source.dataset} \`${source.path.split('/').pop()}\` (${extra.filter((review) => review.source === source.name).length} reviews)`).join(', ')} from \`${EXTRA_REVIEW_SOURCES[0]?.repo}\` @ ${EXTRA_REVIEW_SOURCES[0]?.commit.slice(0, 8)}, labels mapped as packages/intake/src/training/review-sources.ts documents, texts of the test split and of the held-apart set above left out.`,
        markdownTable(
          [
            'trained on',
            'tested on',
            'reviews',
            'thresholds',
            'bug P / R / F1',
            'feature P / R / F1',
          ],
          crossDatasets.map((result) => [
            result.trainedOn,
            result.testedOn,
            result.testReviews,
            thresholdText(result.thresholds),
            prfText(result.metrics, 'bug'),
            prfText(result.metrics, 'feature'),
          ]),
        ),
      ]
    : [
        `**Data sets never seen in training** — not measured: set BENCH_MIRRORS to the folder holding the fetched snapshots of ${EXTRA_REVIEW_REPOS.join(', ')}.`,
      ]),
  `**Developer text through the review classifier** — short plain text goes to the review classifier, whose training reviews name no exception; here the ${issues.length} NLBSE'24 issues above (never used to train it; question read as other) go through it, all of them and the ${namingErrors.length} that name an exception or error type or a crash word (segfault, panicked at, Traceback). Shipped: those read as the word crash (packages/intake/src/classify/shared-error-words.ts); as they are: the same settings and thresholds trained without that.`,
  markdownTable(
    ['issues', 'exception names', 'bug P / R / F1', 'feature P / R / F1'],
    (
      [
        [`all (${issues.length})`, 'read as crash (shipped)', developerText.all.shipped],
        [`all (${issues.length})`, 'as they are', developerText.all.namesAsTheyAre],
        [
          `naming an error (${namingErrors.length})`,
          'read as crash (shipped)',
          developerText.namingErrors.shipped,
        ],
        [
          `naming an error (${namingErrors.length})`,
          'as they are',
          developerText.namingErrors.namesAsTheyAre,
        ],
      ] as Array<[string, string, ClassificationMetrics]>
    ).map(([subset, names, metrics]) => [
      subset,
      names,
      prfText(metrics, 'bug'),
      prfText(metrics, 'feature'),
    ]),
  ),
  `**Crashes** — the crash rule on every shared sample (${crashResults.length} reports from ${crashFiles.length} files): ${percent(crashesCaught / crashResults.length)} labelled crash${missed.length > 0 ? `; missed: ${missed.join(', ')}` : ''} (target 100 %).`,
  `**Time** per offline classification (median of ${RUNS} runs; wall-clock, noisy on a shared machine, with this process's CPU time in brackets): review ${reviewUs.wall.toFixed(0)} µs (${reviewUs.cpu.toFixed(0)} µs CPU), issue ${issueUs.wall.toFixed(0)} µs (${issueUs.cpu.toFixed(0)} µs CPU) (target < 1 ms). Load average ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores.`,
];
await updateReadmeTable('classify', sections.join('\n\n'));
process.stdout.write(`${sections.join('\n\n')}\n`);
process.stderr.write('wrote bench/results/classify.json and bench/README.md\n');

function asReport(
  id: string,
  kind: Report['kind'],
  title: string | undefined,
  body: string,
  rating?: number,
): Report {
  return {
    id,
    kind,
    source: { format: 'bench' },
    body,
    ...(title ? { title } : {}),
    ...(rating !== undefined ? { rating } : {}),
    exceptions: [],
    identifiers: [],
    paths: [],
  };
}

function metricFigures(metrics: ClassificationMetrics, unit: string): Figures {
  return {
    perLabel: Object.fromEntries(
      Object.entries(metrics.perLabel).map(([label, m]) => [
        label,
        {
          precision: fraction(m.precision, 4),
          recall: fraction(m.recall, 4),
          f1: fraction(m.f1, 4),
          support: { value: m.support, unit },
        },
      ]),
    ),
    confusion: Object.fromEntries(
      Object.entries(metrics.confusion).map(([label, row]) => [
        label,
        Object.fromEntries(
          Object.entries(row).map(([predicted, n]) => [predicted, { value: n, unit }]),
        ),
      ]),
    ),
    accuracy: fraction(metrics.accuracy, 4),
  };
}

type Thresholds = { bug: number; feature: number };

function thresholdText({ bug, feature }: Thresholds): string {
  return `${bug} / ${feature}`;
}

/** One set of thresholds as `bug / feature`; those of several folds as ranges, `per fold`. */
function thresholdsText(list: readonly Thresholds[]): string {
  if (list.length === 1 && list[0]) return thresholdText(list[0]);
  const range = (values: number[]) => {
    const [low, high] = [Math.min(...values), Math.max(...values)];
    return low === high ? `${low}` : `${low}–${high}`;
  };
  const bug = range(list.map((item) => item.bug));
  return `${bug} / ${range(list.map((item) => item.feature))} (per fold)`;
}

/** Each fold's thresholds, as results figures. */
function thresholdFigures(list: readonly Thresholds[]): Figures {
  return Object.fromEntries(
    list.map((item, fold) => [
      `fold${fold + 1}`,
      {
        bug: { value: item.bug, unit: 'probability' },
        feature: { value: item.feature, unit: 'probability' },
      },
    ]),
  );
}

/** Precision / recall / **F1** of one label, in percent. */
function prfText(metrics: ClassificationMetrics, label: string): string {
  const m = metrics.perLabel[label];
  const percentOf = (value: number) => `${(value * 100).toFixed(1)} %`;
  return m ? `${percentOf(m.precision)} / ${percentOf(m.recall)} / **${percentOf(m.f1)}**` : '–';
}

function tables(metrics: ClassificationMetrics): string[] {
  const percentOf = (value: number) => `${(value * 100).toFixed(1)} %`;
  return [
    markdownTable(
      ['label', 'precision', 'recall', 'F1', 'support'],
      Object.entries(metrics.perLabel).map(([label, m]) => [
        label,
        percentOf(m.precision),
        percentOf(m.recall),
        percentOf(m.f1),
        m.support,
      ]),
    ),
    markdownTable(
      ['actual \\ predicted', ...Object.keys(metrics.confusion)],
      Object.entries(metrics.confusion).map(([label, row]) => [label, ...Object.values(row)]),
    ),
  ];
}

/** The settings of a stored linear model, without what it learnt. */
function settingsOf(model: LinearTextSettings & { mode: string }) {
  const { charSizes, blockWeights, minDocumentFrequency, l2, balanced, mode } = model;
  return { mode, charSizes, blockWeights, minDocumentFrequency, l2, balanced: balanced ?? false };
}
