/**
 * Every package the lockfile installs runs on the oldest Node the project supports (the root
 * package.json's `engines.node`, 20.19 today). A dependency that declares a newer Node makes
 * `npm ci` warn EBADENGINE, and its next release may use what Node 20 lacks; pin or override it
 * (see the root package.json's `overrides` and the README's "Quick start").
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

describe('package-lock.json', () => {
  it('installs no package whose engines.node excludes the project’s oldest Node', () => {
    const oldest = semver.minVersion(readJson('package.json').engines.node)?.version;
    expect(oldest).toBeDefined();
    const lock = readJson('package-lock.json') as {
      packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
    };
    const excluding = Object.entries(lock.packages).flatMap(([where, entry]) => {
      const node = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      return node && !semver.satisfies(oldest as string, node)
        ? [`${where}@${entry.version}: node ${node}`]
        : [];
    });
    expect(excluding).toEqual([]);
  });
});
