/**
 * Ranks the files and definitions of a repository for a focus: personalized PageRank over the
 * reference graph, then each file's rank spread over its outgoing edges to the (defining file,
 * identifier) pairs they carry, in proportion to their weights — as aider ranks its tags
 * (Aider-AI/aider `aider/repomap.py`, `get_ranked_tags`). Every defined name also gets
 * 0.1 × its file's rank, shared among the file's names, so that names nobody references (a
 * library's public entry points) still order by the importance of their file; a Go type also gets
 * half of the rank of its methods, which Go declares outside the type.
 */
import { buildReferenceGraph, IDENTIFIER_WEIGHTS, type ReferenceGraph } from './graph.js';
import { type PageRankOptions, personalizedPageRank } from './pagerank.js';
import { focusPersonalization } from './personalization.js';
import { folderOf } from './resolve-references.js';
import type { Definition, Focus, RankedFile, RepositoryIndex } from './types.js';

/** A defined name in one file, with the rank that flows to it. */
export interface RankedDefinition {
  path: string;
  name: string;
  /**
   * Rank flowing to this name in this file, plus its share of the file's own (and, for a Go type,
   * half of its methods' ranks).
   */
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
  { edges, groups }: ReferenceGraph,
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
  // Edge R → D carries `weight × share` of each reference group of R crediting D.
  for (const group of groups) {
    const flow = (shares.get(group.referencer) ?? 0) * group.weight;
    if (flow === 0) continue;
    for (const [definer, share] of group.targets) {
      const names = pairRanks.get(definer) as Map<string, number>;
      names.set(group.name, (names.get(group.name) ?? 0) + flow * share);
    }
  }
  creditReceiverTypes(index, pairRanks, definitionsByName);

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

/** Share of a Go method's rank its receiver type also gets. */
const RECEIVER_SHARE = 0.5;

/**
 * Go declares methods outside their type (`func (s *Server) Serve()`), often in other files of the
 * package, so a type used through its methods would rank below them. Each method passes
 * {@link RECEIVER_SHARE} of its rank on to its receiver type's definition in the same folder.
 */
function creditReceiverTypes(
  index: RepositoryIndex,
  pairRanks: Map<string, Map<string, number>>,
  definitionsByName: ReadonlyMap<string, ReadonlyMap<string, Definition[]>>,
): void {
  const typeFiles = new Map<string, string>();
  for (const file of index.files.values()) {
    if (file.language !== 'go') continue;
    for (const definition of file.definitions) {
      if (
        definition.kind === 'type' ||
        definition.kind === 'class' ||
        definition.kind === 'interface'
      )
        typeFiles.set(`${folderOf(file.path)}\0${definition.name}`, file.path);
    }
  }
  const credits: [string, string, number][] = [];
  for (const [path, byName] of definitionsByName) {
    if (index.files.get(path)?.language !== 'go') continue;
    const names = pairRanks.get(path) as Map<string, number>;
    for (const [name, definitions] of byName) {
      const methods = definitions.filter(
        (definition) => definition.kind === 'method' && definition.scope.length === 1,
      );
      for (const method of methods) {
        const receiver = method.scope[0] as string;
        const typeFile = typeFiles.get(`${folderOf(path)}\0${receiver}`);
        const rank = ((names.get(name) ?? 0) * RECEIVER_SHARE) / definitions.length;
        if (typeFile) credits.push([typeFile, receiver, rank]);
      }
    }
  }
  for (const [path, name, rank] of credits) {
    const names = pairRanks.get(path) as Map<string, number>;
    names.set(name, (names.get(name) ?? 0) + rank);
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
