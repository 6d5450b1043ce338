/**
 * Frames that point into a bundle shipped without a source map (`dist/` is not indexed when the
 * sources are there): they resolve through the definition their function name names.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { indexRepository } from '@sightline/codebase';
import { parseReport } from '@sightline/intake';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localize } from './localize.js';

const FILES: Record<string, string> = {
  'package.json': '{"name": "tiny-md"}\n',
  'lib/rules/table.js': 'export function table(state) {\n  return state.lines.length;\n}\n',
  'lib/renderer.js':
    'export const rules = {\n  table: function (tokens) {\n    return tokens;\n  },\n};\n',
  'lib/parser.js':
    'import { table } from "./rules/table.js";\nexport class Parser {\n  tokenize(state) {\n    return table(state);\n  }\n}\n',
  'dist/tiny-md.cjs': `${'// bundled\n'.repeat(40)}function table(state) { return state.lines.length; }\n`,
};

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'sightline-bundle-frames-'));
  for (const [relative, content] of Object.entries(FILES)) {
    await mkdir(path.dirname(path.join(root, relative)), { recursive: true });
    await writeFile(path.join(root, relative), content);
  }
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('localize with frames in a bundle without a source map', () => {
  it('maps each frame to the source definition its function name names', async () => {
    const index = await indexRepository(root, { cacheDir: false });
    expect(index.files.has('dist/tiny-md.cjs')).toBe(false);
    const report = parseReport(
      [
        "TypeError: Cannot read properties of undefined (reading 'length')",
        '    at table (/app/node_modules/tiny-md/dist/tiny-md.cjs:41:40)',
        '    at Parser.tokenize (/app/node_modules/tiny-md/dist/tiny-md.cjs:80:12)',
        '    at Object.<anonymous> (/app/index.js:3:1)',
      ].join('\n'),
    );
    const suspects = localize(report, index);
    // `table` is defined in two files; the one named after it wins.
    expect(suspects.slice(0, 2).map((suspect) => [suspect.path, suspect.symbol])).toEqual([
      ['lib/rules/table.js', 'table'],
      ['lib/parser.js', 'Parser.tokenize'],
    ]);
    expect(suspects[0]?.evidence[0]).toContain('matched by its function name');
  });
});
