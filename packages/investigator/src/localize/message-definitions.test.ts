// Class 6 of issue #13: types and members named in the error message, not in the frames. The
// frames point only into the user's own script (outside the repository); the message alone names
// the type and member, and the file defining them must rank first. The shape is that of a Python
// library whose many classes all define `__init__` and `write`, some of them the keyword the
// message names.
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
    'tablekit/formats/rst.py': pythonClassFile('RST', ['__init__', 'write', 'read']),
    'tablekit/sitemaps/sitemap.py': pythonClassFile('Sitemap', ['__init__', 'items', 'location']),
  };
  for (const format of ['csv', 'html', 'latex', 'json', 'markdown', 'fixed_width', 'ecsv']) {
    const type = format.replace(/(^|_)(\w)/g, (_all, _sep, letter: string) => letter.toUpperCase());
    files[`tablekit/formats/${format}.py`] = pythonClassFile(type, ['__init__', 'write', 'read']);
  }
  for (const app of ['pages', 'news', 'shop']) {
    files[`tablekit/sitemaps/${app}.py`] = pythonClassFile(
      `${app[0]?.toUpperCase()}${app.slice(1)}Map`,
      ['__init__', 'items', 'lastmod'],
    );
  }
  // The formats that already take the keyword: the words of the message point at them.
  for (const [file, type] of [
    ['fixed_width', 'FixedWidth'],
    ['html', 'Html'],
  ] as const) {
    const taking = pythonClassFile(type, ['__init__', 'write', 'read']);
    const content = taking.content.replace(
      'def __init__(self, value)',
      'def __init__(self, header_rows=None)',
    );
    files[`tablekit/formats/${file}.py`] = { ...taking, content };
  }
  repository = await createHandBuiltRepository(files);
});
afterAll(() => repository.cleanup());

const reportOf = (message: string) =>
  parseReport(
    [
      'It fails when I pass the option, the docs say it is supported.',
      '',
      'Traceback (most recent call last):',
      '  File "/home/user/project/make_table.py", line 12, in <module>',
      '    main()',
      '  File "/home/user/project/make_table.py", line 8, in main',
      '    run(table)',
      message,
    ].join('\n'),
  );

describe('definitions named by the message alone', () => {
  it('ranks the type of an unexpected keyword argument first, at its __init__', () => {
    const suspects = localize(
      reportOf("TypeError: RST.__init__() got an unexpected keyword argument 'header_rows'"),
      repository.index,
    );
    expect(suspects[0]).toMatchObject({ path: 'tablekit/formats/rst.py', symbol: 'RST.__init__' });
  });

  it('ranks the type of a missing attribute first', () => {
    const suspects = localize(
      reportOf("AttributeError: 'Sitemap' object has no attribute 'get_latest_lastmod'"),
      repository.index,
    );
    expect(suspects[0]?.path).toBe('tablekit/sitemaps/sitemap.py');
  });
});
