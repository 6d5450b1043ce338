/**
 * Real inputs for benchmarks: a published npm package version, downloaded once with `npm pack`
 * into `bench/.cache/npm/` (git-ignored) and unpacked there (see @sightline/codebase's `npmPack`).
 * Later runs reuse the unpacked copy without touching the network, so downloads are never part of
 * a timing.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type PackedPackage, npmPack as packInto } from '@sightline/codebase/testing';

/** The `bench/` folder. */
export const BENCH_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Default download cache, `bench/.cache/npm` (git-ignored). */
export const NPM_CACHE_DIR = path.join(BENCH_DIR, '.cache', 'npm');

/**
 * Downloads and unpacks `NAME@VERSION` into `cacheDir` (default {@link NPM_CACHE_DIR}), or returns
 * the copy unpacked by an earlier run. @throws Error as @sightline/codebase's `npmPack`.
 */
export function npmPack(
  spec: string,
  { cacheDir = NPM_CACHE_DIR }: { cacheDir?: string } = {},
): Promise<PackedPackage> {
  return packInto(spec, { cacheDir });
}
