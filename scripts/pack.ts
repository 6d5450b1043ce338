/**
 * `npm run pack` — packs every publishable package (`packages/*`, not private) into `tarballs/`
 * (git-ignored), after `npm run build`. Each package is staged as it will be installed: its
 * `files`, README, the repository's LICENSE and a package.json without what only this workspace
 * uses (the `@sightline/source` export condition that points at `src/`, devDependencies, scripts).
 * Every tarball is then checked: a LICENSE, and a file for every export target and bin.
 *
 * Install the CLI with `npm install -g ./tarballs/sightline-cli-0.1.0.tgz` (it bundles the
 * workspace packages it uses); `sightline-action-0.1.0.tgz` is the CLI with every dependency
 * bundled, what the GitHub Action runs (`npx --yes --package=<it> sightline-action …`); libraries
 * with their siblings, e.g.
 * `npm install ./tarballs/sightline-core-0.1.0.tgz ./tarballs/sightline-page-context-0.1.0.tgz`.
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { exportTargets, type PackageJson, publishedManifest } from './published-manifest.js';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where `npm run pack` puts the tarballs. */
export const TARBALLS_DIR = path.join(root, 'tarballs');

/** One packed package. */
export interface PackedTarball {
  name: string;
  /** Absolute path of the `.tgz`. */
  file: string;
}

/**
 * Stages and packs one package.
 * @param dir - the package folder.
 * @param outDir - where the tarball goes.
 * @returns the tarball.
 * @throws Error when the tarball lacks a LICENSE or a file an export or bin names.
 */
async function packPackage(dir: string, outDir: string): Promise<PackedTarball> {
  const manifest = JSON.parse(
    await readFile(path.join(dir, 'package.json'), 'utf8'),
  ) as PackageJson;
  const stage = path.join(outDir, '.stage', path.basename(dir));
  await rm(stage, { recursive: true, force: true });
  await mkdir(stage, { recursive: true });
  for (const entry of [...(manifest.files ?? []), 'README.md']) {
    await cp(path.join(dir, entry), path.join(stage, entry), { recursive: true }).catch(
      (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      },
    );
  }
  await cp(path.join(root, 'LICENSE'), path.join(stage, 'LICENSE'));
  const published = publishedManifest(manifest);
  await writeFile(path.join(stage, 'package.json'), `${JSON.stringify(published, null, 2)}\n`);
  const { stdout } = await run(
    'npm',
    ['pack', stage, '--json', '--ignore-scripts', '--pack-destination', outDir],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const [packed] = JSON.parse(stdout) as { filename: string; files: { path: string }[] }[];
  if (!packed) throw new Error(`npm pack ${dir} produced no tarball.`);
  const files = new Set(packed.files.map((file) => file.path));
  const missing = [
    'LICENSE',
    ...exportTargets(published.exports),
    ...Object.values(published.bin ?? {}),
  ]
    .map((target) => target.replace(/^\.\//, ''))
    .filter((target) => !files.has(target));
  if (missing.length > 0) {
    throw new Error(
      `${manifest.name}: the tarball lacks ${missing.join(', ')}; run npm run build.`,
    );
  }
  return { name: manifest.name, file: path.join(outDir, packed.filename) };
}

/** Options of {@link packAll}. */
export interface PackOptions {
  /** Where the tarballs go, emptied first. Default {@link TARBALLS_DIR}. */
  outDir?: string;
  /** Pack only these packages (e.g. `['@sightline/core']`). Default: every publishable one. */
  only?: string[];
}

/**
 * Packs the publishable packages of the workspace (built: `npm run build` first).
 * @param options - `outDir`, `only`.
 * @returns the tarballs, in workspace order.
 * @throws Error when a tarball lacks a file it needs (an unbuilt package), or `npm pack` fails.
 */
export async function packAll({
  outDir = TARBALLS_DIR,
  only,
}: PackOptions = {}): Promise<PackedTarball[]> {
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const tarballs: PackedTarball[] = [];
  const workspace = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as {
    workspaces: string[];
  };
  for (const folder of workspace.workspaces) {
    const dir = path.join(root, folder);
    const manifest = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8')) as {
      name: string;
      private?: boolean;
    };
    if (manifest.private || (only && !only.includes(manifest.name))) continue;
    tarballs.push(await packPackage(dir, outDir));
  }
  await rm(path.join(outDir, '.stage'), { recursive: true, force: true });
  return tarballs;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const tarballs = await packAll();
    for (const { name, file } of tarballs) console.log(`${name}\t${path.relative(root, file)}`);
    const names = (await readdir(TARBALLS_DIR)).length;
    console.log(`${names} tarballs in ${path.relative(root, TARBALLS_DIR)}/`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  }
}
