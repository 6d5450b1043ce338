import { describe, expect, it } from 'vitest';
import { handIndex } from './__fixtures__/hand-index.js';
import { buildReferenceGraph } from './graph.js';
import { focusPersonalization } from './personalization.js';

/** The vector expected from raw focus weights: 95 % by weight, 5 % uniform over the 5 files. */
function expected(raw: Record<string, number>): Record<string, number> {
  const total = Object.values(raw).reduce((sum, weight) => sum + weight, 0);
  const files = ['src/parser.ts', 'src/lexer.ts', 'src/stringify.ts', 'src/cli.ts', 'README.md'];
  return Object.fromEntries(files.map((path) => [path, 0.01 + ((raw[path] ?? 0) / total) * 0.95]));
}

function rounded(weights: Map<string, number>): Record<string, number> {
  return Object.fromEntries(
    [...weights].map(([path, weight]) => [path, Number(weight.toFixed(9))]),
  );
}

function roundedRecord(weights: Record<string, number>): Record<string, number> {
  return rounded(new Map(Object.entries(weights)));
}

describe('focusPersonalization', () => {
  const graph = buildReferenceGraph(
    handIndex({
      'src/parser.ts': { definitions: ['parse'] },
      'src/lexer.ts': { definitions: ['tokenize', 'parse'] },
      'src/stringify.ts': { definitions: ['render'] },
      'src/cli.ts': {},
      'README.md': {},
    }),
  );

  it('is empty (uniform teleport) without a focus or when nothing matches', () => {
    expect(focusPersonalization(graph)).toEqual(new Map());
    expect(focusPersonalization(graph, { paths: ['nope.ts'], identifiers: ['nothing'] })).toEqual(
      new Map(),
    );
  });

  it('weighs frames most, the innermost most of all, and keeps the best frame of a file', () => {
    const weights = focusPersonalization(graph, {
      frames: [
        { path: 'src/lexer.ts', line: 3 },
        { path: 'src/parser.ts' },
        { path: 'src/lexer.ts' },
      ],
      paths: ['README.md'],
    });
    expect(rounded(weights)).toEqual(
      roundedRecord(expected({ 'src/lexer.ts': 4, 'src/parser.ts': 3, 'README.md': 1 })),
    );
  });

  it('spreads identifiers over their defining files and adds files named after them', () => {
    const weights = focusPersonalization(graph, {
      identifiers: ['parse', 'tokenize', 'stringify', 'src'],
    });
    const raw = {
      'src/parser.ts': 0.5 + 1,
      'src/lexer.ts': 0.5 + 1 + 1,
      'src/stringify.ts': 1, // named after `stringify` and in `src`: counted once, as aider does
      'src/cli.ts': 1,
    };
    expect(rounded(weights)).toEqual(roundedRecord(expected(raw)));
  });
});
