import { describe, expect, it } from 'vitest';
import type { CorpusCase } from './corpus.js';
import {
  CORPUS_CASES_PER_REPOSITORY,
  capPerRepository,
  parseCorpusPerRepository,
} from './localize-sets.js';

/** A corpus case with only what the cap reads set to something meaningful. */
function corpusCase(id: string, repo: string, kind: 'crash' | 'plain'): CorpusCase {
  return {
    id,
    kind: 'git',
    set: 'corpus',
    language: 'java',
    repo,
    has_stack_trace: kind === 'crash',
    report: { title: id, body: '' },
    gold: [],
    issue: `${repo}#1`,
    report_kind: kind,
    tags: [],
  };
}

const cases = [
  corpusCase('a-1', 'acme/a', 'plain'),
  corpusCase('a-2', 'acme/a', 'crash'),
  corpusCase('a-3', 'acme/a', 'plain'),
  corpusCase('b-1', 'acme/b', 'plain'),
];

describe('capPerRepository', () => {
  it('keeps one case per repository by default, the crash report first', () => {
    expect(capPerRepository(cases).map((entry) => entry.id)).toEqual(['a-2', 'b-1']);
  });

  it('keeps crash reports, then the others by id, up to the limit', () => {
    expect(capPerRepository(cases, 2).map((entry) => entry.id)).toEqual(['a-1', 'a-2', 'b-1']);
  });

  it('keeps every case with "all"', () => {
    expect(capPerRepository(cases, 'all').map((entry) => entry.id)).toEqual([
      'a-1',
      'a-2',
      'a-3',
      'b-1',
    ]);
  });
});

describe('parseCorpusPerRepository', () => {
  it('reads a count, "all", or the default when absent', () => {
    expect(parseCorpusPerRepository('3')).toBe(3);
    expect(parseCorpusPerRepository('all')).toBe('all');
    expect(parseCorpusPerRepository(undefined)).toBe(CORPUS_CASES_PER_REPOSITORY);
  });

  it('refuses anything else, naming the option', () => {
    for (const text of ['0', '-1', '1.5', 'every', ''])
      expect(() => parseCorpusPerRepository(text)).toThrow(/--corpus-per-repository/);
  });
});
