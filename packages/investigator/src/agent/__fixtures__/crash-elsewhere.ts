/**
 * A repository whose crash surfaces in one file while the fix belongs in another: `formatPrice`
 * throws on an undefined amount, which `loadPrices` produced from a row without a price. Written
 * to a temporary folder and indexed for real.
 */
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { indexRepository, openRepository, type Repository, type RepositoryIndex } from '@sightline/codebase';
import { parseReport, type Report } from '@sightline/intake';

const FILES: Record<string, string> = {
  'src/pricing/types.ts': 'export interface Price {\n  sku: string;\n  amount?: number;\n}\n',
  'src/pricing/load-prices.ts': `import type { Price } from './types.js';

/** Reads prices from catalog rows. */
export function loadPrices(rows: string[][]): Price[] {
  return rows.map(([sku = '', cents = '']) => ({
    sku,
    amount: cents === '' ? undefined : Number(cents) / 100,
  }));
}
`,
  'src/pricing/format-price.ts': `import type { Price } from './types.js';

export function formatPrice(price: Price): string {
  return \`€\${(price.amount as number).toFixed(2)}\`;
}
`,
};

const REPORT = `TypeError: Cannot read properties of undefined (reading 'toFixed')
    at formatPrice (src/pricing/format-price.ts:4:39)
    at renderPriceTable (src/ui/price-table.ts:12:5)`;

/** The crash repository on disk, indexed, with its report. */
export interface CrashRepository {
  root: string;
  index: RepositoryIndex;
  /** The repository opened with that index (see `openRepository`). */
  repository: Repository;
  report: Report;
  cleanup(): Promise<void>;
}

/** Writes and indexes the repository in a new temporary folder. */
export async function createCrashRepository(): Promise<CrashRepository> {
  const root = await realpath(await mkdtemp(path.join(tmpdir(), 'sightline-crash-')));
  for (const [relative, content] of Object.entries(FILES)) {
    await mkdir(path.dirname(path.join(root, relative)), { recursive: true });
    await writeFile(path.join(root, relative), content);
  }
  const index = await indexRepository(root, { cacheDir: false });
  return {
    root,
    index,
    repository: await openRepository(root, { index }),
    report: parseReport(REPORT),
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
}
