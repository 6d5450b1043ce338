import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  exportTargets,
  type PackageJson,
  publishedManifest,
  SOURCE_CONDITION,
} from './published-manifest.js';

const root = path.resolve(import.meta.dirname, '..');
const manifest = (folder: string) =>
  JSON.parse(readFileSync(path.join(root, folder, 'package.json'), 'utf8')) as PackageJson & {
    dependencies?: Record<string, string>;
    peerDependencies?: Record<string, string>;
    peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  };
const workspaces = (manifest('.') as unknown as { workspaces: string[] }).workspaces
  .filter((folder) => folder.startsWith('packages/'))
  .map((folder) => ({ folder, pkg: manifest(folder) }));

describe('publishedManifest', () => {
  it('drops the source condition, scripts and devDependencies and keeps the rest', () => {
    const published = publishedManifest({
      name: '@sightline/x',
      version: '0.1.0',
      scripts: { build: 'tsup' },
      devDependencies: { vitest: '4.1.12' },
      exports: {
        '.': {
          [SOURCE_CONDITION]: './src/index.ts',
          types: './dist/index.d.ts',
          import: './dist/index.js',
        },
      },
    });
    expect(published).toEqual({
      name: '@sightline/x',
      version: '0.1.0',
      exports: { '.': { types: './dist/index.d.ts', import: './dist/index.js' } },
    });
    expect(exportTargets(published.exports)).toEqual(['./dist/index.d.ts', './dist/index.js']);
  });
});

describe('workspace manifests', () => {
  it('every published export target lies in dist/, with a default condition for require(esm)', () => {
    for (const { pkg } of workspaces.filter(({ pkg }) => !pkg.private)) {
      for (const target of exportTargets(publishedManifest(pkg).exports)) {
        expect(target, pkg.name).toMatch(/^\.\/dist\//);
      }
      for (const entry of Object.values(
        (pkg.exports ?? {}) as Record<string, Record<string, string>>,
      )) {
        expect(entry.default, pkg.name).toBe(entry.import);
      }
    }
  });

  it('our packages depend on each other by range', () => {
    for (const { pkg } of workspaces) {
      for (const [name, range] of Object.entries({ ...pkg.dependencies, ...pkg.devDependencies })) {
        if (name.startsWith('@sightline/')) expect(range, `${pkg.name} → ${name}`).toBe('^0.1.0');
      }
    }
  });

  it('the CLI declares every third-party dependency of the packages it bundles', () => {
    const cli = manifest('packages/cli');
    const bundled = Object.keys(cli.devDependencies ?? {}).filter((name) =>
      name.startsWith('@sightline/'),
    );
    const byName = new Map(workspaces.map(({ pkg }) => [pkg.name, pkg]));
    const seen = new Set<string>();
    const missing: string[] = [];
    const visit = (name: string) => {
      const pkg = byName.get(name);
      // Private packages are not published; the console's built files are not in the CLI tarball.
      if (!pkg || pkg.private || seen.has(name)) return;
      seen.add(name);
      // An optional peer (page-context's react, for its /react entry) is the app's to bring.
      const required = Object.keys(pkg.peerDependencies ?? {}).filter(
        (peer) => !pkg.peerDependenciesMeta?.[peer]?.optional,
      );
      for (const dependency of [...Object.keys(pkg.dependencies ?? {}), ...required]) {
        if (dependency.startsWith('@sightline/')) visit(dependency);
        else if (!cli.dependencies?.[dependency]) missing.push(`${dependency} (of ${name})`);
      }
    };
    for (const name of bundled) visit(name);
    expect(missing).toEqual([]);
    expect(
      Object.keys(cli.dependencies ?? {}).filter((name) => name.startsWith('@sightline/')),
    ).toEqual([]);
  });
});
