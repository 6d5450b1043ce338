/**
 * `npm run bench:grouping-pairs`: a learned duplicate-pair model for issue text grouping
 * (bench/lib/duplicate-pairs.ts), fitted on the grouping set and measured by cross-validation
 * grouped by project, in place of the service's hand-set text rule: four folds — Apache Hadoop
 * (JIRA), SeaMonkey (Bugzilla), VS Code (GitBugs' GitHub issues closed as duplicates and the NLBSE'24 VS Code issues: one project
 * in the service) and the other NLBSE'24 projects (react, tensorflow, bitcoin, opencv) — no project
 * in both the training and the test fold.
 *
 * Each report goes through what the service does, in filing order per project: parsed as a GitHub
 * issue, classified offline, a crash fingerprint when it has a trace (grouped by it, not by text),
 * else its text profile with the project's boilerplate and word frequencies learned from its 300
 * latest earlier reports every 50 (`LEARNING_SAMPLE`, `RELEARN_EVERY`), indexed under its rarest
 * words. Training pairs: each text issue with its retrieved earlier issues of the same label
 * (at most `MAX_CANDIDATES`), a positive when the two are one known group. L2 logistic regression
 * (`fitLogisticRegression`, intake's L-BFGS). The merge threshold is chosen inside the training
 * folds: each training project held out in turn from a model fitted on the others, the service's
 * grouping simulated on it (each issue joins the best-scored candidate group at or above the
 * threshold, groups compared by their first report), and the threshold with the most recall at
 * pooled pairwise precision ≥ 0.95 over the text-grouped reports is taken (none: no text merges).
 * The held-out fold is then grouped with the model fitted on all training folds and that threshold.
 *
 * Also fits the model on all four folds (threshold chosen the same way over the four) and groups
 * the set with it: the in-sample figures, reported apart. Results in bench/results/
 * grouping-pairs.json and the table in bench/README.md. Deterministic: no random draw, fixed order.
 * `BENCH_GROUPING_PAIRS_SHOW=1` prints each fold's threshold curve and its best-scored pairs.
 */
import { classify, parseReports, type Report } from '@sightline/intake';
import { fitLogisticRegression } from '@sightline/intake/training';
import {
  contentWords,
  crashSignature,
  DEFAULT_BOILERPLATE,
  joinBoilerplate,
  LEARNING_SAMPLE,
  learnBoilerplate,
  RELEARN_EVERY,
} from '@sightline/service/internal';
import { type Assignment, scoreClusters } from './lib/cluster-metrics.js';
import {
  duplicateProbability,
  idfOf,
  MAX_CANDIDATES,
  PAIR_FEATURES,
  type PairWeights,
  pairFeatures,
  retrievalTerms,
  type TextProfile,
  textProfile,
  wordFrequencies,
} from './lib/duplicate-pairs.js';
import { type GroupingCase, readFilledGroupingCases } from './lib/grouping-set.js';
import {
  type Figures,
  fraction,
  markdownTable,
  updateReadmeTable,
  writeResults,
} from './lib/results.js';

const PRECISION_TARGET = 0.95;
/** L2 penalty of the logistic regression. */
const L2 = 1;
/** Thresholds tried: 0.01–0.99 by 0.01, then 0.995 and 0.998. */
const THRESHOLDS = Array.from({ length: 99 }, (_, i) => (i + 1) / 100).concat([0.995, 0.998]);
const SHOW = process.env.BENCH_GROUPING_PAIRS_SHOW === '1';

const cases = readFilledGroupingCases('bench:grouping-pairs');

/** A report as the service keys it. */
interface Item {
  entry: GroupingCase;
  project: string;
  /** `crash:<fingerprint>`, or undefined for text. */
  signature?: string;
  /** Unreadable or without content words: a group of its own. */
  alone: boolean;
  label: string;
  profile?: TextProfile;
  terms: string[];
  idf: (word: string) => number;
  /** Earlier items of the project sharing a retrieval term, most shared terms first. */
  candidates: number[];
}

const parse = (entry: GroupingCase): Report | undefined => {
  try {
    return parseReports(
      { title: entry.report.title, body: entry.report.body, labels: [] },
      { format: 'markdown-issue' },
    )[0];
  } catch {
    return undefined;
  }
};

