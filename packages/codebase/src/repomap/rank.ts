/**
 * Ranks the files and definitions of a repository for a focus: personalized PageRank over the
 * reference graph, then each file's rank spread over its outgoing edges to the (defining file,
 * identifier) pairs they carry, in proportion to their weights — as aider ranks its tags
 * (Aider-AI/aider `aider/repomap.py`, `get_ranked_tags`). Every defined name also gets
 * 0.1 × its file's rank, shared among the file's names, so that names nobody references (a
 * library's public entry points) still order by the importance of their file.
 */
import { buildReferenceGraph, IDENTIFIER_WEIGHTS, type ReferenceGraph } from './graph.js';
import { type PageRankOptions, personalizedPageRank } from './pagerank.js';
import { focusPersonalization } from './personalization.js';
import type { Definition, Focus, RankedFile, RepositoryIndex } from './types.js';

/** A defined name in one file, with the rank that flows to it. */
export interface RankedDefinition {
  path: string;
  name: string;
  /** Rank flowing to this name in this file, plus its share of the file's own; sums below 1. */
  rank: number;
  /** The file's definitions of this name (usually one; overloads and same-named methods share). */
  definitions: Definition[];
}

/** Everything {@link rankRepository} computes. */
export interface RepositoryRanking {
  graph: ReferenceGraph;
  /** Every indexed file, highest rank first (ties by path). */
  files: RankedFile[];
  /** Every (file, defined name) pair, highest rank first (ties by path, then name). */
  definitions: RankedDefinition[];
}

/** Options of the ranking functions: PageRank's. */
export type RankOptions = PageRankOptions;

/**
 * Builds the reference graph and ranks files and definitions for a focus.
 * @param index - the repository index.
 * @param focus - what to rank around; none gives the plain (uniform-teleport) PageRank.
 * @param options - see {@link PageRankOptions}.
 * @returns the graph, ranked files and ranked definitions.
 */
export function rankRepository(
  index: RepositoryIndex,
  focus: Focus = {},
  options: RankOptions = {},
): RepositoryRanking {
  const graph = buildReferenceGraph(index, { focus });
  const { ranks } = personalizedPageRank(
    graph.adjacency,
    focusPersonalization(graph, focus),
    options,
  );
  const files = [...ranks]
    .map(([path, rank]) => ({ path, rank }))
    .sort((a, b) => b.rank - a.rank || compare(a.path, b.path));
  return { graph, files, definitions: distributeRank(index, graph, ranks) };
}

/**
 * Ranks the files of a repository for a focus.
 * @param index - the repository index.
 * @param focus - what to rank around. Default none.
 * @param options - see {@link PageRankOptions}.
 * @returns every indexed file, highest rank first; ranks sum to 1.
 * @example rankFiles(index, { identifiers: ['parseQuery'] })[0].path // the file defining it, usually
 */
export function rankFiles(
  index: RepositoryIndex,
  focus?: Focus,
  options?: RankOptions,
): RankedFile[] {
  return rankRepository(index, focus, options).files;
}

/**
 * Ranks the defined names of a repository for a focus.
 * @param index - the repository index.
 * @param focus - what to rank around. Default none.
 * @param options - see {@link PageRankOptions}.
 * @returns every (file, defined name) pair, highest rank first.
 */
export function rankDefinitions(
  index: RepositoryIndex,
  focus?: Focus,
  options?: RankOptions,
): RankedDefinition[] {
  return rankRepository(index, focus, options).definitions;
}

function distributeRank(
  index: RepositoryIndex,
  { edges, definers, referencers, multipliers }: ReferenceGraph,
  ranks: ReadonlyMap<string, number>,
): RankedDefinition[] {
  const pairRanks = new Map<string, Map<string, number>>();
  const definitionsByName = new Map<string, Map<string, Definition[]>>();
  for (const file of index.files.values()) {
    const byName = new Map<string, Definition[]>();
    for (const definition of file.definitions) {
      const list = byName.get(definition.name);
      if (list === undefined) byName.set(definition.name, [definition]);
      else list.push(definition);
    }
    if (byName.size === 0) continue;
    definitionsByName.set(file.path, byName);
    const base = ((ranks.get(file.path) ?? 0) * IDENTIFIER_WEIGHTS.unreferenced) / byName.size;
    pairRanks.set(file.path, new Map([...byName.keys()].map((name) => [name, base])));
  }

  const shares = new Map<string, number>();
  for (const [source, targets] of edges) {
    let outWeight = 0;
    for (const { weight } of targets.values()) outWeight += weight;
    if (outWeight > 0) shares.set(source, (ranks.get(source) ?? 0) / outWeight);
  }
  // Edge R → D carries `multiplier × √count` of each name R references and D defines.
  for (const [name, multiplier] of multipliers) {
    const definingFiles = definers.get(name) as ReadonlySet<string>;
    for (const [referencer, count] of referencers.get(name) ?? []) {
      const flow = (shares.get(referencer) ?? 0) * multiplier * Math.sqrt(count);
      if (flow === 0) continue;
      for (const definer of definingFiles) {
        if (definer === referencer) continue;
        const names = pairRanks.get(definer) as Map<string, number>;
        names.set(name, (names.get(name) ?? 0) + flow);
      }
    }
  }

  const ranked: RankedDefinition[] = [];
  for (const [path, names] of pairRanks) {
    const byName = definitionsByName.get(path) as Map<string, Definition[]>;
    for (const [name, rank] of names)
      ranked.push({ path, name, rank, definitions: byName.get(name) ?? [] });
  }
  return ranked.sort(
    (a, b) => b.rank - a.rank || compare(a.path, b.path) || compare(a.name, b.name),
  );
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
