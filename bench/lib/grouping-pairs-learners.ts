/**
 * bench:grouping-pairs, the learners: ways to score a pair of issues, each fitted on the items of
 * some projects — the service's rule (nothing fitted); L2 logistic regression (intake's L-BFGS)
 * over the pair features (bench/lib/duplicate-pairs.ts), alone or with interaction products; the
 * rule first and the interaction model on the pairs it does not merge; the rule first, then one
 * similarity (the titles' TF-IDF cosine, or SIF cosines of texts and titles, bench/lib/
 * grouping-pairs-sif.ts); and the rule-first interaction model with the SIF cosines among its
 * features.
 */
import { fitLogisticRegression } from '@sightline/intake/training';
import { ISSUE_TEXT } from '@sightline/service/internal';
import {
  duplicateProbability,
  INTERACTION_FEATURES,
  MAX_CANDIDATES,
  PAIR_FEATURES,
  type PairWeights,
  withInteractions,
} from './duplicate-pairs.js';
import { type ItemPairs, RULE_SIMILARITY } from './grouping-pairs-items.js';
import { SIF_DESCRIPTION, type SifVectors, sifCosines } from './grouping-pairs-sif.js';

/** L2 penalty of the logistic regression. */
const L2 = 1;

/** A pair score (0–1, higher: more likely one problem) of item `q` with an earlier item `c`. */
export type Scorer = (q: number, c: number) => number;

/** A way to score pairs, fitted on the items of some projects. */
export interface Learner {
  name: string;
  /** A threshold set by hand (the rule's); otherwise chosen inside the training folds. */
  fixedThreshold?: number;
  /** The threshold when none reaches the precision target. Default Infinity: no text merges. */
  fallbackThreshold?: number;
  fit(projects: ReadonlySet<string>): { scorer: Scorer; description: string };
}

/** Training pairs of `projects`: each text issue with its first candidates (those `keep` keeps). */
function trainingPairs(
  { items, sameGroup }: ItemPairs,
  projects: ReadonlySet<string>,
  keep: (q: number, c: number) => boolean,
) {
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
  pairs: ItemPairs,
  projects: ReadonlySet<string>,
  names: readonly string[],
  expand: (vector: number[], q: number, c: number) => number[],
  keep: (q: number, c: number) => boolean = () => true,
) {
  const training = trainingPairs(pairs, projects, keep);
  const indices = Uint32Array.from(names.keys());
  const vectors = new Map<number, number[]>();
  const vector = (q: number, c: number) => {
    const key = q * pairs.items.length + c;
    let value = vectors.get(key);
    if (!value) {
      value = expand(pairs.features(q, c), q, c);
      vectors.set(key, value);
    }
    return value;
  };
  const fitted = fitLogisticRegression(
    training.map(({ q, c }) => ({ indices, values: Float64Array.from(vector(q, c)) })),
    training.map(({ target }) => target),
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
    description: `${training.length} training pairs; weights of magnitude ≥ 0.5: ${weights.join(', ')}; bias ${model.bias.toFixed(2)}`,
  };
}

const TITLE_COSINE = PAIR_FEATURES.indexOf('titleCosine');

/**
 * Every learner over `pairs`; the SIF learners only with `sif` (the word vectors were given).
 */
export function allLearners(pairs: ItemPairs, sif?: SifVectors): Learner[] {
  const { features, ruleMerges } = pairs;
  /** A similarity in [0, 0.999] after the rule: its merges score 1, above every threshold tried. */
  const afterRule = (q: number, c: number, similarity: number) =>
    ruleMerges(q, c) ? 1 : Math.min(0.999, Math.max(0, similarity));
  const cosinesOf = (projects: ReadonlySet<string>) =>
    sifCosines(pairs.items, sif as SifVectors, projects);
  /** The rule, then the SIF cosine of `parts` (the lesser when two). */
  const sifLearner = (name: string, parts: readonly ('text' | 'title')[]): Learner => ({
    name,
    fallbackThreshold: 1,
    fit: (projects) => {
      const cosines = cosinesOf(projects);
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
  });
  return [
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
      fit: (projects) => fitLogistic(pairs, projects, PAIR_FEATURES, (vector) => vector),
    },
    {
      name: 'logistic regression with interactions',
      fit: (projects) => fitLogistic(pairs, projects, INTERACTION_FEATURES, withInteractions),
    },
    {
      // The rule's merges stay (score 1); the model, fitted on the pairs the rule does not merge,
      // may add more where it reaches the precision target inside the training folds.
      name: 'service rule, then logistic regression with interactions',
      fallbackThreshold: 1,
      fit: (projects) => {
        const fitted = fitLogistic(
          pairs,
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
    ...(sif
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
              const cosines = cosinesOf(projects);
              const fitted = fitLogistic(
                pairs,
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
}
