/**
 * Seeds the index cache of a repository revision from another revision of the same repository, so
 * that training rows for hundreds of corpus cases (a few dozen repositories, many revisions each)
 * parse only the files that differ between revisions instead of whole trees. An entry of the other
 * revision's cache is copied only when the file at the same path has the same content hash here
 * (`contentHash`, the hash the cache itself keeps), with this file's size and times, so the index
 * then trusts exactly the files whose bytes it already parsed; every other file is parsed as on a
 * cold run. The index built afterwards is the one a cold run builds.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { lstat, readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import {
  CACHE_FILE_NAME,
  type CacheEntry,
  contentHash,
  readCache,
  writeCache,
} from '@sightline/codebase/internal';

/**
 * The revision to seed from: among `cacheParent`'s folders named `<repository>@<commit>` for the
 * same repository as `tree` (its folder name up to `@`), whose tree still exists beside `tree` and
 * whose cache file exists, the one written last (in a run over a repository's cases in order, the
 * previous revision).
 * @returns the sibling's tree folder and cache folder, or `undefined`.
 */
export function siblingRevision(
  tree: string,
  cacheParent: string,
): { tree: string; cacheDir: string } | undefined {
  const name = path.basename(tree);
  const repository = name.slice(0, name.indexOf('@') + 1);
  if (!repository || !existsSync(cacheParent)) return undefined;
  const candidates = readdirSync(cacheParent)
    .filter((folder) => folder !== name && folder.startsWith(repository))
    .map((folder) => ({
      tree: path.join(path.dirname(tree), folder),
      cacheDir: path.join(cacheParent, folder),
    }))
    .filter(
      (item) => existsSync(item.tree) && existsSync(path.join(item.cacheDir, CACHE_FILE_NAME)),
    )
    .map((item) => ({ ...item, at: statSync(path.join(item.cacheDir, CACHE_FILE_NAME)).mtimeMs }))
    .sort((a, b) => b.at - a.at || (a.tree < b.tree ? -1 : 1));
  const best = candidates[0];
  return best ? { tree: best.tree, cacheDir: best.cacheDir } : undefined;
}

/**
 * Writes `cacheDir`'s index cache for `tree` from a sibling revision's, when `cacheDir` has none.
 * @param tree - the revision's folder.
 * @param cacheDir - its index cache folder.
 * @param sibling - the revision to copy from ({@link siblingRevision}).
 * @returns the entries copied (0 when the cache existed or nothing matched).
 */
export async function seedIndexCache(
  tree: string,
  cacheDir: string,
  sibling: { tree: string; cacheDir: string },
): Promise<number> {
  if (existsSync(path.join(cacheDir, CACHE_FILE_NAME))) return 0;
  const loaded = await readCache(await realpath(sibling.tree), [sibling.cacheDir]);
  const root = await realpath(tree);
  const seeded: CacheEntry[] = [];
  for (const entry of loaded.entries.values()) {
    if (entry.hash === undefined) continue;
    const file = path.join(root, entry.path);
    const info = await lstat(file).catch(() => undefined);
    if (!info?.isFile()) continue;
    if (contentHash(await readFile(file)) !== entry.hash) continue;
    seeded.push({ ...entry, size: info.size, mtimeMs: info.mtimeMs, ctimeMs: info.ctimeMs });
  }
  if (seeded.length === 0) return 0;
  await writeCache(root, [cacheDir], seeded);
  return seeded.length;
}
