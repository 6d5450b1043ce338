/**
 * @sightline/codebase/internal — plumbing for Sightline's own packages, benchmarks and scripts:
 * every export of the walk, the index (graph, PageRank, weights), the repository map and the
 * tools. Not a stable API; use the main entry.
 */

export * from './history/index.js';
export { type OpenRepositoryOptions, openRepository, type Repository } from './open-repository.js';
export * from './repomap/index.js';
export * from './repository/index.js';
export * from './tools/index.js';
