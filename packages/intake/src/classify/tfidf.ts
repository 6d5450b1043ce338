/**
 * TF-IDF vectorizing of term counts for the offline classifiers, as scikit-learn's
 * `TfidfVectorizer(sublinear_tf=True, smooth_idf=True, norm='l2')` defines it: value =
 * (1 + ln tf) · (ln((1 + n) / (1 + df)) + 1), then the vector is scaled to unit length. On top,
 * each term's value is multiplied by its block's weight (title words, character n-grams, structure
 * markers), named by the term's prefix, before normalising — so a title word can weigh more than a
 * body word. The vocabulary and its idf are fitted by `training/fit-vocabulary.ts`.
 */
import type { SparseVector } from './logistic-regression.js';

/** Weights of the term blocks, by prefix: `t:` title, `c:` character n-gram, `_` marker; body words 1. */
export interface BlockWeights {
  title: number;
  chars: number;
  markers: number;
}

/** A fitted vocabulary: the terms (sorted) and their inverse document frequencies. */
export interface Vocabulary {
  terms: string[];
  idf: number[];
}

/** A vocabulary ready to vectorize with: term → index. */
export interface Vectorizer {
  vocabulary: Vocabulary;
  indexOf: ReadonlyMap<string, number>;
  weights: BlockWeights;
}

/**
 * Prepares a vocabulary for {@link vectorize}.
 *
 * @param vocabulary - Terms and idf.
 * @param weights - Block weights.
 * @returns The vectorizer.
 */
export function createVectorizer(vocabulary: Vocabulary, weights: BlockWeights): Vectorizer {
  return {
    vocabulary,
    weights,
    indexOf: new Map(vocabulary.terms.map((term, index) => [term, index])),
  };
}

/**
 * The unit-length TF-IDF vector of one document; terms outside the vocabulary are dropped.
 *
 * @param counts - The document's term counts.
 * @param vectorizer - Vocabulary and block weights.
 * @returns Indices (ascending) and values; empty when no term is known.
 */
export function vectorize(
  counts: ReadonlyMap<string, number>,
  vectorizer: Vectorizer,
): SparseVector {
  const entries: Array<[number, number]> = [];
  let squares = 0;
  for (const [term, count] of counts) {
    const index = vectorizer.indexOf.get(term);
    if (index === undefined) continue;
    const value =
      (1 + Math.log(count)) *
      (vectorizer.vocabulary.idf[index] ?? 1) *
      blockWeight(term, vectorizer.weights);
    entries.push([index, value]);
    squares += value * value;
  }
  entries.sort((a, b) => a[0] - b[0]);
  const norm = squares > 0 ? Math.sqrt(squares) : 1;
  return {
    indices: Uint32Array.from(entries, ([index]) => index),
    values: Float64Array.from(entries, ([, value]) => value / norm),
  };
}

function blockWeight(term: string, weights: BlockWeights): number {
  if (term.startsWith('t:')) return weights.title;
  if (term.startsWith('c:')) return weights.chars;
  if (term.startsWith('_')) return weights.markers;
  return 1;
}

/** A plain word (no block prefix, no bigram joiner, no negation mark): gets character n-grams. */
const PLAIN_WORD = /^[\p{L}\p{M}\p{N}'’]+$/u;

/**
 * Counts a document's terms: its tokens, plus each plain word's character n-grams (`c:` prefix),
 * padded with a space at either end as scikit-learn's `char_wb` analyzer does, so stems and
 * affixes ("crash…", "…ing") are features of their own and misspellings still share some.
 *
 * @param tokens - The document's tokens (from `issueTokens` or `reviewTokens`).
 * @param charSizes - Character n-gram lengths; empty for none.
 * @returns Term → count.
 */
export function termCounts(
  tokens: readonly string[],
  charSizes: readonly number[],
): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (term: string) => counts.set(term, (counts.get(term) ?? 0) + 1);
  for (const token of tokens) {
    add(token);
    if (charSizes.length === 0 || !PLAIN_WORD.test(token)) continue;
    const padded = ` ${token} `;
    for (const size of charSizes) {
      for (let start = 0; start + size <= padded.length; start += 1) {
        add(`c:${padded.slice(start, start + size)}`);
      }
    }
  }
  return counts;
}
