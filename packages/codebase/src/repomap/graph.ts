/**
 * The reference graph of a repository map: one node per indexed file, one directed edge from a
 * file that references a name to each other file it resolves to (by name, or through packages and
 * imports where the grammar gives them: `resolve-references.ts`), weighted the way aider weights
 * its repository map (Aider-AI/aider `aider/repomap.py`, `get_ranked_tags`). Edges between the
 * same two files are merged into one weight; an identifier's share of an edge is recomputed from
 * the reference groups when rank is distributed back to (file, identifier) pairs.
 *
 * Unlike aider, a file's references to its own definitions add no self-loop, and unreferenced
 * definitions add no 0.1 self-edge: a self-loop keeps a file's rank inside it, so a leaf file's
 * whole rank would flow to whatever unused name it defines. Ranking gives unreferenced names a
 * share of their file's rank instead (see `rank.ts`).
 */
import { DirectedGraph } from 'graphology';
import type { WeightedGraph } from './pagerank.js';
import { type ReferenceGroup, referenceGroups } from './resolve-references.js';
import type { Focus, RepositoryIndex } from './types.js';

/** Attributes of a file node (the node key is the repository-relative path). */
export type FileNodeAttributes = Record<string, never>;

/** Attributes of an edge from a referencing file to a defining file. */
export interface ReferenceEdgeAttributes {
  /** Sum over the shared identifiers of `multiplier × √references`. */
  weight: number;
}

/** One {@link ReferenceGroup} with the weight it adds to each edge it carries. */
export interface WeightedReferenceGroup extends ReferenceGroup {
  /** `multiplier × √count`; the edge to a target gets `weight × share`. */
  weight: number;
}

/** The file graph of a repository, with the name tables it was built from. */
export interface ReferenceGraph {
  /** Every indexed file, in index order. */
  files: readonly string[];
  /** Out-edges of each file that has any: defining file → edge attributes. */
  edges: ReadonlyMap<string, ReadonlyMap<string, ReferenceEdgeAttributes>>;
  /** Files defining each name. */
  definers: ReadonlyMap<string, ReadonlySet<string>>;
  /** For each name, the files referencing it and how many times (before resolution). */
  referencers: ReadonlyMap<string, ReadonlyMap<string, number>>;
  /** The references resolved to the files they credit, with their weights. */
  groups: readonly WeightedReferenceGroup[];
  /** Iterates nodes and out-edges without building the graphology view (what PageRank reads). */
  adjacency: WeightedGraph;
  /**
   * The same graph as a graphology graph, built on first access (tens of thousands of edges take
   * a few hundred milliseconds to insert, so ranking does not use it).
   */
  readonly graph: DirectedGraph<FileNodeAttributes, ReferenceEdgeAttributes>;
}

/**
 * Identifier weights, all from aider's `get_ranked_tags` (Aider-AI/aider `aider/repomap.py`):
 * mentioned ×10, long snake/camel/kebab names (≥ 8 characters) ×10, private (`_` prefix) ×0.1,
 * defined in more than 5 files ×0.1. `unreferenced` is aider's self-edge weight for a definition
 * nobody references; Sightline uses it as the share of a file's rank its names get regardless of
 * references.
 */
export const IDENTIFIER_WEIGHTS = {
  mentioned: 10,
  long: 10,
  longMinLength: 8,
  private: 0.1,
  common: 0.1,
  commonDefinerCount: 5,
  unreferenced: 0.1,
} as const;

/** Options of {@link buildReferenceGraph}. */
export interface BuildReferenceGraphOptions {
  /** Identifiers in `focus.identifiers` weigh ×10. Default: no focus. */
  focus?: Focus;
}

/**
 * The multiplier of one identifier's edges (before the √references factor).
 * @param name - the identifier.
 * @param definerCount - how many files define it.
 * @param mentioned - whether the focus mentions it.
 * @returns the product of the factors in {@link IDENTIFIER_WEIGHTS} that apply.
 */
export function identifierMultiplier(
  name: string,
  definerCount: number,
  mentioned: boolean,
): number {
  const hasLetter = /\p{L}/u.test(name);
  const isSnake = name.includes('_') && hasLetter;
  const isKebab = name.includes('-') && hasLetter;
  const isCamel = /\p{Lu}/u.test(name) && /\p{Ll}/u.test(name);
  let multiplier = 1;
  if (mentioned) multiplier *= IDENTIFIER_WEIGHTS.mentioned;
  if ((isSnake || isKebab || isCamel) && name.length >= IDENTIFIER_WEIGHTS.longMinLength) {
    multiplier *= IDENTIFIER_WEIGHTS.long;
  }
  if (name.startsWith('_')) multiplier *= IDENTIFIER_WEIGHTS.private;
  if (definerCount > IDENTIFIER_WEIGHTS.commonDefinerCount) multiplier *= IDENTIFIER_WEIGHTS.common;
  return multiplier;
}

/**
 * Builds the reference graph of an index. References are resolved to the files they credit
 * ({@link referenceGroups}); an identifier referenced `n` times by file R and crediting file D
 * with share `s` adds `multiplier × √n × s` to the edge R → D (aider's scaling, so that frequent
 * uses do not dominate). A reference resolved through packages and imports is not ambiguous, so
 * the "defined in more than 5 files" factor applies only to references matched by name alone.
 * Every indexed file is a node, even without definitions. The name tables and the resolved
 * references do not depend on the focus and are computed once per index object, which must not
 * change afterwards (build a new index instead).
 * @param index - the repository index.
 * @param options - see {@link BuildReferenceGraphOptions}.
 * @returns the graph and its name tables.
 */
