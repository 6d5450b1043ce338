import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type CorpusFact, readCorpusCases, readCorpusFacts, reportHash } from './corpus.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sightline-corpus-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const report = { title: 'Crash on empty input', body: 'TypeError: x is undefined' };

function fact(id: string): CorpusFact {
  return {
    format: 1,
    id,
    repo: 'acme/widget',
    fix: 'b'.repeat(40),
    parent: 'a'.repeat(40),
    fix_found_by: 'squash',
    issue: 'acme/widget#12',
    language: 'typescript',
    report_kind: 'crash',
    tags: ['bundled-js'],
    source: {
      dataset: 'Example',
      repo: 'acme/data',
      commit: 'c'.repeat(40),
      path: 'data.jsonl',
      record: id,
      licence: 'MIT',
    },
    report_sha256: reportHash(report),
    gold: [{ file: 'src/parse.ts', changed: [[3, 5]] }],
  };
}

describe('readCorpusCases', () => {
  it('joins facts with cached texts, and names the cases whose text is missing or stale', async () => {
    const facts = path.join(dir, 'cases.jsonl');
    const reports = path.join(dir, 'reports');
    await mkdir(reports);
    await writeFile(
      facts,
      `${['one', 'two', 'three'].map((id) => JSON.stringify(fact(id))).join('\n')}\n`,
    );
    await writeFile(path.join(reports, 'one.json'), JSON.stringify(report));
    await writeFile(
      path.join(reports, 'three.json'),
      JSON.stringify({ ...report, body: 'edited' }),
    );
    const { cases, missing, stale } = readCorpusCases({ facts, reports });
    expect(cases.map((entry) => [entry.id, entry.set, entry.kind, entry.has_stack_trace])).toEqual([
      ['one', 'corpus', 'git', true],
    ]);
    expect(cases[0]?.report).toEqual(report);
    expect(cases[0]?.gold).toEqual([{ file: 'src/parse.ts', changed: [[3, 5]] }]);
    expect(missing).toEqual(['two']);
    expect(stale).toEqual(['three']);
  });

  it('rejects a line of another format version with its line number', async () => {
    const facts = path.join(dir, 'cases.jsonl');
    await writeFile(
      facts,
      `${JSON.stringify(fact('one'))}\n${JSON.stringify({ ...fact('two'), format: 2 })}\n`,
    );
    expect(() => readCorpusFacts(facts)).toThrow(/cases\.jsonl:2 has format 2/);
  });

  it('reads no cases when the facts file is absent', () => {
    expect(readCorpusCases({ facts: path.join(dir, 'none.jsonl') }).cases).toEqual([]);
  });
});
