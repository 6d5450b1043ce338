/**
 * A tiny TypeScript repository with one known bug, written to a temporary directory, plus the bug
 * report a user would file about it. Used by the investigator's tests and the CLI's.
 */
import { mkdir, mkdtemp, realpath, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type Definition,
  type IndexedFile,
  openRepository,
  type Repository,
  type RepositoryIndex,
} from '@sightline/codebase';
import type { Report } from '@sightline/intake';

/** Where the planted bug is. Lines are 1-based, inclusive. */
export interface KnownBug {
  path: string;
  lines: [number, number];
  symbol: string;
  /** The faulty line, exactly as written in the file. */
  quote: string;
}

/** A fake repository on disk. */
export interface FakeRepository {
  /** Absolute real path of the temporary repository root. */
  root: string;
  /** A hand-written index of the repository (definitions only, no references). */
  index: RepositoryIndex;
  /** The repository opened with that index (see `openRepository`). */
  repository: Repository;
  /** Repository-relative path → file content, exactly as written. */
  files: Readonly<Record<string, string>>;
  bug: KnownBug;
  /** The raw report text a user filed. */
  reportText: string;
  /** That report in structured form, written by hand the way `parseReport` shapes an issue. */
  report: Report;
  /** Deletes the directory. */
  cleanup(): Promise<void>;
}

const CART_TOTAL = `import type { LineItem } from './types.js';

/** Sums price × quantity over the cart. */
export function cartTotal(items: LineItem[]): number {
  let total = 0;
  for (let index = 1; index < items.length; index++) {
    total += items[index].price * items[index].quantity;
  }
  return total;
}
`;

const FILES: Record<string, string> = {
  'package.json': `${JSON.stringify({ name: 'fake-shop', version: '1.0.0', type: 'module' }, null, 2)}\n`,
  'README.md': '# fake-shop\n\nA tiny shop used to test Sightline.\n',
  'src/cart/types.ts': `export interface LineItem {
  sku: string;
  price: number;
  quantity: number;
}
`,
  'src/cart/total.ts': CART_TOTAL,
  'src/checkout.ts': `import { cartTotal } from './cart/total.js';
import type { LineItem } from './cart/types.js';

/** Builds the checkout summary shown before payment. */
export function checkoutSummary(items: LineItem[]): string {
  const total = cartTotal(items);
  return \`\${items.length} items, total \${total.toFixed(2)}\`;
}
`,
  'src/format.ts': `/** Formats an amount in euros. */
export function formatEuro(amount: number): string {
  return \`€\${amount.toFixed(2)}\`;
}
`,
};

/** Definitions per file, as the tags indexer would find them. */
const DEFINITIONS: Record<string, Omit<Definition, 'path' | 'scope'>[]> = {
  'src/cart/types.ts': [
    {
      name: 'LineItem',
      kind: 'interface',
      lines: [1, 5],
      signature: 'export interface LineItem {',
    },
  ],
  'src/cart/total.ts': [
    {
      name: 'cartTotal',
      kind: 'function',
      lines: [4, 10],
      signature: 'export function cartTotal(items: LineItem[]): number {',
    },
  ],
  'src/checkout.ts': [
    {
      name: 'checkoutSummary',
      kind: 'function',
      lines: [5, 8],
      signature: 'export function checkoutSummary(items: LineItem[]): string {',
    },
  ],
  'src/format.ts': [
    {
      name: 'formatEuro',
      kind: 'function',
      lines: [2, 4],
      signature: 'export function formatEuro(amount: number): string {',
    },
  ],
};

const REPORT_TEXT = `Checkout total is wrong
When I add a single item to the cart the checkout summary says "1 items, total 0.00".
With two items only the second one is counted. cartTotal seems to skip the first item.`;

/**
 * Writes the fake repository to a new temporary directory.
 * @returns the repository, its known bug, its report and a cleanup function.
 */
export async function createFakeRepository(): Promise<FakeRepository> {
  const root = await realpath(await mkdtemp(path.join(tmpdir(), 'sightline-fake-repo-')));
  const files = new Map<string, IndexedFile>();
  for (const [relative, content] of Object.entries(FILES)) {
    const absolute = path.join(root, relative);
    await mkdir(path.dirname(absolute), { recursive: true });
    await writeFile(absolute, content);
    files.set(relative, {
      path: relative,
      language: relative.endsWith('.ts') ? 'typescript' : null,
      size: Buffer.byteLength(content),
      lineCount: content.split('\n').length - 1,
      mtimeMs: (await stat(absolute)).mtimeMs,
      definitions: (DEFINITIONS[relative] ?? []).map((definition) => ({
        ...definition,
        path: relative,
        scope: [],
      })),
      references: [],
    });
  }
  const [title = '', ...rest] = REPORT_TEXT.split('\n');
  const index: RepositoryIndex = { root, files, skipped: [] };
  return {
    root,
    index,
    repository: await openRepository(root, { index }),
    files: FILES,
    bug: {
      path: 'src/cart/total.ts',
      lines: [6, 8],
      symbol: 'cartTotal',
      quote: '  for (let index = 1; index < items.length; index++) {',
    },
    reportText: REPORT_TEXT,
    report: {
      id: 'fake-shop-checkout-total',
      kind: 'issue',
      source: { format: 'text' },
      title,
      body: rest.join('\n'),
      exceptions: [],
      identifiers: ['cartTotal'],
      paths: [],
    },
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
}
