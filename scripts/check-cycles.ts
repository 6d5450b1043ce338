/**
 * The import-cycle check of `npm run lint`: for each package, madge finds cycles between files of
 * its `src/` (type-only imports included), and {@link findFolderCycles} finds folders that import
 * each other. Prints every cycle found and exits 1; imports of other packages are not followed
 * (dependencies between packages point one way by their package.json).
 *
 * Usage: `tsx scripts/check-cycles.ts` (every package below) or `tsx scripts/check-cycles.ts
 * packages/core …`.
 */
import path from 'node:path';
import madge from 'madge';
import { findFolderCycles } from './folder-cycles.js';

/** The packages checked by default. */
const PACKAGES = [
  'packages/core',
  'packages/models',
  'packages/intake',
  'packages/codebase',
  'packages/compaction',
  'packages/page-context',
  'packages/investigator',
  'packages/service',
  'packages/console',
  'packages/cli',
];

async function fileCycles(pkg: string): Promise<string[]> {
  const result = await madge(path.join(pkg, 'src'), {
    fileExtensions: ['ts', 'tsx'],
    tsConfig: 'tsconfig.json',
  });
  return result.circular().map((cycle) => `${pkg}: ${cycle.join(' > ')}`);
}

async function main(packages: string[]): Promise<number> {
  let found = 0;
  for (const pkg of packages) {
    for (const cycle of await fileCycles(pkg)) {
      found += 1;
      console.error(`file cycle in ${cycle}`);
    }
    for (const cycle of findFolderCycles(path.join(pkg, 'src'))) {
      found += 1;
      console.error(`folder cycle in ${pkg}:`);
      for (const edge of cycle) {
        console.error(`  ${edge.from} → ${edge.to}  (${edge.file} imports '${edge.specifier}')`);
      }
    }
  }
  if (found === 0) console.log(`No import cycles in ${packages.join(', ')}.`);
  return found > 0 ? 1 : 0;
}

const args = process.argv.slice(2);
process.exitCode = await main(args.length > 0 ? args : PACKAGES);
