/**
 * Query scoring over a consolidated wink-bm25-text-search engine's own term weights, one pass per
 * distinct query term. After `consolidate`, the engine stores for every (document, term) pair its
 * finished BM25F weight (term frequency saturation, length normalization and IDF), and its `search`
 * sums, for each term occurrence of the query, the weights of every document holding the term.
 * A report's query repeats its stack frames' package names hundreds of times (1,343 query terms,
 * 233 distinct, in an Eclipse JDT report), and `search` walks a common term's postings (tens of
 * thousands of definitions) once per occurrence, with three hash look-ups per posting: 10 s of a
 * 36 s localization on a 9,000-file repository. Here the postings are laid out once in flat arrays
 * (compressed sparse rows) and each distinct term is walked once, its weights multiplied by its count
 * in the query: the same sum, and the same order (best first, ties in the order `search` first met
 * the documents).
 */

/** A consolidated engine's stored weights (wink's `getDocs()`). */
type StoredDocuments = Record<string, { freq: Record<number, number> }>;

/** A document's score for a query, with the query terms it holds. */
export interface PostingsHit {
  id: string;
  /** The summed BM25F weight: what wink's `search` gives for the same query (to rounding). */
  score: number;
  /** Distinct query terms the document holds, in the order `termOrder` gave (at most `maxTerms`). */
  terms: string[];
}

/** Postings of every term of one engine, in flat arrays. */
export interface Bm25Postings {
  /** Documents holding the term (0 for an unknown term). */
  documentFrequency(token: number): number;
  /**
   * Scores the documents holding any query term.
   * @param query - the query's terms with their token numbers, in query order, repeated as in the
   *   query; unknown terms left out.
   * @param termOrder - orders the distinct terms for each hit's `terms` (e.g. rarest first).
   * @param maxTerms - how many terms each hit keeps.
   * @returns the documents with a score above 0, best first.
   */
  score(
    query: readonly { term: string; token: number }[],
    termOrder: (a: string, b: string) => number,
    maxTerms: number,
  ): PostingsHit[];
}

/**
 * Lays out a consolidated engine's postings.
 * @param stored - the engine's documents (`getDocs()`, after `consolidate`).
 * @param ids - the documents to search, in the order they were added (padding left out).
 * @param vocabularySize - the number of token numbers (`Object.keys(getTokens()).length`).
 * @returns the postings: two numbers per (document, term) pair (12 bytes), read by
 *   {@link Bm25Postings.score}; nothing is thrown (a token out of range counts as unknown).
 */
export function bm25Postings(
  stored: StoredDocuments,
  ids: readonly string[],
  vocabularySize: number,
): Bm25Postings {
  // starts[t] .. starts[t + 1] - 1: the slots of term t's postings, in the order ids gives.
  const starts = new Int32Array(vocabularySize + 1);
  for (const id of ids)
    for (const token in stored[id]?.freq)
      starts[Number(token) + 1] = (starts[Number(token) + 1] as number) + 1;
  for (let token = 0; token < vocabularySize; token += 1)
    starts[token + 1] = (starts[token + 1] as number) + (starts[token] as number);
  const total = starts[vocabularySize] as number;
  const documents = new Int32Array(total);
  const weights = new Float64Array(total);
  const filled = starts.slice(0, vocabularySize);
  for (const [position, id] of ids.entries()) {
    const freq = stored[id]?.freq ?? {};
    for (const token in freq) {
      const slot = filled[Number(token)] as number;
      filled[Number(token)] = slot + 1;
      documents[slot] = position;
      weights[slot] = freq[token] as number;
    }
  }
  const first = (token: number) => starts[token] as number;
  const end = (token: number) => starts[token + 1] as number;
  const known = (token: number) => token >= 0 && token < vocabularySize;
  return {
    documentFrequency: (token) => (known(token) ? end(token) - first(token) : 0),
    score(query, termOrder, maxTerms) {
      const counts = new Map<number, { term: string; count: number }>();
      for (const { term, token } of query) {
        if (!known(token)) continue;
        const seen = counts.get(token);
        if (seen) seen.count += 1;
        else counts.set(token, { term, count: 1 });
      }
      const scores = new Float64Array(ids.length);
      const met = new Uint8Array(ids.length);
      const touched: number[] = [];
      for (const [token, { count }] of counts)
        for (let slot = first(token); slot < end(token); slot += 1) {
          const document = documents[slot] as number;
          if (!met[document]) {
            met[document] = 1;
            touched.push(document);
          }
          scores[document] = (scores[document] as number) + count * (weights[slot] as number);
        }
      const terms = new Map<number, string[]>();
      const ordered = [...counts].sort(([, a], [, b]) => termOrder(a.term, b.term));
      for (const [token, { term }] of ordered)
        for (let slot = first(token); slot < end(token); slot += 1) {
          const document = documents[slot] as number;
          const list = terms.get(document);
          if (!list) terms.set(document, [term]);
          else if (list.length < maxTerms) list.push(term);
        }
      const scoreOf = (document: number) => scores[document] as number;
      return touched
        .filter((document) => scoreOf(document) > 0)
        .sort((a, b) => scoreOf(b) - scoreOf(a))
        .map((document) => ({
          id: ids[document] as string,
          score: scoreOf(document),
          terms: terms.get(document) ?? [],
        }));
    },
  };
}
