/**
 * The TF-IDF vocabulary of a set of training documents (`classify/tfidf.ts` vectorizes with it):
 * the terms in at least a minimum number of documents, sorted, with scikit-learn's smoothed idf
 * ln((1 + n) / (1 + df)) + 1.
 */
import type { Vocabulary } from '../classify/tfidf.js';

/**
 * Builds the vocabulary of a set of documents.
 *
 * @param documents - Term counts per document.
 * @param minDocumentFrequency - Terms in fewer documents than this are left out.
 * @returns Sorted terms and their smoothed idf.
 */
export function fitVocabulary(
  documents: ReadonlyArray<ReadonlyMap<string, number>>,
  minDocumentFrequency: number,
): Vocabulary {
  const documentFrequency = new Map<string, number>();
  for (const counts of documents) {
    for (const term of counts.keys()) {
      documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
    }
  }
  const terms = [...documentFrequency]
    .filter(([, frequency]) => frequency >= minDocumentFrequency)
    .map(([term]) => term)
    .sort();
  const n = documents.length;
  const idf = terms.map((term) => Math.log((1 + n) / (1 + (documentFrequency.get(term) ?? 0))) + 1);
  return { terms, idf };
}
