import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { countTokens } from '@sightline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fanIn } from './graph.js';
import { indexRepository } from './index-repository.js';
import { rankFiles } from './rank.js';
import { renderRepositoryMap } from './render-map.js';
import { buildRepositoryMap } from './repo-map.js';
import type { RepositoryIndex } from './types.js';

/** A small shop written for this test: everything logs, the cart formats money, checkout uses the cart. */
const SHOP: Record<string, string> = {
  'src/log.ts': `export function logEvent(name: string, data?: unknown): void {
  console.log(name, data);
}
`,
  'src/money.ts': `import { logEvent } from './log.js';

export function formatMoney(cents: number): string {
  logEvent('format');
  return (cents / 100).toFixed(2);
}
`,
  'src/cart.ts': `import { formatMoney } from './money.js';
import { logEvent } from './log.js';

export class ShoppingCart {
  items: { price: number }[] = [];

  addItem(price: number): void {
    logEvent('add', price);
    this.items.push({ price });
  }

  totalLabel(): string {
    return formatMoney(this.items.reduce((sum, item) => sum + item.price, 0));
  }
}
`,
  'src/orders/checkout.ts': `import { ShoppingCart } from '../cart.js';
import { logEvent } from '../log.js';

export function checkoutOrder(cart: ShoppingCart): string {
  logEvent('checkout');
  const label = cart.totalLabel();
  return label;
}
`,
  'src/index.ts': `import { ShoppingCart } from './cart.js';
import { checkoutOrder } from './orders/checkout.js';
import { logEvent } from './log.js';

logEvent('start');
checkoutOrder(new ShoppingCart());
`,
  'README.md': '# Shop\n',
};

let root: string;
let index: RepositoryIndex;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'sightline-repomap-'));
  for (const [file, content] of Object.entries(SHOP)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), content);
  }
  index = await indexRepository(root, { cacheDir: false });
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('repository map of a real (small) repository', () => {
  it('ranks the most used file first without a focus', () => {
    expect(rankFiles(index)[0]?.path).toBe('src/log.ts');
    expect(fanIn(index, 'src/log.ts', 'logEvent')).toBe(4);
  });

  it('moves the file of a focus identifier, a mentioned path or a frame to the top', () => {
    expect(rankFiles(index, { identifiers: ['checkoutOrder'] })[0]?.path).toBe(
      'src/orders/checkout.ts',
    );
    expect(rankFiles(index, { identifiers: ['ShoppingCart'] })[0]?.path).toBe('src/cart.ts');
    expect(rankFiles(index, { frames: [{ path: 'src/money.ts', line: 5 }] })[0]?.path).toBe(
      'src/money.ts',
    );
  });

  it('shows the method enclosing a frame line, inside its class', () => {
    const map = renderRepositoryMap(index, {
      tokens: 48,
      focus: { frames: [{ path: 'src/cart.ts', line: 13 }] },
    });
    expect(map.text.split('\n').slice(0, 3)).toEqual([
      'src/cart.ts:',
      ' 4│ export class ShoppingCart',
      '12│   totalLabel(): string',
    ]);
    expect(map.tokens).toBeLessThanOrEqual(48);
  });

  it('fits every budget exactly and counts what it left out', async () => {
    for (const tokens of [16, 32, 64, 128, 1024]) {
      const { map } = await buildRepositoryMap(root, { tokens, cacheDir: false });
      expect(map.tokens).toBeLessThanOrEqual(tokens);
      expect(map.tokens).toBe(countTokens(map.text));
      expect(map.shownFiles + map.omittedFiles).toBe(index.files.size);
    }
    const { map } = await buildRepositoryMap(root, { tokens: 1024, cacheDir: false });
    expect(map).toMatchObject({ omittedFiles: 0, omittedSymbols: 0 });
  });
});
