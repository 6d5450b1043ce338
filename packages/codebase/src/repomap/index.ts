/**
 * The repository map: tree-sitter index of definitions and references, reference graph,
 * personalized PageRank, and the token-budgeted map an agent reads before any tool call.
 */
export {
  CACHE_FILE_NAME,
  type CacheEntry,
  contentHash,
  readCache,
  writeCache,
} from './cache.js';
export { codeFoldersOf } from './code-folders.js';
export { type FindDefinitionsOptions, findDefinitions } from './find-definitions.js';
export {
  type BuildReferenceGraphOptions,
  buildReferenceGraph,
  type FileNodeAttributes,
  fanIn,
  IDENTIFIER_WEIGHTS,
  identifierMultiplier,
  type ReferenceEdgeAttributes,
  type ReferenceGraph,
} from './graph.js';
export { type IndexRepositoryOptions, indexRepository } from './index-repository.js';
export {
  type PageRankOptions,
  type PageRankResult,
  personalizedPageRank,
  type WeightedGraph,
} from './pagerank.js';
export { FOCUS_WEIGHTS, focusPersonalization } from './personalization.js';
export { platformStem, platformTwinGroups } from './platform-twins.js';
export {
  type RankedDefinition,
  type RankOptions,
  type RepositoryRanking,
  rankDefinitions,
  rankFiles,
  rankRepository,
} from './rank.js';
export {
  MAP_SIGNATURE_CHARS,
  type RenderRepositoryMapOptions,
  type RepositoryMap,
  type RepositoryMapFile,
  renderRepositoryMap,
} from './render-map.js';
export {
  type BuildRepositoryMapOptions,
  type BuiltRepositoryMap,
  buildRepositoryMap,
} from './repo-map.js';
export type * from './types.js';
export { DEFINITION_KINDS } from './types.js';
