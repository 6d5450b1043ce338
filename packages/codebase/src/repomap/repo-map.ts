/**
 * The repository map in one call: index a repository (cached), rank it for a focus and render the
 * map within a token budget.
 */
import { type IndexRepositoryOptions, indexRepository } from './index-repository.js';
import {
  type RenderRepositoryMapOptions,
  type RepositoryMap,
  renderRepositoryMap,
} from './render-map.js';
import type { RepositoryIndex } from './types.js';

/** Options of {@link buildRepositoryMap}: those of the index and of the rendering. */
export interface BuildRepositoryMapOptions
  extends IndexRepositoryOptions,
    RenderRepositoryMapOptions {}

/** Result of {@link buildRepositoryMap}. */
export interface BuiltRepositoryMap {
  /** The index the map was rendered from (reuse it for more maps or for `fanIn`). */
  index: RepositoryIndex;
  map: RepositoryMap;
}

/**
 * Indexes `root` and renders its repository map.
 * @param root - the repository folder.
 * @param options - index options (cache folder, size cap, progress) and map options (focus,
 *   budget in tokens, default 1024; encoding).
 * @returns the index and the map.
 * @throws SightlineError `PATH_NOT_FOUND` or `NOT_A_DIRECTORY` when `root` is not a folder.
 * @example
 * const { map } = await buildRepositoryMap('.', { focus: { identifiers: ['parseReport'] }, tokens: 2048 });
 * console.log(map.text);
 */
export async function buildRepositoryMap(
  root: string,
  options: BuildRepositoryMapOptions = {},
): Promise<BuiltRepositoryMap> {
  const { focus, tokens, encoding, rank, ...indexOptions } = options;
  const index = await indexRepository(root, indexOptions);
  return { index, map: renderRepositoryMap(index, { focus, tokens, encoding, rank }) };
}
