/**
 * The text model both offline classifiers share: TF-IDF of tokens and character n-grams
 * (`tfidf.ts`) into L2-regularised logistic regression (`logistic-regression.ts`), either one
 * softmax over exclusive classes (issues) or one binary model per label, one-vs-rest, for
 * multi-label data (reviews: one text may be both a bug report and praise). Here: the compact
 * stored form (terms joined by newlines, idf and weights as base64 float32, so a model file is
 * small and byte-for-byte reproducible), loading it, and prediction with the terms that pushed
 * most toward the answer. Fitting is `training/fit-linear-text-model.ts`.
 */
import { SightlineError } from '@sightline/core';
import {
  type LogisticRegressionWeights,
  predictProbabilities,
  type SparseVector,
} from './logistic-regression.js';
import {
  type BlockWeights,
  createVectorizer,
  termCounts,
  type Vectorizer,
  vectorize,
} from './tfidf.js';

/** Everything that defines a linear text model except what it learns. */
export interface LinearTextSettings {
  /** Character n-gram lengths added for plain words; empty for none. */
  charSizes: number[];
  /** Block weights of title words, character n-grams and markers (body words weigh 1). */
  blockWeights: BlockWeights;
  /** Terms in fewer training documents than this are left out. */
  minDocumentFrequency: number;
  /** L2 penalty λ of the logistic regression. */
  l2: number;
  /**
   * Weigh each class's examples by (examples ÷ (classes × that class's examples)), as
   * scikit-learn's `class_weight='balanced'`, so a rare label is not drowned by the penalty.
   * Default false.
   */
  balanced?: boolean;
  /**
   * Naive-Bayes weighting (`training/nb-weighting.ts`, Wang & Manning 2012): each weight's prior is scaled
   * by |log-count ratio|^nbPower of its class against the rest. 0 or absent: plain logistic
   * regression.
   */
  nbPower?: number;
}

/**
 * `softmax`: exclusive classes, probabilities sum to 1; `one-vs-rest`: one independent
 * probability per label (logistic function of that label's score).
 */
export type LinearTextMode = 'softmax' | 'one-vs-rest';

/** A fitted linear text model as stored in a model file. */
export interface StoredLinearTextModel extends LinearTextSettings {
  mode: LinearTextMode;
  classes: number;
  /** The vocabulary, one term per line. */
  terms: string;
  /** Little-endian float32 idf per term, base64. */
  idf: string;
  /** Little-endian float32 weights, class after class (classes × terms), base64. */
  weights: string;
  /** Bias per class. */
  bias: number[];
}

/** A loaded linear text model. */
export interface LinearTextModel {
  /** Plain words of the vocabulary (for the unfamiliar-language check). */
  readonly words: ReadonlySet<string>;
  /**
   * Class probabilities of one tokenized document.
   *
   * @param tokens - The document's tokens.
   * @returns One probability per class (summing to 1 under `softmax`), how many of its terms the model knows,
   *   and `strongest(k, n)`: the n terms that raised class k's score most, strongest first.
   */
  predict(tokens: readonly string[]): {
    probabilities: Float64Array;
    knownTerms: number;
    strongest(target: number, count: number): string[];
  };
}

/**
 * Loads a stored linear text model.
 *
 * @param stored - The stored form.
 * @returns The model, ready to predict.
 * @throws SightlineError `CACHE_VERSION_MISMATCH` when the arrays do not match the vocabulary
 *   (a damaged or hand-edited file).
 */
export function loadLinearTextModel(stored: StoredLinearTextModel): LinearTextModel {
  const terms = stored.terms === '' ? [] : stored.terms.split('\n');
  const idf = fromBase64(stored.idf);
  const flat = fromBase64(stored.weights);
  if (idf.length !== terms.length || flat.length !== terms.length * stored.classes) {
    throw new SightlineError({
      code: 'CACHE_VERSION_MISMATCH',
      message: `The classifier model file is damaged: ${terms.length} terms but ${idf.length} idf values and ${flat.length} weights. Retrain it with \`npm run train:classify\`.`,
    });
  }
  const vectorizer: Vectorizer = createVectorizer({ terms, idf: [...idf] }, stored.blockWeights);
  const model: LogisticRegressionWeights = {
    weights: Array.from({ length: stored.classes }, (_, k) =>
      Float64Array.from(flat.subarray(k * terms.length, (k + 1) * terms.length)),
    ),
    bias: Float64Array.from(stored.bias),
  };
  return {
    words: new Set(terms.filter((term) => /^[\p{L}\p{M}\p{N}'’]+$/u.test(term))),
    predict(tokens) {
      const row = vectorize(termCounts(tokens, stored.charSizes), vectorizer);
      return {
        probabilities:
          stored.mode === 'softmax' ? predictProbabilities(model, row) : oneVsRest(model, row),
        knownTerms: row.indices.length,
        strongest(target, count) {
          const weights = model.weights[target] as Float64Array;
          const contributions: Array<{ term: string; value: number }> = [];
          row.indices.forEach((index, j) => {
            let margin = weights[index] ?? 0;
            if (stored.mode === 'softmax') {
              let rival = Number.NEGATIVE_INFINITY;
              for (let k = 0; k < model.weights.length; k += 1) {
                if (k !== target) rival = Math.max(rival, model.weights[k]?.[index] ?? 0);
              }
              margin -= rival;
            }
            const value = margin * (row.values[j] ?? 0);
            if (value > 0) contributions.push({ term: terms[index] ?? '', value });
          });
          return contributions
            .sort((a, b) => b.value - a.value || a.term.localeCompare(b.term))
            .slice(0, count)
            .map(({ term }) => term);
        },
      };
    },
  };
}

/** Each label's own probability: the logistic function of its score. */
function oneVsRest(model: LogisticRegressionWeights, row: SparseVector): Float64Array {
  return model.bias.map((bias, k) => {
    const weights = model.weights[k] as Float64Array;
    let score = bias;
    for (let j = 0; j < row.indices.length; j += 1) {
      score += (weights[row.indices[j] ?? 0] ?? 0) * (row.values[j] ?? 0);
    }
    return 1 / (1 + Math.exp(-score));
  });
}

function fromBase64(text: string): Float32Array {
  const bytes = Buffer.from(text, 'base64');
  const values = new Float32Array(bytes.length / 4);
  for (let index = 0; index < values.length; index += 1)
    values[index] = bytes.readFloatLE(index * 4);
  return values;
}
