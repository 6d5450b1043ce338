import { describe, expect, it } from 'vitest';
import bm25 from 'wink-bm25-text-search';
import { bm25Postings } from './bm25-postings.js';

/** A consolidated wink engine over documents given as term lists, and what the postings need. */
function engineOf(documents: Record<string, { name: string[]; body: string[] }>) {
  const engine = bm25();
  engine.defineConfig({ fldWeights: { name: 3, body: 1 } });
  engine.definePrepTasks([(input) => (typeof input !== 'string' ? input : input.split(' '))]);
  for (const [id, fields] of Object.entries(documents)) engine.addDoc(fields, id);
  engine.consolidate();
  const tokens = engine.getTokens();
  const postings = bm25Postings(
    engine.getDocs(),
    Object.keys(documents),
    Object.keys(tokens).length,
  );
  const query = (terms: string[]) =>
    terms.flatMap((term) => (tokens[term] === undefined ? [] : [{ term, token: tokens[term] }]));
  return { engine, postings, query, tokens };
}

/** A deterministic pseudo-random stream (a linear congruential generator). */
function stream(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('bm25Postings', () => {
  it("gives wink's search scores and order for queries that repeat their terms", () => {
    const next = stream(7);
    const vocabulary = Array.from({ length: 40 }, (_, n) => `t${n}`);
    // Skewed term choice: a few terms are in most documents, as package names are in code.
    const pick = () => vocabulary[Math.floor(next() ** 3 * vocabulary.length)] as string;
    const documents = Object.fromEntries(
      Array.from({ length: 60 }, (_, n) => [
        `doc${n}`,
        {
          name: Array.from({ length: 1 + Math.floor(next() * 3) }, pick),
          body: Array.from({ length: Math.floor(next() * 30) }, pick),
        },
      ]),
    );
    const { engine, postings, query } = engineOf(documents);
    for (let trial = 0; trial < 25; trial += 1) {
      const terms = Array.from({ length: 1 + Math.floor(next() * 40) }, pick);
      terms.push('unknown');
      const expected = engine.search(terms.join(' '), 100).filter(([, score]) => score > 0);
      const hits = postings.score(query(terms), (a, b) => a.localeCompare(b), 6);
      expect(hits.map(({ id }) => id)).toEqual(expected.map(([id]) => id));
      for (const [at, { score }] of hits.entries())
        expect(score).toBeCloseTo(expected[at]?.[1] ?? -1, 9);
    }
  });

  it("lists each hit's distinct query terms in the order asked, at most as many as asked", () => {
    const { postings, query } = engineOf({
      a: { name: ['parse'], body: ['token', 'token', 'stream', 'error'] },
      b: { name: ['render'], body: ['stream'] },
      c: { name: ['other'], body: ['nothing'] },
    });
    const hits = postings.score(
      query(['token', 'error', 'stream', 'parse', 'token']),
      (x, y) => y.localeCompare(x),
      3,
    );
    expect(hits.map(({ id, terms }) => [id, terms])).toEqual([
      ['a', ['token', 'stream', 'parse']],
      ['b', ['stream']],
    ]);
  });

  it('counts the documents holding a term, and none for a token it does not know', () => {
    const { postings, tokens } = engineOf({
      a: { name: ['x'], body: ['shared'] },
      b: { name: ['y'], body: ['shared', 'shared'] },
      c: { name: ['z'], body: [] },
    });
    expect(postings.documentFrequency(tokens.shared as number)).toBe(2);
    expect(postings.documentFrequency(tokens.z as number)).toBe(1);
    expect(postings.documentFrequency(999)).toBe(0);
    expect(postings.documentFrequency(-1)).toBe(0);
  });

  it('keeps ties in the order the query first met the documents', () => {
    const { postings, query } = engineOf({
      first: { name: ['a'], body: ['common'] },
      second: { name: ['b'], body: ['common'] },
      third: { name: ['c'], body: ['rare'] },
    });
    expect(postings.score(query(['common']), () => 0, 6).map(({ id }) => id)).toEqual([
      'first',
      'second',
    ]);
    expect(postings.score(query([]), () => 0, 6)).toEqual([]);
  });
});
