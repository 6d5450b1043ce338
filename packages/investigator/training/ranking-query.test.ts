import { describe, expect, it } from 'vitest';
import { type RankingQuery, rankOfRelevant } from './ranking-query.js';

describe('rankOfRelevant', () => {
  it('ranks by score, ties by path, 0 when nothing is relevant', () => {
    const query: RankingQuery = {
      id: 'q',
      group: 'g',
      candidates: [
        { path: 'b', features: [1], relevant: true },
        { path: 'a', features: [1], relevant: false },
        { path: 'c', features: [2], relevant: false },
      ],
    };
    expect(rankOfRelevant(query, [1])).toBe(3);
    expect(rankOfRelevant(query, [-1])).toBe(2);
    expect(rankOfRelevant({ ...query, candidates: [] }, [1])).toBe(0);
  });
});
