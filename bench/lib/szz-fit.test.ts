import type { BlamedCommit } from '@sightline/codebase/internal';
import { describe, expect, it } from 'vitest';
import { crossValidatedSzz, fitBulkFiles, type SzzCase, szzHit } from './szz-fit.js';

const REPORTED = Date.parse('2025-06-01T00:00:00Z');
const id = (name: string) => name.repeat(40).slice(0, 40);

const blamed = (name: string, lines: number): BlamedCommit => ({
  id: id(name),
  author: 'Dev',
  time: REPORTED - 30 * 86_400_000,
  subject: name,
  lines,
  boundary: false,
});

/** A fix whose top range was mostly written by a bulk import (`i`), the culprit `c` after it. */
const bulkFirst = (repo: string, importFiles: number): SzzCase => ({
  repo,
  reportedAt: REPORTED,
  ranges: [
    { path: 'a.ts', lines: [1, 10], commits: [blamed('i', 7), blamed('c', 3)] },
    { path: 'b.ts', lines: [1, 10], commits: [blamed('d', 10)] },
    { path: 'e.ts', lines: [1, 10], commits: [blamed('e', 10)] },
  ],
  commitFiles: new Map([
    [id('i'), importFiles],
    [id('c'), 3],
    [id('d'), 5],
    [id('e'), 2],
  ]),
  introducing: new Set([id('c')]),
});

describe('SZZ fit', () => {
  it('finds the bug-introducing commit once a bulk import is discounted, fitted across repositories', () => {
    const cases = [bulkFirst('x/a', 3_000), bulkFirst('x/b', 5_000), bulkFirst('x/c', 4_000)];
    expect(cases.map((item) => szzHit(item, Number.POSITIVE_INFINITY))).toEqual([
      false,
      false,
      false,
    ]);
    const bound = fitBulkFiles(cases);
    expect(bound).toBeLessThan(3_000);
    expect(cases.every((item) => szzHit(item, bound))).toBe(true);
    expect(crossValidatedSzz(cases).map((entry) => entry.hit)).toEqual([true, true, true]);
  });

  it('keeps no bound when discounting gains nothing (ties go to the loosest)', () => {
    const plain = bulkFirst('x/a', 3);
    expect(fitBulkFiles([plain])).toBe(Number.POSITIVE_INFINITY);
    expect(crossValidatedSzz([plain, { ...plain, repo: 'x/b' }])).toEqual([
      { hit: false, bound: Number.POSITIVE_INFINITY },
      { hit: false, bound: Number.POSITIVE_INFINITY },
    ]);
  });
});
