import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createHandBuiltRepository,
  type HandBuiltRepository,
} from './__fixtures__/hand-built-index.js';
import { isThirdPartyAsset } from './file-roles.js';
import { sourceOfBundleLine, twinOfUnindexed } from './generated-frames.js';

const SCOPE = `export function mangleNames(options) {
  const defs = new Set();
  walk(toplevel, (node) => {
    if (node instanceof VarDef && node.value instanceof Lambda) {
      defs.add(node.name.definition().id);
    }
  });
}
`;
const AST = `export function walk(node, visit) {
  visit(node);
  for (const child of node.children) walk(child, visit);
}
`;

let repository: HandBuiltRepository;
beforeAll(async () => {
  repository = await createHandBuiltRepository({
    'lib/scope.js': {
      content: SCOPE,
      definitions: [{ name: 'mangleNames', kind: 'function', lines: [1, 8] }],
    },
    'lib/ast.js': {
      content: AST,
      definitions: [{ name: 'walk', kind: 'function', lines: [1, 4] }],
    },
    'dist/bundle.js': {
      content: `(function () {\n${AST}${SCOPE}})();\n`,
      definitions: [
        { name: 'walk', kind: 'function', lines: [2, 5] },
        { name: 'mangleNames', kind: 'function', lines: [6, 13] },
      ],
    },
    'esm/plugin/timezone/index.js': {
      content: 'export default function tz() {}\n',
      definitions: [{ name: 'tz', kind: 'function', lines: [1, 1] }],
    },
  });
});
afterAll(() => repository.cleanup());

describe('frames into generated code', () => {
  it('traces a bundle line back to the one source file that holds it', () => {
    expect(sourceOfBundleLine(repository.index, 'dist/bundle.js', 10)).toEqual({
      path: 'lib/scope.js',
      line: 5,
    });
  });

  it('gives up on a line too short to identify its source', () => {
    expect(sourceOfBundleLine(repository.index, 'dist/bundle.js', 5)).toBeNull();
  });

  it('resolves a file the walk left out to its indexed twin', () => {
    expect(twinOfUnindexed(repository.index, 'plugin/timezone.js')).toBe(
      'esm/plugin/timezone/index.js',
    );
    expect(twinOfUnindexed(repository.index, 'lib/ast.js')).toBeNull();
  });
});

describe('third-party assets', () => {
  it('recognises a versioned or minified library copied under an asset folder', () => {
    expect(isThirdPartyAsset('app/static/js/jquery-3.5.1.js')).toBe(true);
    expect(isThirdPartyAsset('public/vendor/select2.min.js')).toBe(true);
    expect(isThirdPartyAsset('app/static/js/editor.js')).toBe(false);
    expect(isThirdPartyAsset('lib/parser-2.js')).toBe(false);
  });
});