/** Every case keyed as the service keys it, per project in filing order. */
async function prepare(): Promise<Item[]> {
  const items: Item[] = [];
  const projects = [...new Set(cases.map((entry) => entry.project))];
  for (const project of projects) {
    const ordered = cases
      .filter((entry) => entry.project === project)
      .sort((a, b) => a.created.localeCompare(b.created) || a.id.localeCompare(b.id));
    const texts: string[] = [];
    let boilerplate = DEFAULT_BOILERPLATE;
    let idf = idfOf(undefined);
    const index = new Map<string, number[]>();
    for (const [n, entry] of ordered.entries()) {
      if (n % RELEARN_EVERY === 0 || (n < 20 && n % 5 === 0)) {
        const sample = texts.slice(-LEARNING_SAMPLE);
        boilerplate = joinBoilerplate(
          DEFAULT_BOILERPLATE,
          learnBoilerplate(sample, (text) => contentWords(text)),
        );
        idf = idfOf(sample.length > 0 ? wordFrequencies(sample, DEFAULT_BOILERPLATE) : undefined);
      }
      const report = parse(entry);
      const item: Item = {
        entry,
        project,
        alone: true,
        label: 'other',
        terms: [],
        idf,
        candidates: [],
      };
      items.push(item);
      if (!report) continue;
      texts.push(`${report.title ?? ''}\n${report.body}`);
      item.label = (await classify(report)).label;
      const signature = crashSignature(report);
      if (signature) {
        item.signature = signature;
        item.alone = false;
        continue;
      }
      const profile = textProfile(`${report.title ?? ''}\n${report.body}`, report.title ?? '', {
        boilerplate,
        at: entry.created,
      });
      if (profile.length === 0) continue;
      item.alone = false;
      item.profile = profile;
      item.terms = retrievalTerms(profile, idf);
      const self = items.length - 1;
      const shared = new Map<number, number>();
      for (const term of item.terms) {
        for (const other of index.get(`${item.label}\0${term}`) ?? []) {
          shared.set(other, (shared.get(other) ?? 0) + 1);
        }
      }
      item.candidates = [...shared]
        .sort((a, b) => b[1] - a[1] || a[0] - b[0])
        .slice(0, 400)
        .map(([other]) => other);
      for (const term of item.terms) {
        const key = `${item.label}\0${term}`;
        index.set(key, [...(index.get(key) ?? []), self]);
      }
    }
  }
  return items;
}

const started = Date.now();
const items = await prepare();
console.error(
  `prepared ${items.length} reports in ${((Date.now() - started) / 1000).toFixed(0)} s`,
);

const featureCache = new Map<number, number[]>();
/** The features of item `q` with an earlier item `c` (q's word weights). */
function features(q: number, c: number): number[] {
  const key = q * items.length + c;
  let vector = featureCache.get(key);
  if (!vector) {
    const a = items[q] as Item;
    const b = items[c] as Item;
    vector = pairFeatures(a.profile as TextProfile, b.profile as TextProfile, a.idf);
    featureCache.set(key, vector);
  }
  return vector;
}

type Weights = PairWeights;

/** Fits the model on the items of `projects`. */
function fitModel(projects: ReadonlySet<string>): Weights {
  const rows = [];
  const targets: number[] = [];
  const indices = Uint32Array.from(PAIR_FEATURES.keys());
  for (const [q, item] of items.entries()) {
    if (!projects.has(item.project) || !item.profile) continue;
    for (const c of item.candidates.slice(0, MAX_CANDIDATES)) {
      rows.push({ indices, values: Float64Array.from(features(q, c)) });
      targets.push(item.entry.group === (items[c] as Item).entry.group ? 1 : 0);
    }
  }
  const fitted = fitLogisticRegression(
    rows,
    targets,
    { classes: 2, features: PAIR_FEATURES.length },
    { l2: L2, maxIterations: 300 },
  );
  const [negative, positive] = fitted.weights as [Float64Array, Float64Array];
  return {
    weights: [...positive].map((w, j) => w - (negative[j] ?? 0)),
    bias: (fitted.bias[1] ?? 0) - (fitted.bias[0] ?? 0),
  };
}

/**
 * Groups the items of `projects` as the service does with this model and threshold.
 * @returns each item's cluster, by item index.
 */
function simulate(projects: ReadonlySet<string>, model: Weights, threshold: number) {
  const clusters = new Map<number, string>();
  const representative = new Set<number>();
  for (const [q, item] of items.entries()) {
    if (!projects.has(item.project)) continue;
    if (item.alone) clusters.set(q, `alone:${q}`);
    else if (item.signature) clusters.set(q, `${item.project}:${item.signature}`);
    else {
      let best: { c: number; p: number } | undefined;
      let scored = 0;
      for (const c of item.candidates) {
        if (!representative.has(c)) continue;
        const p = duplicateProbability(model, features(q, c));
        if (p >= threshold && (!best || p > best.p)) best = { c, p };
        scored += 1;
        if (scored === MAX_CANDIDATES) break;
      }
      if (best) clusters.set(q, clusters.get(best.c) as string);
      else {
        clusters.set(q, `text:${q}`);
        representative.add(q);
      }
    }
  }
  return clusters;
}

