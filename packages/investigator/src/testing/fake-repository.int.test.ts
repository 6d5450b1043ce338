import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeRepository, type FakeRepository } from './fake-repository.js';

describe('createFakeRepository', () => {
  let repository: FakeRepository;
  beforeAll(async () => {
    repository = await createFakeRepository();
  });
  afterAll(() => repository.cleanup());

  it('writes every file and plants the bug at the stated line', async () => {
    for (const [relative, content] of Object.entries(repository.files)) {
      expect(await readFile(path.join(repository.root, relative), 'utf8')).toBe(content);
    }
    const lines = repository.files[repository.bug.path]?.split('\n') ?? [];
    expect(lines[repository.bug.lines[0] - 1]).toBe(repository.bug.quote);
    expect(lines[repository.bug.lines[0] - 2]).toContain('let total = 0');
  });

  it('indexes every file with the definitions it holds', () => {
    expect([...repository.index.files.keys()].sort()).toEqual(Object.keys(repository.files).sort());
    const total = repository.index.files.get(repository.bug.path);
    expect(total?.lineCount).toBe(10);
    expect(total?.definitions.map(({ name, lines }) => ({ name, lines }))).toEqual([
      { name: 'cartTotal', lines: [4, 10] },
    ]);
  });

  it('describes the report the way the bug shows', () => {
    expect(repository.report.title).toBe('Checkout total is wrong');
    expect(repository.reportText).toContain(repository.report.body);
    expect(repository.report.identifiers).toEqual([repository.bug.symbol]);
  });
});
