import { describe, expect, it } from 'vitest';
import { createVectorizer, termCounts, vectorize } from '../classify/tfidf.js';
import { fitVocabulary } from './fit-vocabulary.js';

const weights = { title: 2, chars: 0.5, markers: 1 };

describe('fitVocabulary and vectorize', () => {
  const documents = [
    termCounts(['crash', 'app'], []),
    termCounts(['crash', 'login'], []),
    termCounts(['add', 'app'], []),
  ];

  it('keeps terms in at least minDocumentFrequency documents, sorted, with smoothed idf', () => {
    const vocabulary = fitVocabulary(documents, 2);
    expect(vocabulary.terms).toEqual(['app', 'crash']);
    expect(vocabulary.idf[0]).toBeCloseTo(Math.log(4 / 3) + 1, 12);
  });

  it('gives unit-length vectors, sublinear tf, block weights and drops unknown terms', () => {
    const vectorizer = createVectorizer(fitVocabulary(documents, 1), weights);
    const vector = vectorize(termCounts(['crash', 'crash', 'unknown', 'app'], []), vectorizer);
    expect([...vector.indices]).toEqual([1, 2]);
    const norm = Math.hypot(...vector.values);
    expect(norm).toBeCloseTo(1, 12);
    // crash: tf 2 → 1 + ln 2, same idf as app.
    expect((vector.values[1] ?? 0) / (vector.values[0] ?? 1)).toBeCloseTo(1 + Math.log(2), 12);
    const titled = createVectorizer({ terms: ['a', 't:a'], idf: [1, 1] }, weights);
    const both = vectorize(termCounts(['a', 't:a'], []), titled);
    expect((both.values[1] ?? 0) / (both.values[0] ?? 1)).toBeCloseTo(2, 12);
    expect(vectorize(new Map([['nothing', 1]]), vectorizer).indices).toHaveLength(0);
  });
});
