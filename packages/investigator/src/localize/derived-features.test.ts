import { describe, expect, it } from 'vitest';
import { DERIVED_FEATURES, RANKING_FEATURES, rankingVector } from './derived-features.js';
import { BASE_FEATURES, type BaseFeature } from './ranking-features.js';

const base = (values: Partial<Record<BaseFeature, number>>) =>
  BASE_FEATURES.map((name) => values[name] ?? 0);

const interactions = (vector: number[]) =>
  Object.fromEntries(
    DERIVED_FEATURES.map((name) => [name, vector[RANKING_FEATURES.indexOf(name)]]),
  );

describe('rankingVector', () => {
  it('keeps the base vector and appends the interactions', () => {
    const vector = rankingVector(
      base({ lexicalFile: 0.8, lexicalDefinition: 0.25, pageRank: 0.5 }),
    );
    expect(vector.slice(0, BASE_FEATURES.length)).toEqual(
      base({ lexicalFile: 0.8, lexicalDefinition: 0.25, pageRank: 0.5 }),
    );
    expect(interactions(vector)).toEqual({ wordsOnly: 0.8, centralWords: 0.4 });
  });

  it('gives shared words alone no credit once the report names or traces into the file', () => {
    expect(interactions(rankingVector(base({ lexicalFile: 0.8, symbol: 0.3 }))).wordsOnly).toBe(0);
    expect(interactions(rankingVector(base({ lexicalFile: 0.8, frame: 0.6 }))).wordsOnly).toBe(0);
  });
});
