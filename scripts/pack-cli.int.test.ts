/**
 * The CLI tarball as a user installs it: `npm run pack`'s `@sightline/cli` tarball goes into a
 * temporary global prefix on its own, with the README's command (`npm install -g <tarball>`, install
 * scripts run as npm does by default, so better-sqlite3's native binding is built; the workspace
 * packages are bundled into it, the rest comes from the npm registry). From an unrelated folder,
 * `sightline investigate` runs on a real package (json5 2.2.1 and the report of its
 * prototype-pollution bug, as `npm run demo`) and `sightline serve --demo --once` serves, triages
 * and investigates the demo's reports (the SQLite store, the example files shipped in dist/).
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
    // The README's line; --prefix keeps the machine's global folder out of it. Its install scripts
    // compile native bindings (better-sqlite3's, and the tree-sitter grammars' that Sightline does
    // not use): about 2 minutes on an idle 2-core machine, past 10 on a busy one (the timeout).
    await runIn(
      'npm',
      [
        'install',
        '-g',
        '--prefix',
        prefix,
        '--prefer-offline',
        '--no-audit',
        '--no-fund',
        cli.file,
      ],
      work,
      { npm_config_ignore_scripts: 'false' },
    );
    const elsewhere = path.join(work, 'elsewhere');
    await mkdir(elsewhere);
    const env = {
      PATH: `${path.join(prefix, 'bin')}:${process.env.PATH ?? ''}`,
      // The demo caches its download in the user's cache folder: a fresh one here.
      XDG_CACHE_HOME: path.join(work, 'cache'),
    };
    const { dir: repo } = await npmPack('json5@2.2.1');
    const report = path.join(root, 'examples', 'json5-2.2.1-proto-pollution', 'report.md');
    const sightline = path.join(prefix, 'bin', 'sightline');
    const markdown = await runIn(
      sightline,
      ['investigate', '--repo', repo, '--report', report],
      elsewhere,
      env,
    );
    expect(markdown).toContain('lib/parse.js');

    const inbox = await runIn(sightline, ['serve', '--demo', '--once'], elsewhere, env);
    // --once stops the service after the inbox: no console line or curl lines for it (trial 24).
    expect(inbox).toMatch(/^Inbox:$/m);
    expect(inbox).not.toMatch(/Console:|curl/);
    expect(inbox).toMatch(
      /crash +×2 .*\n +cause verified · [a-z ]+ \(\d+%\) → lib\/parse\.js:\d+-\d+/,
    );
  }, 900_000);
});
