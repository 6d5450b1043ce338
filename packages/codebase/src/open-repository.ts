/**
 * One value for the repository under investigation: its root resolved once, its files walked
 * once, its package name read once and its index built on first use. Made at the start of an
 * investigation and passed down (marking in-app frames, indexing, the agent's tools,
 * verification). The read-only tools still check every path against the root on each call: that
 * check is the sandbox, not a lookup.
 */
import { SightlineError } from '@sightline/core';
import { indexRepository } from './repomap/index-repository.js';
import type { RepositoryIndex } from './repomap/types.js';
import { type ListedFiles, listRepositoryFiles } from './repository/files.js';
import { readPackageName } from './repository/package-name.js';
import { resolveRoot } from './repository/sandbox.js';

/** A repository, resolved once. */
export interface Repository {
  /** Absolute real path of the root. */
  readonly root: string;
  /** The `name` of the root `package.json`, when there is one. */
  readonly packageName: string | undefined;
  /**
   * Its files, build output included (frames often run from `dist/`), walked on the first call
   * and shared by every later one.
   */
  files(): Promise<ListedFiles>;
  /**
   * Its index, built on the first call (from the same walk) and shared by every later one.
   * @param options.onProgress called while that first build indexes files (done, total).
   */
  index(options?: { onProgress?: (done: number, total: number) => void }): Promise<RepositoryIndex>;
}

/** Options of {@link openRepository}. */
export interface OpenRepositoryOptions {
  /** An index of this repository already built (the MCP server keeps one fresh). Default none. */
  index?: RepositoryIndex;
  /** Index cache folder, or `false` for none. Default the index's own (`<root>/.sightline/cache`). */
  cacheDir?: string | false;
}

/**
 * Opens a repository: resolves its root and reads its package name now; walks and indexes it on
 * first use.
 * @param repo the repository folder, or a repository already open (returned as is).
 * @throws SightlineError `PATH_NOT_FOUND` / `NOT_A_DIRECTORY` when `repo` is not a folder, and
 *   `INVALID_ARGUMENT` when `options.index` is the index of another folder.
 * @example
 * const repository = await openRepository('.');
 * const index = await repository.index();
 */
export async function openRepository(
  repo: string | Repository,
  options: OpenRepositoryOptions = {},
): Promise<Repository> {
  if (typeof repo !== 'string') return repo;
  const root = await resolveRoot(repo);
  const { index: given, cacheDir } = options;
  if (given && given.root !== root) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: `The index given is of ${given.root}, not of the repository ${root}. Pass the index of the repository investigated, or none.`,
      details: { indexRoot: given.root, root },
    });
  }
  let files: Promise<ListedFiles> | undefined;
  let index: Promise<RepositoryIndex> | undefined = given ? Promise.resolve(given) : undefined;
  const repository: Repository = {
    root,
    packageName: readPackageName(root),
    files() {
      files ??= listRepositoryFiles(root, { includeBuildOutput: true });
      return files;
    },
    index({ onProgress } = {}) {
      index ??= repository.files().then((listed) =>
        indexRepository(root, {
          files: listed,
          ...(cacheDir !== undefined ? { cacheDir } : {}),
          ...(onProgress ? { onProgress } : {}),
        }),
      );
      return index;
    },
  };
  return repository;
}
