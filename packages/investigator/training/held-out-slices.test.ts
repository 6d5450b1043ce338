import { RANKING_FEATURES } from '@sightline/investigator/internal';
import { describe, expect, it } from 'vitest';
import {
  FIXED_RANKINGS,
  fixedRanks,
  sliceTable,
  spanOverlaps,
  spanShare,
  weightsOf,
} from './held-out-slices.js';
import type { RankingQuery } from './ranking-query.js';

const lexical = RANKING_FEATURES.indexOf('lexicalFile');
const frame = RANKING_FEATURES.indexOf('frame');

/** Two candidates: the fixed file has the stack frame, the other the stronger text match. */
function query(id: string): RankingQuery {
  const features = (values: Record<number, number>) =>
    RANKING_FEATURES.map((_, index) => values[index] ?? 0);
  return {
    id,
    group: 'acme/widget',
    candidates: [
      { path: 'src/words.ts', features: features({ [lexical]: 0.9 }), relevant: false },
      { path: 'src/crash.ts', features: features({ [frame]: 1, [lexical]: 0.2 }), relevant: true },
    ],
  };
}

describe('fixedRanks', () => {
  it('ranks by the fixed weights: BM25 alone misses the frame, the prior follows it', () => {
    const queries = [query('a')];
    expect(fixedRanks(queries, FIXED_RANKINGS['BM25 (lexicalFile alone)'] ?? [])).toEqual(
      new Map([['a', 2]]),
    );
    expect(fixedRanks(queries, FIXED_RANKINGS['hand-set prior'] ?? [])).toEqual(
      new Map([['a', 1]]),
    );
  });

  it('gives unnamed features weight 0', () => {
    expect(weightsOf({ frame: 2 }).filter((weight) => weight !== 0)).toEqual([2]);
  });
});

describe('sliceTable', () => {
  it('prints every slice with its candidate recall and each ranking’s Acc@1 / @3 / @5 / MRR, all reports first', () => {
    const table = sliceTable(['a', 'b'], (id) => [`kind: ${id === 'a' ? 'crash' : 'plain'}`], {
      learned: new Map([
        ['a', 1],
        ['b', 4],
      ]),
      bm25: new Map([
        ['a', 0],
        ['b', 2],
      ]),
    });
    expect(table.split('\n')).toEqual([
      '| slice | reports | fix among candidates | learned: Acc@1 / @3 / @5 / MRR | bm25: Acc@1 / @3 / @5 / MRR |',
      '| --- | --- | --- | --- | --- |',
      '| all | 2 | 1.00 | 0.50 / 0.50 / 1.00 / 0.63 | 0.00 / 0.50 / 0.50 / 0.25 |',
      '| kind: crash | 1 | 1.00 | 1.00 / 1.00 / 1.00 / 1.00 | 0.00 / 0.00 / 0.00 / 0.00 |',
      '| kind: plain | 1 | 1.00 | 0.00 / 0.00 / 1.00 / 0.25 | 0.00 / 1.00 / 1.00 / 0.50 |',
    ]);
  });
});

describe('spanOverlaps', () => {
  const prior = FIXED_RANKINGS['hand-set prior'] ?? [];
  const bm25 = FIXED_RANKINGS['BM25 (lexicalFile alone)'] ?? [];
  const spans = new Map([
    ['a', new Map([['src/crash.ts', { overlap: true }]])],
    ['b', new Map([['src/crash.ts', { overlap: false }]])],
  ]);

  it('reads the overlap of the fixed file each ranking puts first, by path', () => {
    expect(spanOverlaps([query('a'), query('b')], () => prior, spans)).toEqual(
      new Map([
        ['a', true],
        ['b', false],
      ]),
    );
  });

  it('leaves out reports without span lines, without weights, or whose fixed file is past the top 5', () => {
    const crowded: RankingQuery = {
      ...query('a'),
      candidates: [
        ...query('a').candidates,
        ...['w1', 'w2', 'w3', 'w4', 'w5'].map((name) => ({
          path: `src/${name}.ts`,
          features: RANKING_FEATURES.map((_, index) => (index === lexical ? 0.8 : 0)),
          relevant: false,
        })),
      ],
    };
    expect(spanOverlaps([crowded], () => bm25, spans)).toEqual(new Map());
    expect(spanOverlaps([query('c')], () => prior, spans)).toEqual(new Map());
    expect(spanOverlaps([query('a')], () => undefined, spans)).toEqual(new Map());
  });

  it('counts a fixed file without lines as no overlap', () => {
    expect(spanOverlaps([query('a')], () => prior, new Map([['a', new Map()]]))).toEqual(
      new Map([['a', false]]),
    );
  });
});

describe('spanShare', () => {
  it('is the share of true entries among the reports with one, undefined with none', () => {
    const overlaps = new Map([
      ['a', true],
      ['b', false],
    ]);
    expect(spanShare(['a', 'b', 'c'], overlaps)).toBe(0.5);
    expect(spanShare(['c'], overlaps)).toBeUndefined();
  });
});

describe('sliceTable with span lines', () => {
  it('adds the reports with span lines and each ranking’s top-5 span overlap, – when unknown', () => {
    const table = sliceTable(
      ['a', 'b'],
      (id) => [`kind: ${id === 'a' ? 'crash' : 'plain'}`],
      {
        learned: new Map([
          ['a', 1],
          ['b', 4],
        ]),
      },
      { known: new Set(['a']), overlaps: { learned: new Map([['a', true]]) } },
    );
    expect(table.split('\n')).toEqual([
      '| slice | reports | fix among candidates | with span lines | learned: Acc@1 / @3 / @5 / MRR / top-5 span overlap |',
      '| --- | --- | --- | --- | --- |',
      '| all | 2 | 1.00 | 1 | 0.50 / 0.50 / 1.00 / 0.63 / 1.00 |',
      '| kind: crash | 1 | 1.00 | 1 | 1.00 / 1.00 / 1.00 / 1.00 / 1.00 |',
      '| kind: plain | 1 | 1.00 | 0 | 0.00 / 0.00 / 1.00 / 0.25 / – |',
    ]);
  });
});
