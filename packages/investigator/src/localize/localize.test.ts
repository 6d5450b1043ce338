import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createHandBuiltRepository,
  type HandBuiltRepository,
} from './__fixtures__/hand-built-index.js';
import { decodeCrashReport, issueReport, TINY_QUERY } from './__fixtures__/tiny-query.js';
import { localize } from './localize.js';

let repository: HandBuiltRepository;
beforeAll(async () => {
  repository = await createHandBuiltRepository(TINY_QUERY);
});
afterAll(() => repository.cleanup());

describe('localize with a stack trace', () => {
  it('puts the innermost in-app frame first with its enclosing definition, callers next', () => {
    const suspects = localize(decodeCrashReport(), repository.index);
    expect(
      suspects.slice(0, 2).map(({ path, lines, symbol }) => ({ path, lines, symbol })),
    ).toEqual([
      { path: 'lib/utils.js', lines: [3, 5], symbol: 'decode' },
      { path: 'lib/parse.js', lines: [4, 12], symbol: 'parseValues' },
    ]);
    expect(suspects[0]?.evidence[0]).toBe(
      'innermost in-app frame: lib/utils.js:4 in decode, where TypeError was raised',
    );
    expect(suspects[1]?.evidence).toContain(
      'in-app frame 2 of the stack (a caller): lib/parse.js:9 in parseValues',
    );
  });

  it('takes the range of the heaviest frame in a file that gives a line', () => {
    // A minified caller printed without a line (`at a (…/parse.js)`) sits above the frame that
    // has one; the suspect's lines are the function around the frame with a line.
    const report = decodeCrashReport();
    const [exception] = report.exceptions;
    if (!exception) throw new Error('fixture without an exception');
    const frames = exception.frames.map((frame) =>
      frame.function === 'parseValues' ? { ...frame, function: 'a', line: undefined } : frame,
    );
    const suspects = localize(
      { ...report, exceptions: [{ ...exception, frames }] },
      repository.index,
    );
    expect(suspects.find((suspect) => suspect.path === 'lib/parse.js')).toMatchObject({
      lines: [14, 16],
      symbol: 'parse',
    });
  });

  it('reads frames under node_modules/<this package>/ and nothing from other packages', () => {
    const suspects = localize(decodeCrashReport(), repository.index);
    expect(suspects.some((suspect) => suspect.path.includes('router'))).toBe(false);
    const elsewhere = localize(decodeCrashReport(), repository.index, {
      packageName: 'another-name',
    });
    expect(
      elsewhere.flatMap((suspect) => suspect.evidence).some((line) => line.includes('frame')),
    ).toBe(false);
  });
});

describe('localize without a trace', () => {
  const cyclic = issueReport(
    "stringify throws 'Cyclic object value' when the same array is used under two keys",
    'qs.stringify({ x: a, y: a }) throws RangeError although nothing is cyclic.',
  );

  it('ranks by the report words, and puts the test file below the code it tests', () => {
    const paths = localize(cyclic, repository.index).map((suspect) => suspect.path);
    expect(paths[0]).toBe('lib/stringify.js');
    expect(paths.indexOf('test/stringify.test.js')).toBeGreaterThan(0);
    const test = localize(cyclic, repository.index).find((suspect) =>
      suspect.path.startsWith('test/'),
    );
    expect(test?.evidence).toContain('demoted: test file');
  });

  it('picks the definition that matches best as the range', () => {
    const report = issueReport(
      'Values split on the wrong delimiter',
      'parse ignores options.delimiter for parts',
    );
    expect(localize(report, repository.index)[0]).toMatchObject({
      path: 'lib/parse.js',
      lines: [4, 12],
      symbol: 'parseValues',
    });
  });

  it('returns nothing for a report that names nothing in the repository', () => {
    expect(localize(issueReport('Zzz', 'qwerty'), repository.index)).toEqual([]);
  });

  it('is deterministic, within one index and across fresh ones', async () => {
    const first = localize(cyclic, repository.index);
    expect(localize(cyclic, repository.index)).toEqual(first);
    const again = await createHandBuiltRepository(TINY_QUERY);
    try {
      expect(localize(cyclic, again.index)).toEqual(first);
    } finally {
      await again.cleanup();
    }
  });

  it('respects the limit', () => {
    expect(localize(cyclic, repository.index, { limit: 1 })).toHaveLength(1);
  });
});
