/**
 * A published npm package version as a repository to investigate: downloaded once with `npm pack`
 * into a cache folder and unpacked there. Later calls reuse the unpacked copy without touching the
 * network (the demos and the benchmarks).
 */
import { execFile } from 'node:child_process';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** An unpacked package version. */
export interface PackedPackage {
  name: string;
  version: string;
  /** Absolute path of the unpacked package (the tarball's `package/` folder). */
  dir: string;
}

/** Options of {@link npmPack}. */
export interface NpmPackOptions {
  /** Cache folder: one `NAME@VERSION/package` folder per package version. */
  cacheDir: string;
  /** Called once before the download, when the cache has no copy (to say so). Default none. */
  onDownload?: (spec: string) => void;
}

/**
 * Downloads and unpacks `NAME@VERSION` (an exact version, so results stay comparable), or
 * returns the copy unpacked by an earlier run.
 * @param spec - e.g. `express@5.3.0` or `@typescript-eslint/parser@8.0.0`.
 * @param options - see {@link NpmPackOptions}.
 * @returns the package name, version and unpacked folder.
 * @throws Error when the spec has no exact version, or when `npm pack` or `tar` fails (offline
 *   with an empty cache, unknown version).
 * @example const { dir } = await npmPack('zod@4.6.7', { cacheDir: 'cache' }); // cache/zod@4.6.7/package
 */
export async function npmPack(
  spec: string,
  { cacheDir, onDownload }: NpmPackOptions,
): Promise<PackedPackage> {
  const match = /^(@?[^@]+)@(\d+\.\d+\.\d+(?:-[\w.]+)?)$/.exec(spec);
  if (!match) throw new Error(`npmPack needs NAME@EXACT_VERSION, got "${spec}".`);
  const [, name = '', version = ''] = match;
  const folder = path.join(cacheDir, `${name.replace('/', '__')}@${version}`);
  const dir = path.join(folder, 'package');
  const marker = path.join(folder, '.unpacked');
  if (await exists(marker)) return { name, version, dir };
  onDownload?.(spec);

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
