/**
 * The folder a trace's code was deployed under (`/srv/shop/`, `/app/`, `C:\inetpub\site\`), read
 * from its frames that resolved to repository files by path: `/srv/shop/app/orders.py` resolved to
 * `app/orders.py` says `/srv/shop` holds the repository. A frame under the same folder that its
 * own path could not confirm is then the repository file at the rest of its path: a root file
 * whose name alone is not enough (`/srv/shop/billing.py` in a function the file no longer
 * defines, an anonymous function, a Python `<module>`: fresh-user trial 42 saw such frames dropped
 * while their siblings mapped). One trace runs one deployment, so its frames share the folder.
 */
import type { RepositoryIndex } from '@sightline/codebase';
import { framePathSegments, type MappedFrame } from './frame-paths.js';

/** One frame's printed file and what it resolved to. */
export interface ResolvedFrameFile {
  file: string;
  mapped: MappedFrame | null;
}

/**
 * The deployment folders the resolved frames show, as path segments.
 * @param frames - frames with their resolution (`mapFrame`); only those resolved by their path
 *   count (a source map or a function name says nothing of the folder).
 * @param packageName - this repository's package name, as `framePathSegments` reads it.
 * @returns distinct folders, each at least one segment; `[]` when no frame shows one.
 */
export function deploymentRoots(
  frames: readonly ResolvedFrameFile[],
  packageName?: string,
): string[][] {
  const roots = new Map<string, string[]>();
  for (const { file, mapped } of frames) {
    if (mapped?.via !== 'path') continue;
    const segments = framePathSegments(file, packageName);
    const own = mapped.path.split('/');
    if (!segments || segments.length <= own.length) continue;
    const tail = segments.slice(segments.length - own.length);
    if (tail.join('/') !== mapped.path) continue;
    const root = segments.slice(0, segments.length - own.length);
    roots.set(root.join('/'), root);
  }
  return [...roots.values()];
}

/**
 * The indexed file a frame's path names under one of the deployment folders.
 * @param index - the repository index.
 * @param file - the frame's printed file.
 * @param roots - from {@link deploymentRoots}.
 * @param packageName - as for {@link deploymentRoots}.
 * @returns the repository-relative path, or `undefined` when the frame lies under none of the
 *   folders or the rest of its path is not an indexed file.
 */
export function underDeploymentRoot(
  index: RepositoryIndex,
  file: string,
  roots: readonly string[][],
  packageName?: string,
): string | undefined {
  const segments = framePathSegments(file, packageName);
  if (!segments) return undefined;
  for (const root of roots) {
    if (segments.length <= root.length) continue;
    if (!root.every((segment, at) => segments[at] === segment)) continue;
    const rest = segments.slice(root.length).join('/');
    if (index.files.has(rest)) return rest;
  }
  return undefined;
}
