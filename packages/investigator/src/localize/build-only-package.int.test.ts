// Classes 1 and 2 of issue #13 end to end, indexed by tree-sitter: a published package whose code
// lives only in `dist/` behind a root re-export is indexed with its code, and a frame into
// `node_modules/<pkg>/dist/` lands on it; a path the report quotes that is an empty file never
// becomes a suspect, and the rest of the offline diagnosis stands and verifies.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { indexRepository, type RepositoryIndex } from '@sightline/codebase';
import { parseReport } from '@sightline/intake';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyDiagnosis } from '../diagnosis/verify-diagnosis.js';
import { localize } from './localize.js';
import { diagnoseOffline } from './offline-diagnosis.js';

const FILES: Record<string, string> = {
  'package.json': '{"name":"tiny-csv","main":"index.js"}\n',
  'index.js': "'use strict';\nmodule.exports = require('./dist/index.js');\n",
  'dist/index.js': [
    "'use strict';",
    "const { splitRow } = require('./split.js');",
    '',
    'function parse(text, options) {',
    '  const rows = text.split(options.newline);',
    '  return rows.map((row) => splitRow(row, options.delimiter));',
    '}',
    '',
    'module.exports = { parse };',
    '',
  ].join('\n'),
  'dist/split.js': [
    "'use strict';",
    '',
    'function splitRow(row, delimiter) {',
    '  const quoted = row.match(delimiter.pattern);',
    '  return quoted ? quoted.slice(1) : row.split(delimiter);',
    '}',
    '',
    'module.exports = { splitRow };',
    '',
  ].join('\n'),
  'dist/constants.js': '',
  'README.md': '# tiny-csv\n\nParses CSV.\n',
};

let root: string;
let index: RepositoryIndex;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'sightline-build-only-'));
  for (const [file, content] of Object.entries(FILES)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), content);
  }
  index = await indexRepository(root, { cacheDir: false });
});
afterAll(() => rm(root, { recursive: true, force: true }));

const report = parseReport(
  [
    "TypeError: Cannot read properties of undefined (reading 'pattern')",
    '    at splitRow (/app/node_modules/tiny-csv/dist/split.js:4:34)',
    '    at Array.map (<anonymous>)',
    '    at parse (/app/node_modules/tiny-csv/dist/index.js:6:15)',
    '    at Object.<anonymous> (/app/import.js:3:1)',
    '',
    'Parsing without a delimiter crashes. I looked at `dist/constants.js` for the default',
    'delimiter but it is empty in the published package.',
  ].join('\n'),
);

describe('a package whose code lives only in dist/', () => {
  it('indexes the build folder, with its definitions', () => {
    expect([...index.files.keys()]).toEqual(
      expect.arrayContaining(['dist/index.js', 'dist/split.js']),
    );
    expect(
      index.files.get('dist/split.js')?.definitions.map((definition) => definition.name),
    ).toContain('splitRow');
  });

  it('puts the innermost frame’s function first, never the empty file the report quotes', () => {
    const suspects = localize(report, index);
    expect(suspects[0]).toMatchObject({ path: 'dist/split.js', symbol: 'splitRow' });
    expect(suspects.map((suspect) => suspect.path)).not.toContain('dist/constants.js');
  });

  it('writes an offline diagnosis that verifies', async () => {
    const diagnosis = await diagnoseOffline(report, index, { suspects: localize(report, index) });
    expect(diagnosis.suspects.length).toBeGreaterThan(0);
    expect((await verifyDiagnosis(diagnosis, root)).errors).toEqual([]);
  });
});
