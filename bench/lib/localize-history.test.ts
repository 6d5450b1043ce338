import { HISTORY_FEATURES, RANKING_FEATURES } from '@sightline/investigator/internal';
import { describe, expect, it } from 'vitest';
import { joinHistory } from './localize-history.js';
import type { CaseQuery } from './localize-rows.js';

const rest = RANKING_FEATURES.length - HISTORY_FEATURES.length;
const query: CaseQuery = {
  id: 'case',
  group: 'owner/name',
  set: 'corpus',
  language: 'java',
  candidates: [
    { path: 'src/A.java', features: RANKING_FEATURES.map(() => 0.5), relevant: true },
    { path: 'src/B.java', features: RANKING_FEATURES.map(() => 0.5), relevant: false },
  ],
};

describe('joinHistory', () => {
  it("fills each candidate's history features by path and leaves the other features", () => {
    const joined = joinHistory(query, new Map([['src/A.java', [0.1, 0.2, 1]]]));
    const [a, b] = joined.candidates;
    expect(a?.features.slice(rest)).toEqual([0.1, 0.2, 1]);
    expect(b?.features.slice(rest)).toEqual([0, 0, 0]);
    expect(a?.features.slice(0, rest)).toEqual(Array(rest).fill(0.5));
    expect(query.candidates[0]?.features.slice(rest)).toEqual([0.5, 0.5, 0.5]);
  });

  it('gives every candidate 0 without a history', () => {
    for (const candidate of joinHistory(query, undefined).candidates)
      expect(candidate.features.slice(rest)).toEqual([0, 0, 0]);
  });
});
