/**
 * The install story of page context, tested as a front-end developer meets it: `@sightline/core`
 * and `@sightline/page-context` are packed (`npm run pack`) and installed into a fresh Vite +
 * React 19 + TypeScript app (scripts/__fixtures__/vite-react-app plus a package.json written here)
 * with npm and with pnpm 9; the app type-checks (`tsc`) and builds (`vite build`). The app uses a
 * generic component through `withPageContext` and `usePageAction` with the app's own zod schema:
 * one zod in the tree (a peer), so no TS2739. Skips when the npm registry is unreachable.
 */
import { cp, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PackedTarball, packAll } from './pack.js';
import { registryReachable, runIn } from './registry.js';

const FIXTURE = path.join(import.meta.dirname, '__fixtures__', 'vite-react-app');
const online = await registryReachable();
if (!online) console.warn('skipped: the npm registry is unreachable (npm ping failed)');

/** Versions of a fresh Vite React TypeScript app (as the workspace pins them). */
const APP_DEPENDENCIES = { ai: '^6.0.0', react: '^19.2.0', 'react-dom': '^19.2.0', zod: '^4.1.0' };
const APP_DEV_DEPENDENCIES = {
  '@types/react': '^19.2.0',
  '@types/react-dom': '^19.2.0',
  '@vitejs/plugin-react': '^6.0.0',
  typescript: '~5.9.3',
  vite: '^8.0.0',
};

async function createApp(dir: string, tarballs: PackedTarball[], pnpm: boolean): Promise<void> {
  await cp(FIXTURE, dir, { recursive: true });
  const local = Object.fromEntries(tarballs.map(({ name, file }) => [name, `file:${file}`]));
  const manifest = {
    name: 'adoption-check',
    private: true,
    type: 'module',
    dependencies: { ...local, ...APP_DEPENDENCIES },
    devDependencies: APP_DEV_DEPENDENCIES,
    // pnpm resolves page-context's `@sightline/core@^0.1.0` from the registry, where Sightline is
    // not published: point it at the tarball (the README says so). npm reuses the app's copy.
    ...(pnpm ? { pnpm: { overrides: local } } : {}),
  };
  await writeFile(path.join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}

describe.skipIf(!online)('page context in a fresh Vite + React app', () => {
  let work: string;
  let tarballs: PackedTarball[];
  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'sightline-adoption-'));
    tarballs = await packAll({
      outDir: path.join(work, 'tarballs'),
      only: ['@sightline/core', '@sightline/page-context'],
    });
  }, 300_000);
  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it('installs with npm, type-checks and builds, with one zod in the tree', async () => {
    const app = path.join(work, 'npm-app');
    await createApp(app, tarballs, false);
    await runIn('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], app);
    const zods = await runIn('npm', ['ls', 'zod', '--all', '--parseable'], app);
    expect(new Set(zods.trim().split('\n')).size).toBe(1);
    await runIn(path.join(app, 'node_modules', '.bin', 'tsc'), ['-p', '.'], app);
    await runIn(path.join(app, 'node_modules', '.bin', 'vite'), ['build'], app);
    expect((await readdir(path.join(app, 'dist', 'assets'))).some((f) => f.endsWith('.js'))).toBe(
      true,
    );
  }, 600_000);

  it('installs with pnpm 9, type-checks and builds, with one zod in the tree', async () => {
    const app = path.join(work, 'pnpm-app');
    await createApp(app, tarballs, true);
    await runIn('npx', ['--yes', 'pnpm@9', 'install', '--prefer-offline'], app);
    const store = await readdir(path.join(app, 'node_modules', '.pnpm'));
    expect(store.filter((entry) => entry.startsWith('zod@'))).toHaveLength(1);
    await runIn(path.join(app, 'node_modules', '.bin', 'tsc'), ['-p', '.'], app);
    await runIn(path.join(app, 'node_modules', '.bin', 'vite'), ['build'], app);
    expect((await readdir(path.join(app, 'dist', 'assets'))).some((f) => f.endsWith('.js'))).toBe(
      true,
    );
  }, 600_000);
});