/** Pairwise counts over the text-grouped items of a simulation. */
function textPairs(clusters: Map<number, string>) {
  const assignments: Assignment[] = [];
  for (const [q, cluster] of clusters) {
    const item = items[q] as Item;
    if (item.profile) assignments.push({ group: item.entry.group, cluster });
  }
  return scoreClusters(assignments).pairs;
}

/**
 * The threshold with the most recall at pooled pairwise precision ≥ the target over `projects`,
 * each held out from a model fitted on the others (Infinity: none reaches it).
 */
function chooseThreshold(projects: readonly (readonly string[])[]) {
  const totals = THRESHOLDS.map(() => ({ inGroup: 0, inCluster: 0, both: 0 }));
  for (const held of projects) {
    const rest = new Set(projects.filter((fold) => fold !== held).flat());
    const model = fitModel(rest);
    for (const [t, threshold] of THRESHOLDS.entries()) {
      const pairs = textPairs(simulate(new Set(held), model, threshold));
      const total = totals[t] as (typeof totals)[number];
      total.inGroup += pairs.inGroup;
      total.inCluster += pairs.inCluster;
      total.both += pairs.both;
    }
  }
  let chosen = { threshold: Number.POSITIVE_INFINITY, precision: 1, recall: 0 };
  for (const [t, threshold] of THRESHOLDS.entries()) {
    const { inGroup, inCluster, both } = totals[t] as (typeof totals)[number];
    const precision = inCluster === 0 ? 1 : both / inCluster;
    const recall = inGroup === 0 ? 0 : both / inGroup;
    if (SHOW && t % 5 === 4) {
      console.error(`  ${threshold}: ${both} / ${inCluster} of ${inGroup}`);
    }
    if (precision >= PRECISION_TARGET && recall > chosen.recall) {
      chosen = { threshold, precision, recall };
    }
  }
  return chosen;
}

const FOLDS: [string, string[]][] = [
  ['apache/hadoop (JIRA)', ['apache/hadoop']],
  ['mozilla/seamonkey (Bugzilla)', ['mozilla/seamonkey']],
  ['microsoft/vscode (GitBugs duplicates and NLBSE’24)', ['microsoft/vscode']],
  [
    'react, tensorflow, bitcoin, opencv (NLBSE’24)',
    ['facebook/react', 'tensorflow/tensorflow', 'bitcoin/bitcoin', 'opencv/opencv'],
  ],
];

/** The bench:grouping slices (data sets as that table reads them). */
const SLICES: [string, (entry: GroupingCase) => boolean][] = [
  ['apache/hadoop', (entry) => entry.project === 'apache/hadoop'],
  ['mozilla/seamonkey', (entry) => entry.project === 'mozilla/seamonkey'],
  [
    'microsoft/vscode (GitBugs)',
    (entry) => entry.source.dataset === 'GitBugs' && entry.project === 'microsoft/vscode',
  ],
  ['GitHub issues (NLBSE’24)', (entry) => entry.source.dataset !== 'GitBugs'],
  ['all', () => true],
];

const percent = (value: number | null) =>
  value === null ? 'n/a' : `${(value * 100).toFixed(1)} %`;

/** Scores clusters over every item of each slice (crash and lone reports included). */
function sliceScores(clusters: Map<number, string>) {
  return SLICES.map(([name, keep]) => {
    const assignments: Assignment[] = [];
    for (const [q, cluster] of clusters) {
      const item = items[q] as Item;
      if (keep(item.entry)) assignments.push({ group: item.entry.group, cluster });
    }
    return [name, scoreClusters(assignments)] as const;
  });
}