export function buildReferenceGraph(
  index: RepositoryIndex,
  { focus }: BuildReferenceGraphOptions = {},
): ReferenceGraph {
  const { definers, referencers, resolved } = nameTables(index);
  const edges = new Map<string, Map<string, ReferenceEdgeAttributes>>();
  const mentioned = new Set(focus?.identifiers ?? []);
  const groups = resolved.map((group): WeightedReferenceGroup => {
    const definerCount = group.resolved ? 1 : (definers.get(group.name)?.size ?? 0);
    const multiplier = identifierMultiplier(group.name, definerCount, mentioned.has(group.name));
    return { ...group, weight: multiplier * Math.sqrt(group.count) };
  });
  for (const group of groups) {
    const targets = getOrCreate(
      edges,
      group.referencer,
      () => new Map<string, ReferenceEdgeAttributes>(),
    );
    for (const [definer, share] of group.targets) {
      const edge = targets.get(definer);
      if (edge === undefined) targets.set(definer, { weight: group.weight * share });
      else edge.weight += group.weight * share;
    }
  }

  const files = [...index.files.keys()];
  let graph: DirectedGraph<FileNodeAttributes, ReferenceEdgeAttributes> | undefined;
  return {
    files,
    edges,
    definers,
    referencers,
    groups,
    adjacency: {
      nodes: () => files,
      forEachOutEdge(node, callback) {
        for (const [target, attributes] of edges.get(node) ?? [])
          callback(`${node}->${target}`, attributes, node, target);
      },
    },
    get graph() {
      if (graph === undefined) {
        graph = new DirectedGraph<FileNodeAttributes, ReferenceEdgeAttributes>();
        for (const path of files) graph.addNode(path, {});
        for (const [source, targets] of edges) {
          for (const [target, attributes] of targets)
            graph.addDirectedEdge(source, target, attributes);
        }
      }
      return graph;
    },
  };
}

/** The part of a graph no focus changes: who defines and references each name, and resolution. */
interface NameTables {
  definers: Map<string, Set<string>>;
  referencers: Map<string, Map<string, number>>;
  resolved: ReferenceGroup[];
}

const tablesOfIndexes = new WeakMap<RepositoryIndex, NameTables>();

/**
 * The name tables of an index, computed once per index object (an index's files do not change):
 * every focused ranking of the same index reuses them and only reweighs the edges.
 */
function nameTables(index: RepositoryIndex): NameTables {
  let tables = tablesOfIndexes.get(index);
  if (tables === undefined) {
    const definers = new Map<string, Set<string>>();
    const referencers = new Map<string, Map<string, number>>();
    for (const file of index.files.values()) {
      for (const definition of file.definitions) {
        getOrCreate(definers, definition.name, () => new Set<string>()).add(file.path);
      }
      for (const reference of file.references) {
        const counts = getOrCreate(referencers, reference.name, () => new Map<string, number>());
        counts.set(file.path, (counts.get(file.path) ?? 0) + 1);
      }
    }
    tables = { definers, referencers, resolved: referenceGroups(index, definers) };
    tablesOfIndexes.set(index, tables);
  }
  return tables;
}

const graphsOfIndexes = new WeakMap<RepositoryIndex, ReferenceGraph>();

/**
 * Fan-in of a definition: how many other files reference the name `name` defined in `path`.
 * References are matched as the graph resolves them: by name, or through packages and imports
 * where the grammar gives them. The localizer uses it as a risk signal.
 * @param source - a graph from {@link buildReferenceGraph}, or an index (its graph is then built
 *   once and kept for later calls while the index object lives).
 * @param path - repository-relative path of the defining file.
 * @param name - the defined name.
 * @returns the number of distinct files other than `path` whose references to `name` credit
 *   `path`; 0 when `path` does not define `name`.
 */
export function fanIn(
  source: ReferenceGraph | RepositoryIndex,
  path: string,
  name: string,
): number {
  const graph = isReferenceGraph(source) ? source : graphOf(source);
  if (!graph.definers.get(name)?.has(path)) return 0;
  let table = fanInTables.get(graph);
  if (table === undefined) {
    table = new Map();
    for (const group of graph.groups) {
      for (const target of group.targets.keys()) {
        const key = `${target}\0${group.name}`;
        table.set(key, (table.get(key) ?? new Set<string>()).add(group.referencer));
      }
    }
    fanInTables.set(graph, table);
  }
  return table.get(`${path}\0${name}`)?.size ?? 0;
}

const fanInTables = new WeakMap<ReferenceGraph, Map<string, Set<string>>>();

function isReferenceGraph(source: ReferenceGraph | RepositoryIndex): source is ReferenceGraph {
  return 'definers' in source;
}

function graphOf(index: RepositoryIndex): ReferenceGraph {
  let graph = graphsOfIndexes.get(index);
  if (graph === undefined) {
    graph = buildReferenceGraph(index);
    graphsOfIndexes.set(index, graph);
  }
  return graph;
}

function getOrCreate<K, V>(map: Map<K, V>, key: K, create: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = create();
    map.set(key, value);
  }
  return value;
}
