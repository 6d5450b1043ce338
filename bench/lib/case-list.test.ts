import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listedCases, readCaseList } from './case-list.js';

const folder = mkdtempSync(path.join(tmpdir(), 'case-list-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
let written = 0;

function listFile(text: string): string {
  written += 1;
  const file = path.join(folder, `cases-${written}.txt`);
  writeFileSync(file, text);
  return file;
}

describe('readCaseList', () => {
  it('reads one id per line, skipping blanks, comments and repeats', () => {
    expect(readCaseList(listFile('# changed by the parse\r\nb-2\n\n  a-1  \nb-2\n'))).toEqual([
      'b-2',
      'a-1',
    ]);
  });

  it('says which file it could not read, and when a list is empty', () => {
    expect(() => readCaseList('/nonexistent/cases.txt')).toThrow(
      'cannot read the case list /nonexistent/cases.txt: ENOENT',
    );
    expect(() => readCaseList(listFile('# nothing\n\n'))).toThrow('names no case');
  });
});

describe('listedCases', () => {
  it("keeps the cases' order and names the ids no case has", () => {
    const cases = [{ id: 'a-1' }, { id: 'b-2' }, { id: 'c-3' }];
    expect(listedCases(cases, ['c-3', 'zz', 'a-1'])).toEqual({
      listed: [{ id: 'a-1' }, { id: 'c-3' }],
      unknown: ['zz'],
    });
  });
});
