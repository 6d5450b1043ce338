/**
 * Personalized PageRank by power iteration over a weighted directed graphology graph.
 * graphology's own `pagerank` has no personalization vector, so this follows the definition used
 * by networkx's `pagerank` (the implementation aider calls): teleport and dangling mass both go by
 * the personalization vector, and iteration stops when the L1 change falls under
 * `tolerance × number of nodes`.
 */
/** Options of {@link personalizedPageRank}. */
export interface PageRankOptions {
  /** Probability of following an edge rather than teleporting. Default 0.85. */
  damping?: number;
  /** Convergence threshold per node (L1 change ≤ tolerance × nodes). Default 1e-6. */
  tolerance?: number;
  /** Iteration cap. Default 100. */
  maxIterations?: number;
}

/** Result of {@link personalizedPageRank}. */
export interface PageRankResult {
  /** Score of every node; scores sum to 1 (empty for an empty graph). */
  ranks: Map<string, number>;
  /** Iterations run. */
  iterations: number;
  /** False when `maxIterations` ran out first (the ranks are then the last iterate). */
  converged: boolean;
}

/**
 * What PageRank reads of a graph: its nodes and each node's out-edges with a numeric `weight`
 * (edges with weight ≤ 0 are ignored). Any graphology graph with such edges fits.
 */
export interface WeightedGraph {
  nodes(): readonly string[];
  forEachOutEdge(
    node: string,
    callback: (
      edge: string,
      attributes: { weight: number },
      source: string,
      target: string,
    ) => void,
  ): void;
}

/**
 * Computes personalized PageRank.
 * @param graph - directed graph (a graphology graph, or any {@link WeightedGraph}); parallel
 *   edges add up, self-loops count.
 * @param personalization - teleport weight per node key (need not sum to 1; keys not in the graph
 *   and weights ≤ 0 are ignored). Uniform when absent or when no weight is positive.
 * @param options - see {@link PageRankOptions}.
 * @returns the ranks, the iteration count and whether it converged.
 * @throws RangeError when `damping` is outside [0, 1).
 */
export function personalizedPageRank(
  graph: WeightedGraph,
  personalization?: ReadonlyMap<string, number>,
  { damping = 0.85, tolerance = 1e-6, maxIterations = 100 }: PageRankOptions = {},
): PageRankResult {
  if (!(damping >= 0 && damping < 1))
    throw new RangeError(`damping must be in [0, 1), got ${damping}`);
  const nodes = graph.nodes();
  const count = nodes.length;
  if (count === 0) return { ranks: new Map(), iterations: 0, converged: true };
  const position = new Map(nodes.map((node, i) => [node, i]));

  const teleport = teleportVector(nodes, personalization);

  // Compressed adjacency: out-edges of node i are targets[starts[i]..starts[i+1]), with weights
  // already divided by the node's total out-weight.
  const starts = new Int32Array(count + 1);
  const targets: number[] = [];
  const shares: number[] = [];
  const dangling: number[] = [];
  for (let i = 0; i < count; i++) {
    starts[i] = targets.length;
    let total = 0;
    const from = targets.length;
    graph.forEachOutEdge(nodes[i] as string, (_edge, attributes, _source, target) => {
      if (!(attributes.weight > 0)) return;
      targets.push(position.get(target) as number);
      shares.push(attributes.weight);
      total += attributes.weight;
    });
    if (total === 0) dangling.push(i);
    for (let k = from; k < shares.length; k++) shares[k] = (shares[k] as number) / total;
  }
  starts[count] = targets.length;

  let rank = new Float64Array(count).fill(1 / count);
  let next = new Float64Array(count);
  for (let iteration = 1; iteration <= maxIterations; iteration++) {
    let danglingMass = 0;
    for (const i of dangling) danglingMass += rank[i] as number;
    danglingMass *= damping;
    for (let i = 0; i < count; i++) {
      next[i] = (danglingMass + 1 - damping) * (teleport[i] as number);
    }
    for (let i = 0; i < count; i++) {
      const flow = damping * (rank[i] as number);
      for (let k = starts[i] as number; k < (starts[i + 1] as number); k++) {
        const target = targets[k] as number;
        next[target] = (next[target] as number) + flow * (shares[k] as number);
      }
    }
    let change = 0;
    for (let i = 0; i < count; i++) change += Math.abs((next[i] as number) - (rank[i] as number));
    [rank, next] = [next, rank];
    if (change < count * tolerance)
      return { ranks: toMap(nodes, rank), iterations: iteration, converged: true };
  }
  return { ranks: toMap(nodes, rank), iterations: maxIterations, converged: false };
}

function teleportVector(
  nodes: readonly string[],
  personalization?: ReadonlyMap<string, number>,
): Float64Array {
  const vector = new Float64Array(nodes.length);
  let total = 0;
  if (personalization !== undefined) {
    nodes.forEach((node, i) => {
      const weight = personalization.get(node) ?? 0;
      if (weight > 0) {
        vector[i] = weight;
        total += weight;
      }
    });
  }
  if (total === 0) return vector.fill(1 / nodes.length);
  return vector.map((weight) => weight / total);
}

function toMap(nodes: readonly string[], rank: Float64Array): Map<string, number> {
  return new Map(nodes.map((node, i) => [node, rank[i] as number]));
}
