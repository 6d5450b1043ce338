// Class 3 of issue #13: frames are resolved by the longest matching path suffix, and an
// ambiguous base name is not evidence. The shape is that of a published package whose code lives
// in build/ behind a one-line root re-export (`index.cjs`), beside same-named files elsewhere.
import { parseReport } from '@sightline/intake';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createHandBuiltRepository,
  type HandBuiltRepository,
} from './__fixtures__/hand-built-index.js';
import { localize } from './localize.js';

const lines = (count: number, text: (line: number) => string) =>
  Array.from({ length: count }, (_, line) => text(line + 1)).join('\n');

let repository: HandBuiltRepository;
beforeAll(async () => {
  repository = await createHandBuiltRepository({
    'index.cjs': { content: "module.exports = require('./build/index.cjs');\n" },
    'build/index.cjs': {
      content: lines(80, (line) => `  // compiled line ${line}`),
      definitions: [
        { name: 'compileSchema', kind: 'function', lines: [10, 40] },
        { name: 'validate', kind: 'function', lines: [42, 70] },
      ],
    },
    'lib/index.js': {
      content: lines(30, (line) => `// lib ${line}`),
      definitions: [{ name: 'load', kind: 'function', lines: [2, 20] }],
    },
    'test/index.js': {
      content: lines(30, (line) => `// test ${line}`),
      definitions: [{ name: 'suite', kind: 'function', lines: [1, 30] }],
    },
  });
});
afterAll(() => repository.cleanup());

const crash = (frame: string) =>
  parseReport({
    title: "TypeError: Cannot read properties of undefined (reading 'type')",
    body: [
      "TypeError: Cannot read properties of undefined (reading 'type')",
      `    at ${frame}`,
      '    at Object.<anonymous> (/srv/app/src/server.js:4:1)',
      '    at Module._compile (node:internal/modules/cjs/loader:1554:14)',
    ].join('\n'),
  });

describe('frames resolved by the longest path suffix', () => {
  it('puts build/index.cjs first, not the root index.cjs sharing its file name', () => {
    const suspects = localize(
      crash('compileSchema (/srv/app/node_modules/schemakit/build/index.cjs:25:11)'),
      repository.index,
      { packageName: 'schemakit' },
    );
    expect(suspects[0]).toMatchObject({
      path: 'build/index.cjs',
      lines: [10, 40],
      symbol: 'compileSchema',
    });
    const root = suspects.find((suspect) => suspect.path === 'index.cjs');
    expect(root?.evidence.some((line) => line.includes('frame')) ?? false).toBe(false);
  });

  it('takes no evidence from a frame whose only match is an ambiguous base name', () => {
    const suspects = localize(crash('load (/tmp/worker/index.js:7:3)'), repository.index, {
      packageName: 'schemakit',
    });
    const framed = suspects.filter((suspect) =>
      suspect.evidence.some((line) => line.includes('frame')),
    );
    expect(framed).toEqual([]);
  });
});
