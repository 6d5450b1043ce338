/**
 * The repository map in one call: index a repository (cached), rank it for a focus and render the
 * map within a token budget.
 */
import { type IndexRepositoryOptions, indexRepository } from './index-repository.js';
import { type RenderRepoMapOptions, type RepoMap, renderRepoMap } from './render-map.js';
import type { RepoIndex } from './types.js';

/** Options of {@link buildRepoMap}: those of the index and of the rendering. */
export interface BuildRepoMapOptions extends IndexRepositoryOptions, RenderRepoMapOptions {}

/** Result of {@link buildRepoMap}. */
export interface BuiltRepoMap {
  /** The index the map was rendered from (reuse it for more maps or for `fanIn`). */
  index: RepoIndex;
  map: RepoMap;
}

/**
 * Indexes `root` and renders its repository map.
 * @param root - the repository folder.
 * @param options - index options (cache folder, size cap, progress) and map options (focus,
 *   budget in tokens, default 1024; encoding).
 * @returns the index and the map.
 * @throws SightlineError `PATH_NOT_FOUND` or `NOT_A_DIRECTORY` when `root` is not a folder.
 * @example
 * const { map } = await buildRepoMap('.', { focus: { identifiers: ['parseReport'] }, tokens: 2048 });
 * console.log(map.text);
 */
export async function buildRepoMap(
  root: string,
  options: BuildRepoMapOptions = {},
): Promise<BuiltRepoMap> {
  const { focus, tokens, encoding, rank, ...indexOptions } = options;
  const index = await indexRepository(root, indexOptions);
  return { index, map: renderRepoMap(index, { focus, tokens, encoding, rank }) };
}
