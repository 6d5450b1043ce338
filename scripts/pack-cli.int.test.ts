/**
 * The CLI tarball as a user installs it: `npm run pack`'s `@sightline/cli` tarball goes into a
 * temporary global prefix on its own (the workspace packages are bundled into it, the rest comes
 * from the npm registry), and `sightline investigate` runs from an unrelated folder on a real
 * package (json5 2.2.1 and the report of its prototype-pollution bug, as `npm run demo`).
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { npmPack } from '../bench/lib/npm-pack.js';
import { packAll } from './pack.js';
import { registryReachable, runIn } from './registry.js';

const root = path.resolve(import.meta.dirname, '..');
const online = await registryReachable();
if (!online) console.warn('skipped: the npm registry is unreachable (npm ping failed)');

describe.skipIf(!online)('npm install -g of the packed CLI', () => {
  let work: string;
  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'sightline-pack-cli-'));
  });
  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it('gives a sightline command that investigates a repository from any folder', async () => {
    const tarballs = await packAll({
      outDir: path.join(work, 'tarballs'),
      only: ['@sightline/cli'],
    });
    const cli = tarballs[0];
    if (!cli) throw new Error('no CLI tarball');
    const manifest = await runIn('tar', ['-xzOf', cli.file, 'package/package.json'], work);
    expect(Object.keys(JSON.parse(manifest).dependencies)).not.toContain('@sightline/core');
    const prefix = path.join(work, 'prefix');
    // Install scripts (better-sqlite3's native build) are not needed by `investigate`.
    await runIn(
      'npm',
      [
        'install',
        '-g',
        '--prefix',
        prefix,
        '--prefer-offline',
        '--ignore-scripts',
        '--no-audit',
        '--no-fund',
        cli.file,
      ],
      work,
    );
    const elsewhere = path.join(work, 'elsewhere');
    await mkdir(elsewhere);
    const { dir: repo } = await npmPack('json5@2.2.1');
    const report = path.join(root, 'examples', 'json5-2.2.1-proto-pollution', 'report.md');
    const markdown = await runIn(
      path.join(prefix, 'bin', 'sightline'),
      ['investigate', '--repo', repo, '--report', report],
      elsewhere,
      { PATH: `${path.join(prefix, 'bin')}:${process.env.PATH ?? ''}` },
    );
    expect(markdown).toContain('lib/parse.js');
  }, 600_000);
});
