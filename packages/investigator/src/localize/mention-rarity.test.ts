// Class 5 of issue #13: a mention is weighed by how rare the name is among the repository's
// definitions; environment boilerplate is not code; a vendored library in the assets never wins
// on a name. The shape is that of a Python web package with many classes (each with __init__),
// an `index` view in several apps, and a copy of jQuery under static/.
import { parseReport } from '@sightline/intake';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createHandBuiltRepository,
  type HandBuiltFile,
  type HandBuiltRepository,
  pythonClassFile,
} from './__fixtures__/hand-built-index.js';
import { localize } from './localize.js';

let repository: HandBuiltRepository;
beforeAll(async () => {
  const files: Record<string, HandBuiltFile> = {
    'shopkit/query/urlparse.py': pythonClassFile('QueryParser', ['__init__', 'parse_qsl_strict']),
    'static/js/jquery-3.5.1.js': {
      content: `${Array.from({ length: 40 }, (_, line) => `// jquery ${line}`).join('\n')}\n`,
      definitions: [{ name: 'parse_qsl_strict', kind: 'function', lines: [3, 30] }],
    },
    'shopkit/platform/darwin.py': pythonClassFile('Darwin', ['__init__', 'version']),
  };
  for (const app of ['cart', 'orders', 'users', 'catalog', 'search', 'admin', 'api', 'billing']) {
    files[`shopkit/${app}/views.py`] = pythonClassFile(
      `${app[0]?.toUpperCase()}${app.slice(1)}View`,
      ['__init__', 'index'],
    );
  }
  repository = await createHandBuiltRepository(files);
});
afterAll(() => repository.cleanup());

const report = parseReport({
  title: 'parse_qsl_strict drops blank values',
  body: [
    'Calling `QueryParser.parse_qsl_strict("a=&b=2")` from our `index` view gives only `b`; the',
    'blank value of `a` is lost. The `__init__` of the parser takes keep_blank_values=True.',
    '',
    '## Environment',
    '- OS: Darwin 23.1.0',
    '- shopkit version: 4.2.1',
    '- Python 3.11.4',
  ].join('\n'),
});

describe('mentions weighed by rarity', () => {
  it('ranks the file defining the rare name first', () => {
    const [first] = localize(report, repository.index);
    expect(first).toMatchObject({
      path: 'shopkit/query/urlparse.py',
      symbol: 'QueryParser.parse_qsl_strict',
    });
  });

  it('never lets a vendored library in the assets win on a name', () => {
    const paths = localize(report, repository.index).map((suspect) => suspect.path);
    const jquery = paths.indexOf('static/js/jquery-3.5.1.js');
    expect(jquery === -1 || jquery > paths.indexOf('shopkit/query/urlparse.py')).toBe(true);
  });

  it('gives a name defined in many files little weight in each', () => {
    const suspects = localize(report, repository.index);
    const views = suspects.filter((suspect) => suspect.path.endsWith('/views.py'));
    const urlparse = suspects.find((suspect) => suspect.path === 'shopkit/query/urlparse.py');
    for (const view of views) expect(view.score).toBeLessThan((urlparse?.score ?? 0) / 2);
  });

  it('does not read the environment section as code', () => {
    const suspects = localize(report, repository.index);
    const darwin = suspects.find((suspect) => suspect.path === 'shopkit/platform/darwin.py');
    expect(darwin?.evidence.some((line) => /darwin|version/i.test(line)) ?? false).toBe(false);
  });
});
