import { TIE_FEATURES, tieProbability } from '@sightline/investigator/internal';
import { describe, expect, it } from 'vitest';
import {
  chooseThreshold,
  crossValidateTies,
  fitTieModel,
  type TieExample,
} from './fit-tie-model.js';

const COVERAGE = TIE_FEATURES.indexOf('coverage');

/** An example whose only non-zero feature is its coverage. */
function example(group: string, related: boolean, coverage: number): TieExample {
  return {
    group,
    related,
    features: TIE_FEATURES.map((_, position) => (position === COVERAGE ? coverage : 0)),
    vocabulary: 1000 + Math.round(coverage * 100),
    resolvedFrames: 0,
  };
}

/** Per group, related reports cover 60–90 % of their terms and unrelated ones 10–40 %. */
function separable(groups: readonly string[]): TieExample[] {
  return groups.flatMap((group) =>
    [0.6, 0.7, 0.8, 0.9].flatMap((coverage) => [
      example(group, true, coverage),
      example(group, false, coverage - 0.5),
      example(group, false, coverage - 0.45),
    ]),
  );
}

describe('fitTieModel', () => {
  it('learns weights on the raw values that rank related pairs above unrelated ones', () => {
    const model = fitTieModel(separable(['a/x', 'b/y', 'c/z']));
    expect(model.weights.coverage).toBeGreaterThan(0);
    const related = tieProbability(example('a/x', true, 0.75).features, model);
    const unrelated = tieProbability(example('a/x', false, 0.25).features, model);
    expect(related).toBeGreaterThan(0.5);
    expect(unrelated).toBeLessThan(0.5);
  });

  it('records the smallest vocabulary it was fitted on', () => {
    const examples = separable(['a/x', 'b/y']);
    expect(fitTieModel(examples).minVocabulary).toBe(
      Math.min(...examples.map((entry) => entry.vocabulary)),
    );
  });

  it('refuses pairs of one kind only, saying what to run', () => {
    expect(() => fitTieModel([example('a/x', true, 0.5)])).toThrow(/corpus:fill/);
  });
});

describe('chooseThreshold', () => {
  it('keeps the given share of related pairs at or above it', () => {
    const probabilities = Array.from({ length: 40 }, (_, position) => (position + 1) / 40);
    const threshold = chooseThreshold(probabilities, 0.975);
    expect(probabilities.filter((value) => value >= threshold)).toHaveLength(39);
    expect(chooseThreshold([])).toBe(0);
  });
});

describe('crossValidateTies', () => {
  const groups = Array.from({ length: 12 }, (_, position) => `owner/repo-${position}`);

  it("predicts each group by a model fitted without that group's fold", () => {
    // One group labelled backwards: a model that saw it could not fit it this well.
    const inverted = groups[0] as string;
    const flipped = separable(groups).map((entry) =>
      entry.group === inverted ? { ...entry, related: !entry.related } : entry,
    );
    const { probabilities } = crossValidateTies(flipped);
    flipped.forEach((entry, position) => {
      if (entry.group !== inverted) return;
      // Judged by the other groups' rule: its "related" pairs (low coverage) score low.
      expect((probabilities[position] ?? 0.5) < 0.5).toBe(entry.related);
    });
  });

  it('neither fits on nor judges a pair whose stack frames resolve in the repository', () => {
    const examples = separable(groups);
    // Unrelated by coverage, but a frame resolves: the model must not see or judge it.
    const framed = { ...example('owner/repo-1', true, 0.05), resolvedFrames: 2 };
    const { probabilities, threshold } = crossValidateTies([...examples, framed]);
    expect(probabilities.at(-1)).toBeUndefined();
    expect(threshold).toBe(crossValidateTies(examples).threshold);
    expect(fitTieModel([...examples, framed])).toEqual(fitTieModel(examples));
  });
});
