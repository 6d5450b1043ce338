import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createHandBuiltRepository,
  type HandBuiltRepository,
} from './__fixtures__/hand-built-index.js';
import { issueReport, TINY_QUERY } from './__fixtures__/tiny-query.js';
import { calledInInlineCode, collectReportSignals } from './report-signals.js';

describe('calledInInlineCode', () => {
  it('finds calls inside chains and arguments, not keywords or prose', () => {
    expect(
      calledInInlineCode(
        'Calling `TimeSpan.FromMinutes(50).Humanize(2, null, TimeUnit.Hour)` returns "1 hour" ' +
          '(the docs say so (really)); `if (x) return format(x)` and `Humanize(2)` are fine.',
      ),
    ).toEqual(['FromMinutes', 'Humanize', 'format']);
  });

  it('reads nothing outside inline code', () => {
    expect(calledInInlineCode('parse(str) fails\n```js\nstringify(a)\n```')).toEqual([]);
  });
});

describe('collectReportSignals: calls in inline code', () => {
  let repository: HandBuiltRepository;
  beforeAll(async () => {
    repository = await createHandBuiltRepository(TINY_QUERY);
  });
  afterAll(() => repository.cleanup());

  it('counts a function the report calls in a snippet as mentioned', () => {
    const report = issueReport(
      'Plus signs are kept',
      'With `qs.parse("a=b+c").a.split(" ")` I get one word; `decode("b+c")` keeps the plus.',
      ['qs.parse'],
    );
    const { identifiers } = collectReportSignals(report, repository.index);
    expect(identifiers).toEqual(expect.arrayContaining(['parse', 'decode']));
  });
});
