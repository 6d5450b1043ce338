import { SightlineError } from '@sightline/core';
import { describe, expect, it } from 'vitest';
import { RANKING_FEATURES } from './derived-features.js';
import {
  loadRankingModel,
  RANKING_MODEL_FORMAT,
  RANKING_MODEL_VERSION,
  rankingScore,
  shippedRankingModel,
  weighsHistory,
} from './ranking-model.js';

const weights = Object.fromEntries(RANKING_FEATURES.map((name, at) => [name, at / 10]));

describe('ranking model', () => {
  it('loads the shipped model, with a weight for every feature', () => {
    const model = shippedRankingModel();
    expect(Object.keys(model.weights).sort()).toEqual([...RANKING_FEATURES].sort());
  });

  it('says whether a model weighs any history feature', () => {
    const model = (history: number) =>
      loadRankingModel({
        format: RANKING_MODEL_FORMAT,
        version: RANKING_MODEL_VERSION,
        weights: { ...weights, bugFixFrequency: 0, bugFixRecency: 0, historySimilarity: history },
      });
    expect(weighsHistory(model(0))).toBe(false);
    expect(weighsHistory(model(0.2))).toBe(true);
  });

  it('scores a feature vector as the dot product with the weights', () => {
    const model = loadRankingModel({
      format: RANKING_MODEL_FORMAT,
      version: RANKING_MODEL_VERSION,
      weights,
    });
    const vector = RANKING_FEATURES.map((_, at) => (at === 1 || at === 4 ? 1 : 0));
    expect(rankingScore(model, vector)).toBeCloseTo(0.1 + 0.4);
  });

  it('rejects another format or version, and a missing weight, saying how to retrain', () => {
    const bad = [
      { format: 'other', version: RANKING_MODEL_VERSION, weights },
      { format: RANKING_MODEL_FORMAT, version: 99, weights },
      { format: RANKING_MODEL_FORMAT, version: RANKING_MODEL_VERSION, weights: { frame: 1 } },
      null,
    ];
    for (const file of bad) {
      expect(() => loadRankingModel(file)).toThrow(SightlineError);
      expect(() => loadRankingModel(file)).toThrow(/npm run train:localize/);
    }
  });
});
