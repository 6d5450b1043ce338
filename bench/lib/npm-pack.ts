/**
 * Real inputs for benchmarks: a published npm package version, downloaded once with `npm pack`
 * into `bench/.cache/npm/` (git-ignored) and unpacked there. Later runs reuse the unpacked copy
 * without touching the network, so downloads are never part of a timing.
 */
import { execFile } from 'node:child_process';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The `bench/` folder. */
export const BENCH_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Default download cache, `bench/.cache/npm` (git-ignored). */
export const NPM_CACHE_DIR = path.join(BENCH_DIR, '.cache', 'npm');

/** An unpacked package version. */
export interface PackedPackage {
  name: string;
  version: string;
  /** Absolute path of the unpacked package (the tarball's `package/` folder). */
  dir: string;
}

/** Options of {@link npmPack}. */
export interface NpmPackOptions {
  /** Cache folder. Default {@link NPM_CACHE_DIR}. */
  cacheDir?: string;
}

/**
 * Downloads and unpacks `NAME@VERSION` (an exact version, so results stay comparable), or
 * returns the copy unpacked by an earlier run.
 * @param spec - e.g. `express@5.3.0` or `@typescript-eslint/parser@8.0.0`.
 * @param options - see {@link NpmPackOptions}.
 * @returns the package name, version and unpacked folder.
 * @throws Error when the spec has no exact version, or when `npm pack` or `tar` fails (offline
 *   with an empty cache, unknown version).
 * @example const { dir } = await npmPack('zod@4.6.7'); // dir: bench/.cache/npm/zod@4.6.7/package
 */
export async function npmPack(
  spec: string,
  { cacheDir = NPM_CACHE_DIR }: NpmPackOptions = {},
): Promise<PackedPackage> {
  const match = /^(@?[^@]+)@(\d+\.\d+\.\d+(?:-[\w.]+)?)$/.exec(spec);
  if (!match) throw new Error(`npmPack needs NAME@EXACT_VERSION, got "${spec}".`);
  const [, name = '', version = ''] = match;
  const folder = path.join(cacheDir, `${name.replace('/', '__')}@${version}`);
  const dir = path.join(folder, 'package');
  const marker = path.join(folder, '.unpacked');
  if (await exists(marker)) return { name, version, dir };

  await rm(folder, { recursive: true, force: true });
  await mkdir(folder, { recursive: true });
  const { stdout } = await run('npm', ['pack', spec, '--json', '--pack-destination', folder], {
    maxBuffer: 64 * 1024 * 1024,
  });
  const [packed] = JSON.parse(stdout) as { filename: string }[];
  if (packed === undefined) throw new Error(`npm pack ${spec} produced no tarball.`);
  const tarball = path.join(folder, packed.filename.replace(/^@/, '').replace('/', '-'));
  await run('tar', ['-xzf', tarball, '-C', folder]);
  await rm(tarball);
  await writeFile(marker, `${new Date().toISOString()}\n`);
  return { name, version, dir };
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}
