import { describe, expect, it } from 'vitest';
import type { CorpusFact } from './corpus.js';
import { corpusTable } from './corpus-table.js';

function fact(
  id: string,
  repo: string,
  language: string,
  kind: 'crash' | 'plain',
  tags: string[],
): CorpusFact {
  return {
    format: 1,
    id,
    repo,
    fix: 'b'.repeat(40),
    parent: 'a'.repeat(40),
    fix_found_by: 'squash',
    issue: `${repo}#1`,
    language,
    report_kind: kind,
    tags,
    source: {
      dataset: 'Example',
      repo: 'acme/data',
      commit: 'c'.repeat(40),
      path: 'd.jsonl',
      record: id,
      licence: 'MIT',
    },
    report_sha256: '0'.repeat(64),
    gold: [{ file: 'src/a.ts', changed: [[1, 2]] }],
  };
}

describe('corpusTable', () => {
  it('counts cases, repositories, languages and crash share against the targets, per language and data set', () => {
    const table = corpusTable(
      [
        fact('a', 'acme/one', 'kotlin', 'crash', ['android']),
        fact('b', 'acme/one', 'kotlin', 'plain', ['android']),
        fact('c', 'acme/two', 'go', 'crash', []),
      ],
      'f'.repeat(64),
    );
    expect(table).toContain('| cases | 3 | ≥ 400 | **not met** |');
    expect(table).toContain('| crash or stack-trace reports | 2 (67 %) | ≥ 40 % | met |');
    expect(table).toContain(
      '| mobile crashes (Android, iOS, React Native, Flutter) | 1 | present | met |',
    );
    expect(table).toContain('| kotlin | 2 | 1 | 1 | 50 % | 1 |');
    expect(table).toContain('| Example (acme/data) | MIT | 3 | 2 | 1 | 67 % | 2 |');
  });

  it('counts iOS and React Native cases with their repositories, and names a committed data set by its path', () => {
    const ios = ['one', 'two', 'three'].flatMap((name) =>
      [1, 2, 3, 4].map((n) => fact(`${name}${n}`, `acme/${name}`, 'swift', 'crash', ['ios'])),
    );
    const paraphrased = { ...fact('p', 'acme/rn', 'kotlin', 'plain', ['react-native']) };
    paraphrased.source = {
      ...paraphrased.source,
      dataset: 'Retold',
      repo: '',
      commit: '',
      path: 'bench/p.jsonl',
    };
    const table = corpusTable([...ios, paraphrased], 'f'.repeat(64));
    expect(table).toContain(
      '| iOS / React Native cases (repositories) | 12 (3) / 1 (1) | ≥ 10 each (≥ 3) | **not met** |',
    );
    expect(table).toContain('| Retold (bench/p.jsonl) | MIT | 1 |');
  });
});
