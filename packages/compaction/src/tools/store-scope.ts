/**
 * The part of a store one session's recovery tools may see: its offloaded results
 * (`/tool_results/<session>/`) and its transcript, or the whole store without a session.
 */
import { SightlineError } from '@sightline/core';
import { escapeStoreId, transcriptPath } from '../stores/store-paths.js';

/** Path prefixes a session may read, and the checks built on them. */
export interface StoreScope {
  /** Path prefixes in scope. */
  prefixes: readonly string[];
  /** True when `path` lies in scope. */
  contains(path: string): boolean;
  /** The error for a path outside the scope (`STORE_PATH_INVALID`), saying where to look. */
  outside(path: string): SightlineError;
  /**
   * Where a search under `pathPrefix` may look: the narrower of `pathPrefix` and each scope prefix
   * where they overlap (all scope prefixes without one).
   */
  narrow(pathPrefix: string | undefined): string[];
}

/**
 * Builds the scope of a session.
 * @param session - the session, or `undefined` for the whole store.
 * @returns the scope.
 */
export function createStoreScope(session: string | undefined): StoreScope {
  const prefixes = session
    ? [`/tool_results/${escapeStoreId(session)}/`, transcriptPath(session)]
    : ['/'];
  return {
    prefixes,
    contains: (path) => prefixes.some((prefix) => path.startsWith(prefix)),
    outside: (path) =>
      new SightlineError({
        code: 'STORE_PATH_INVALID',
        message: `${path} is outside this session's store. Use a path under ${prefixes.join(' or ')}, exactly as the conversation gave it.`,
        details: { path },
      }),
    narrow: (pathPrefix) =>
      pathPrefix === undefined
        ? [...prefixes]
        : [
            ...new Set(
              prefixes.flatMap((prefix) =>
                pathPrefix.startsWith(prefix)
                  ? [pathPrefix]
                  : prefix.startsWith(pathPrefix)
                    ? [prefix]
                    : [],
              ),
            ),
          ],
  };
}
