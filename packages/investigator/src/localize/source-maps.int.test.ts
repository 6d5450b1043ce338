import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SourceMapGenerator } from 'source-map-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createHandBuiltRepository,
  type HandBuiltRepository,
} from './__fixtures__/hand-built-index.js';
import { mapFrame } from './frame-paths.js';
import { mapThroughSourceMap } from './source-maps.js';

function bundleMap(file: string): string {
  const generator = new SourceMapGenerator({ file });
  generator.addMapping({
    generated: { line: 1, column: 120 },
    original: { line: 7, column: 2 },
    source: 'webpack:///./src/cart/total.js',
  });
  return generator.toString();
}

let folder: string;
let repository: HandBuiltRepository;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'sightline-source-map-'));
  repository = await createHandBuiltRepository({
    'src/cart/total.js': {
      content:
        'export function total(items) {\n  let sum = 0;\n\n\n\n\n  sum += items[1].price;\n}\n',
      definitions: [{ name: 'total', kind: 'function', lines: [1, 8] }],
    },
    'src/other.js': { content: 'export const a = 1;\n' },
    'src/more.js': { content: 'export const b = 2;\n' },
    'dist/app.js': {
      content: `var a=1;${' '.repeat(110)}total();\n//# sourceMappingURL=app.js.map\n`,
      language: null,
    },
  });
  await writeFile(path.join(repository.root, 'dist/app.js.map'), bundleMap('app.js'));
  repository.index.files.delete('dist/app.js');
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
  await repository.cleanup();
});

describe('source maps', () => {
  it('maps a generated position to its original source (inline and file maps)', async () => {
    const inline = path.join(folder, 'inline.js');
    const encoded = Buffer.from(bundleMap('inline.js')).toString('base64');
    await writeFile(inline, `x();\n//# sourceMappingURL=data:application/json;base64,${encoded}\n`);
    expect(mapThroughSourceMap(inline, 1, 125)).toEqual({
      source: path.join(folder, 'src/cart/total.js'),
      line: 7,
    });
    expect(mapThroughSourceMap(path.join(folder, 'missing.js'), 1, 1)).toBeNull();
  });

  it('resolves a frame in an unindexed bundle to the indexed original', () => {
    const frame = { file: '/srv/app/dist/app.js', line: 1, column: 125, inApp: true, raw: '' };
    expect(mapFrame(repository.index, frame)).toEqual({
      path: 'src/cart/total.js',
      line: 7,
      via: 'source-map',
    });
  });
});
