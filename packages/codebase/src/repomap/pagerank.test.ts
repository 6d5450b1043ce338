import { DirectedGraph } from 'graphology';
import { describe, expect, it } from 'vitest';
import { personalizedPageRank } from './pagerank.js';

function graphOf(edges: [string, string, number][], nodes: string[] = []) {
  const graph = new DirectedGraph<Record<string, never>, { weight: number }>();
  for (const node of nodes) graph.mergeNode(node);
  for (const [source, target, weight] of edges) {
    graph.mergeNode(source);
    graph.mergeNode(target);
    graph.addDirectedEdge(source, target, { weight });
  }
  return graph;
}

function rounded(ranks: Map<string, number>, digits = 4) {
  return Object.fromEntries([...ranks].map(([node, rank]) => [node, Number(rank.toFixed(digits))]));
}

describe('personalizedPageRank', () => {
  it('matches the closed form of a two-node graph with a dangling node', () => {
    // A → B, B dangling: x_A = 0.425·x_B + 0.075 and x_A + x_B = 1, so x_A = 0.5 / 1.425.
    const { ranks, converged } = personalizedPageRank(graphOf([['A', 'B', 1]]));
    expect(converged).toBe(true);
    expect(ranks.get('A')).toBeCloseTo(0.5 / 1.425, 5);
    expect(ranks.get('B')).toBeCloseTo(1 - 0.5 / 1.425, 5);
  });

  it('gives a symmetric cycle uniform ranks', () => {
    const { ranks } = personalizedPageRank(
      graphOf([
        ['A', 'B', 1],
        ['B', 'C', 1],
        ['C', 'A', 1],
      ]),
    );
    expect(rounded(ranks)).toEqual({ A: 0.3333, B: 0.3333, C: 0.3333 });
  });

  it('follows edge weights', () => {
    const { ranks } = personalizedPageRank(
      graphOf([
        ['A', 'B', 9],
        ['A', 'C', 1],
        ['B', 'A', 1],
        ['C', 'A', 1],
      ]),
    );
    expect(ranks.get('B')).toBeGreaterThan(ranks.get('C') as number);
  });

  it('teleports and redistributes dangling mass by the personalization vector', () => {
    const graph = graphOf([], ['A', 'B', 'C']);
    const { ranks } = personalizedPageRank(
      graph,
      new Map([
        ['B', 3],
        ['C', 1],
        ['missing', 5],
      ]),
    );
    expect(rounded(ranks)).toEqual({ A: 0, B: 0.75, C: 0.25 });
  });

  it('moves rank towards personalized nodes', () => {
    const graph = graphOf([
      ['A', 'B', 1],
      ['B', 'A', 1],
      ['C', 'A', 1],
      ['D', 'A', 1],
    ]);
    const plain = personalizedPageRank(graph).ranks;
    const focused = personalizedPageRank(graph, new Map([['D', 1]])).ranks;
    expect(focused.get('D') as number).toBeGreaterThan(plain.get('D') as number);
    expect(focused.get('C')).toBe(0);
    expect([...focused.values()].reduce((a, b) => a + b)).toBeCloseTo(1, 10);
  });

  it('handles empty graphs, stops at maxIterations and rejects bad damping', () => {
    expect(personalizedPageRank(graphOf([]))).toEqual({
      ranks: new Map(),
      iterations: 0,
      converged: true,
    });
    const capped = personalizedPageRank(
      graphOf([
        ['A', 'B', 1],
        ['B', 'C', 1],
      ]),
      undefined,
      { maxIterations: 1 },
    );
    expect(capped).toMatchObject({ iterations: 1, converged: false });
    expect(() => personalizedPageRank(graphOf([]), undefined, { damping: 1 })).toThrow(RangeError);
  });
});
