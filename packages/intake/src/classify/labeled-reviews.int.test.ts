import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLabeledReviews } from './labeled-reviews.js';

describe('readLabeledReviews', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'labeled-reviews-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const write = async (name: string, text: string) => {
    const file = path.join(dir, name);
    await writeFile(file, text);
    return file;
  };

  it('reads rows in order, skipping blank lines and dropping a null title', async () => {
    const file = await write(
      'ok.jsonl',
      '{"title":"Crash","text":"It quits","rating":1,"label":"bug"}\n\n{"title":null,"text":"Add dark mode","label":"feature"}\n',
    );
    expect(await readLabeledReviews(file)).toEqual([
      { title: 'Crash', text: 'It quits', rating: 1, label: 'bug' },
      { text: 'Add dark mode', label: 'feature' },
    ]);
  });

  it('names the file line of a row that is not JSON or lacks a label', async () => {
    const notJson = await write('bad.jsonl', '{"text":"a","label":"bug"}\n\n{oops\n');
    await expect(readLabeledReviews(notJson)).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringContaining('bad.jsonl:3 '),
    });
    const noLabel = await write('nolabel.jsonl', '{"text":"a"}\n');
    await expect(readLabeledReviews(noLabel)).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringContaining('nolabel.jsonl:1 '),
    });
  });
});
