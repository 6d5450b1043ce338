import { describe, expect, it } from 'vitest';
import { handIndex } from './__fixtures__/hand-index.js';
import { buildReferenceGraph, fanIn, identifierMultiplier } from './graph.js';

describe('identifierMultiplier', () => {
  it('applies aider factors', () => {
    expect(identifierMultiplier('run', 1, false)).toBe(1);
    expect(identifierMultiplier('run', 1, true)).toBe(10);
    expect(identifierMultiplier('parseQuery', 1, false)).toBe(10);
    expect(identifierMultiplier('parse_query', 1, false)).toBe(10);
    expect(identifierMultiplier('parse-query', 1, false)).toBe(10);
    expect(identifierMultiplier('parsequery', 1, false)).toBe(1);
    expect(identifierMultiplier('parseQ', 1, false)).toBe(1);
    expect(identifierMultiplier('_x', 1, false)).toBeCloseTo(0.1);
    expect(identifierMultiplier('run', 6, false)).toBeCloseTo(0.1);
    expect(identifierMultiplier('run', 5, false)).toBe(1);
    expect(identifierMultiplier('_parseQuery', 6, true)).toBeCloseTo(10 * 10 * 0.1 * 0.1);
  });
});

describe('buildReferenceGraph', () => {
  const index = handIndex({
    'a.ts': {
      definitions: ['main'],
      references: ['helper', 'helper', 'helper', 'helper', 'parseQuery'],
    },
    'b.ts': { definitions: ['helper', 'parseQuery', 'unused'], references: ['helper'] },
    'c.ts': { references: ['helper'] },
    'README.md': {},
  });

  it('links referencing files to other defining files with sqrt-scaled, multiplied weights', () => {
    const { graph } = buildReferenceGraph(index);
    expect(graph.order).toBe(4);
    const edges = graph.mapEdges((_edge, attributes, source, target) => ({
      source,
      target,
      weight: attributes.weight,
    }));
    const byEnds = (x: { source: string; target: string }, y: { source: string; target: string }) =>
      `${x.source}>${x.target}`.localeCompare(`${y.source}>${y.target}`);
    expect(edges.sort(byEnds)).toEqual(
      [
        // helper: √4 × 1; parseQuery: √1 × 10 (long camelCase)
        { source: 'a.ts', target: 'b.ts', weight: 12 },
        { source: 'c.ts', target: 'b.ts', weight: 1 },
      ].sort(byEnds),
    );
  });

  it('keeps the name tables and iterates the same edges without graphology', () => {
    const built = buildReferenceGraph(index);
    expect(
      built.groups.map(({ referencer, name, weight, targets }) => [
        referencer,
        name,
        weight,
        Object.fromEntries(targets),
      ]),
    ).toEqual([
      ['a.ts', 'helper', 2, { 'b.ts': 1 }],
      ['a.ts', 'parseQuery', 10, { 'b.ts': 1 }],
      ['c.ts', 'helper', 1, { 'b.ts': 1 }],
    ]);
    expect(Object.fromEntries(built.referencers.get('helper') ?? [])).toEqual({
      'a.ts': 4,
      'b.ts': 1,
      'c.ts': 1,
    });
    const seen: [string, string, number][] = [];
    for (const node of built.adjacency.nodes()) {
      built.adjacency.forEachOutEdge(node, (_edge, { weight }, source, target) =>
        seen.push([source, target, weight]),
      );
    }
    expect(seen).toEqual([
      ['a.ts', 'b.ts', 12],
      ['c.ts', 'b.ts', 1],
    ]);
  });

  it('weighs identifiers mentioned in the focus ten times more', () => {
    const { graph } = buildReferenceGraph(index, { focus: { identifiers: ['helper'] } });
    expect(graph.getEdgeAttribute('c.ts', 'b.ts', 'weight')).toBe(10);
  });
});

describe('fanIn', () => {
  const index = handIndex({
    'lib/util.ts': { definitions: ['format'], references: ['format'] },
    'a.ts': { references: ['format', 'format'] },
    'b.ts': { references: ['format'] },
    'c.ts': { definitions: ['format'] },
  });

  it('counts the other files referencing a definition', () => {
    expect(fanIn(buildReferenceGraph(index), 'lib/util.ts', 'format')).toBe(2);
    expect(fanIn(index, 'c.ts', 'format')).toBe(3);
  });

  it('is 0 when the file does not define the name or nobody references it', () => {
    expect(fanIn(index, 'a.ts', 'format')).toBe(0);
    expect(fanIn(index, 'lib/util.ts', 'missing')).toBe(0);
    expect(fanIn(handIndex({ 'x.ts': { definitions: ['alone'] } }), 'x.ts', 'alone')).toBe(0);
  });
});