const heldOut = new Map<number, string>();
const chosenRows: string[][] = [];
for (const [name, projects] of FOLDS) {
  const training = FOLDS.filter(([other]) => other !== name).map(([, p]) => p);
  const chosen = chooseThreshold(training);
  const model = fitModel(new Set(training.flat()));
  const clusters = simulate(new Set(projects), model, chosen.threshold);
  if (SHOW) {
    const top: [number, boolean, string][] = [];
    for (const [q, item] of items.entries()) {
      if (!projects.includes(item.project) || !item.profile) continue;
      for (const c of item.candidates.slice(0, MAX_CANDIDATES)) {
        const other = items[c] as Item;
        top.push([
          duplicateProbability(model, features(q, c)),
          item.entry.group === other.entry.group,
          `${item.entry.report.title.slice(0, 70)} || ${other.entry.report.title.slice(0, 70)}`,
        ]);
      }
    }
    top.sort((a, b) => b[0] - a[0]);
    for (const [p, same, t] of top.slice(0, 40))
      console.error(`   ${p.toFixed(3)} ${same ? 'SAME' : 'diff'} ${t}`);
  }
  for (const [q, cluster] of clusters) heldOut.set(q, cluster);
  const text = textPairs(clusters);
  chosenRows.push([
    name,
    Number.isFinite(chosen.threshold) ? chosen.threshold.toFixed(3) : 'none',
    `${percent(chosen.precision)} / ${percent(chosen.recall)}`,
    `${text.both} / ${text.inCluster} (${percent(text.inCluster === 0 ? null : text.both / text.inCluster)}) of ${text.inGroup} known`,
  ]);
  console.error(`fold ${name}: ${chosenRows.at(-1)?.join(' | ')}`);
}

// With SHOW, the held-out groups made of more than one known group (titles).
if (SHOW) {
  const made = new Map<string, Item[]>();
  for (const [q, cluster] of heldOut)
    made.set(cluster, [...(made.get(cluster) ?? []), items[q] as Item]);
  for (const members of made.values()) {
    if (new Set(members.map((item) => item.entry.group)).size < 2) continue;
    console.error(`merged (${members[0]?.project}):`);
    for (const item of members) {
      console.error(`  [${item.entry.group}] ${item.entry.report.title.slice(0, 100)}`);
    }
  }
}

const allProjects = FOLDS.map(([, projects]) => projects);
const finalChoice = chooseThreshold(allProjects);
const finalModel = fitModel(new Set(allProjects.flat()));
const inSample = simulate(new Set(allProjects.flat()), finalModel, finalChoice.threshold);

const heldScores = sliceScores(heldOut);
const inScores = sliceScores(inSample);
const table = markdownTable(
  [
    'set (bench:grouping slices)',
    'pairs known',
    'held out: pairs made / right',
    'held-out pairwise P / R',
    'in-sample (fitted on all four): pairs made / right',
    'in-sample pairwise P / R',
  ],
  heldScores.map(([name, held], i) => {
    const own = inScores[i]?.[1];
    return [
      name,
      held.pairs.inGroup,
      `${held.pairs.inCluster} / ${held.pairs.both}`,
      `**${percent(held.pairwise.precision)}** / **${percent(held.pairwise.recall)}**`,
      own ? `${own.pairs.inCluster} / ${own.pairs.both}` : '',
      own ? `${percent(own.pairwise.precision)} / ${percent(own.pairwise.recall)}` : '',
    ];
  }),
);
const foldTable = markdownTable(
  [
    'held-out fold',
    'threshold chosen inside the training folds',
    'P / R of text pairs where chosen',
    'held-out text pairs right / made, of known',
  ],
  chosenRows,
);
const weights = finalModel.weights.map((w, j) => `${PAIR_FEATURES[j]} ${w.toFixed(2)}`);
const summary = `In sample: fitted on all four folds, threshold ${finalChoice.threshold} (chosen the same way over the four: text-pair precision ${percent(finalChoice.precision)}, recall ${percent(finalChoice.recall)} held out). Weights: ${weights.join(', ')}; bias ${finalModel.bias.toFixed(2)}.`;
console.log(table);
console.log(foldTable);
console.log(summary);

const figures: Figures = {};
for (const [kind, scores] of [
  ['heldOut', heldScores],
  ['inSample', inScores],
] as const) {
  for (const [name, s] of scores) {
    figures[`${kind} ${name}`] = {
      pairsKnown: { value: s.pairs.inGroup, unit: 'pairs' },
      pairsMade: { value: s.pairs.inCluster, unit: 'pairs' },
      pairsRight: { value: s.pairs.both, unit: 'pairs' },
      pairwisePrecision: fraction(s.pairwise.precision ?? Number.NaN),
      pairwiseRecall: fraction(s.pairwise.recall ?? Number.NaN),
    };
  }
}
figures.shippedThreshold = {
  value: Number.isFinite(finalChoice.threshold) ? finalChoice.threshold : Number.NaN,
  unit: 'probability',
  note: 'threshold of the model fitted on all four folds (in-sample figures)',
};
await writeResults('grouping-pairs', {
  inputs: {
    facts: 'bench/grouping/cases.jsonl.gz',
    reports: cases.length,
    folds: FOLDS.map(([name]) => name),
    features: [...PAIR_FEATURES],
  },
  figures,
});
await updateReadmeTable('grouping-pairs', `${table}\n\n${foldTable}\n\n${summary}`);
