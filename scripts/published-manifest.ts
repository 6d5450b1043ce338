/**
 * The package.json a tarball carries: the workspace's, without what only the workspace uses.
 * The `@sightline/source` export condition (tests and `tsx` run the TypeScript in `src/`, which
 * tarballs do not contain) is dropped, and with it devDependencies and scripts.
 */

/** Export map: a target path, a list of them, or conditions mapping to export maps. */
export type Exports = string | null | Exports[] | { [key: string]: Exports };

/** The fields of a package.json that packing reads or rewrites. */
export interface PackageJson {
  name: string;
  version: string;
  private?: boolean;
  files?: string[];
  exports?: Exports;
  bin?: Record<string, string>;
  scripts?: Record<string, string>;
  devDependencies?: Record<string, string>;
  [field: string]: unknown;
}

/** The workspace-only export condition. */
export const SOURCE_CONDITION = '@sightline/source';

function withoutSourceCondition(exports: Exports): Exports {
  if (exports === null || typeof exports === 'string') return exports;
  if (Array.isArray(exports)) return exports.map(withoutSourceCondition);
  return Object.fromEntries(
    Object.entries(exports)
      .filter(([key]) => key !== SOURCE_CONDITION)
      .map(([key, value]) => [key, withoutSourceCondition(value)]),
  );
}

/**
 * The manifest to publish.
 * @param manifest - the workspace package.json.
 * @returns a copy without the `@sightline/source` condition, devDependencies and scripts.
 */
export function publishedManifest(manifest: PackageJson): PackageJson {
  const { devDependencies: _dev, scripts: _scripts, ...published } = manifest;
  if (published.exports !== undefined)
    published.exports = withoutSourceCondition(published.exports);
  return published;
}

/**
 * Every file path an export map points at.
 * @param exports - an export map (absent: none).
 * @returns the targets, e.g. `./dist/index.js`, in map order.
 */
export function exportTargets(exports: Exports | undefined): string[] {
  if (exports === undefined || exports === null) return [];
  if (typeof exports === 'string') return [exports];
  if (Array.isArray(exports)) return exports.flatMap(exportTargets);
  return Object.values(exports).flatMap(exportTargets);
}
