import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createHandBuiltRepository,
  type HandBuiltRepository,
} from './__fixtures__/hand-built-index.js';
import { issueReport, TINY_QUERY } from './__fixtures__/tiny-query.js';
import { diagnoseOffline } from './offline-diagnosis.js';
import { proseLines } from './prose-lines.js';

let repository: HandBuiltRepository;
beforeAll(async () => {
  repository = await createHandBuiltRepository(TINY_QUERY);
});
afterAll(() => repository.cleanup());

describe('proseLines', () => {
  it('reads a line named in prose, a compiler message and a permalink, by repository path', () => {
    const text = [
      'The merge goes wrong in lib/utils.js:8, see below.',
      '/home/me/tiny-query/lib/parse.js:15:3: warning: unused value',
      'Introduced in [this line](https://github.com/acme/tiny-query/blob/0a1b2c3/lib/stringify.js#L9-L11).',
      'Also lib/utils.js:4 (the first line of a file wins).',
    ].join('\n');
    expect([...proseLines(text, repository.index)]).toEqual([
      ['lib/utils.js', 8],
      ['lib/parse.js', 15],
      ['lib/stringify.js', 9],
    ]);
  });

  it('names no line of a file the repository lacks, nor one past its end, nor a version', () => {
    const text = 'lib/other.js:3, lib/utils.js:900, node v20.11:1 and README.md without a line';
    expect([...proseLines(text, repository.index)]).toEqual([]);
  });
});

describe('a suspect range at a line the report names', () => {
  it('is the definition holding the line, where the words alone point elsewhere', async () => {
    // Trial 49: a report naming `src/app.rs:354` got the function its words matched, 100 lines away.
    const words = 'parse values decode merge';
    const plain = await diagnoseOffline(issueReport('Values merge wrong', words), repository.index);
    const named = await diagnoseOffline(
      issueReport('Values merge wrong', `${words}\n\nIt happens at lib/parse.js:15.`),
      repository.index,
    );
    const rangeOf = (suspects: typeof named.suspects) =>
      suspects.find((suspect) => suspect.path === 'lib/parse.js')?.lines;
    expect(rangeOf(plain.suspects)).not.toEqual([14, 16]);
    expect(rangeOf(named.suspects)).toEqual([14, 16]);
  });
});
