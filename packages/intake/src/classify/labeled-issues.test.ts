import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SightlineError } from '@sightline/core';
import { afterAll, describe, expect, it } from 'vitest';
import { readLabeledIssues } from './labeled-issues.js';

const dir = await mkdtemp(path.join(tmpdir(), 'labeled-issues-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

async function csv(name: string, text: string): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, text);
  return file;
}

describe('readLabeledIssues', () => {
  it('reads quoted, multi-line bodies in file order', async () => {
    const file = await csv(
      'ok.csv',
      'repo,created_at,label,title,body\na/b,2023-01-01,bug,"Crash, again","Line 1\nSays ""boom"""\na/b,2023-01-02,question,How?,\n',
    );
    expect(await readLabeledIssues(file)).toEqual([
      { label: 'bug', title: 'Crash, again', body: 'Line 1\nSays "boom"' },
      { label: 'question', title: 'How?', body: '' },
    ]);
  });

  it('rejects an unknown label with INVALID_ARGUMENT naming the row', async () => {
    const file = await csv('bad.csv', 'label,title,body\ndocs,Typo,Fix it\n');
    const error = await readLabeledIssues(file).catch((caught: unknown) => caught);
    expect(SightlineError.isInstance(error) && error.code).toBe('INVALID_ARGUMENT');
    expect((error as Error).message).toContain('row 1');
  });

  it('rejects a file that is not CSV with INVALID_ARGUMENT', async () => {
    const file = await csv('broken.csv', 'label,title,body\nbug,"unclosed,x\n');
    const error = await readLabeledIssues(file).catch((caught: unknown) => caught);
    expect(SightlineError.isInstance(error) && error.code).toBe('INVALID_ARGUMENT');
  });
});
