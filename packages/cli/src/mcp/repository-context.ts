/**
 * What every MCP session of one server shares: the repository root, the models the server was
 * started with, and the repository index, kept fresh by watching the repository's folders. The
 * index is rebuilt with the on-disk cache (`<repo>/.sightline/cache`, as `sightline map` and
 * `sightline investigate` use it), so a rebuild after a save re-reads only the changed files.
 */
import {
  indexRepository,
  openRepository,
  type Repository,
  type RepositoryIndex,
  resolveRoot,
} from '@sightline/codebase';
import type { ResolvedModels } from '../options/model-options.js';
import { foldersOf, watchFolders } from './repo-watcher.js';

/** Options of {@link createRepositoryContext}. */
export interface RepositoryContextOptions {
  /** Repository folder. */
  repo: string;
  /** Models for `investigate`; none means the offline diagnosis. Default none. */
  models?: ResolvedModels;
  /** Index cache folder, or `false` for none. Default the index's own (`<repo>/.sightline/cache`). */
  cacheDir?: string | false;
  /** Read git history for `investigate` (suspect commits, regression windows). Default true. */
  history?: boolean;
  /** Watch the repository and tell listeners when it changed. Default false. */
  watch?: boolean;
  /** Quiet time after the last file event before the repository counts as changed, in ms. Default 300. */
  debounceMs?: number;
  /** Receives log lines (stderr in the command; never stdout, which carries the protocol). */
  log?: (line: string) => void;
}

/** The shared state of one MCP server. */
export interface RepositoryContext {
  /** Absolute real path of the repository root. */
  readonly root: string;
  /** The models `investigate` runs with; none: the offline diagnosis. */
  readonly models: ResolvedModels;
  /** Whether `investigate` reads git history. */
  readonly history: boolean;
  /**
   * The cache folder (`false`: none, `--no-cache`), which `investigate` also keeps blame's
   * commit-graph under; undefined: the defaults.
   */
  readonly cacheDir: string | false | undefined;
  /** The current index, built on first use and rebuilt after the repository changed. */
  getIndex(): Promise<RepositoryIndex>;
  /** The repository with the current index, opened again after the repository changed. */
  getRepository(): Promise<Repository>;
  /**
   * Calls `listener` each time the repository changed (after the index was rebuilt).
   * @returns a function that removes the listener.
   */
  onChange(listener: () => void): () => void;
  /** Resolves once the first index is built and its folders are watched (at once without `watch`). */
  readonly ready: Promise<void>;
  /** Stops watching. */
  close(): void;
}

/**
 * Creates the shared state of an MCP server for one repository.
 * @param options - see {@link RepositoryContextOptions}.
 * @returns the context; with `watch`, the first index is built in the background.
 * @throws SightlineError `PATH_NOT_FOUND` / `NOT_A_DIRECTORY` when `repo` is not a folder.
 */
export async function createRepositoryContext({
  repo,
  models = {},
  cacheDir,
  history = true,
  watch = false,
  debounceMs = 300,
  log = () => {},
}: RepositoryContextOptions): Promise<RepositoryContext> {
  const root = await resolveRoot(repo);
  const listeners = new Set<() => void>();
  let pending: Promise<RepositoryIndex> | undefined;
  let repository: Promise<Repository> | undefined;
  const getIndex = () => {
    pending ??= indexRepository(root, cacheDir === undefined ? {} : { cacheDir }).catch(
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const getRepository = () => {
    repository ??= getIndex()
      .then((index) => openRepository(root, { index }))
      .catch((error: unknown) => {
        repository = undefined;
        throw error;
      });
    return repository;
  };

  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const refresh = async () => {
    pending = undefined;
    repository = undefined;
    try {
      const index = await getIndex();
      if (closed) return;
      watcher?.update(foldersOf(index.files.keys()));
      for (const listener of listeners) listener();
    } catch (error) {
      log(`re-indexing after a change failed: ${error instanceof Error ? error.message : error}`);
    }
  };
  const watcher = watch
    ? watchFolders(root, () => {
        clearTimeout(timer);
        timer = setTimeout(() => void refresh(), debounceMs);
      })
    : undefined;
  const ready = watcher
    ? getIndex().then(
        (index) => {
          if (!closed) watcher.update(foldersOf(index.files.keys()));
        },
        (error: unknown) =>
          log(`indexing failed: ${error instanceof Error ? error.message : String(error)}`),
      )
    : Promise.resolve();

  return {
    root,
    models,
    history,
    cacheDir,
    getIndex,
    getRepository,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ready,
    close() {
      closed = true;
      clearTimeout(timer);
      watcher?.close();
      listeners.clear();
    },
  };
}
