/**
 * Failure class 1 of issue #33: the throw site outranks the culprit. When the error surfaces in a
 * getter or an assertion, the caller that handed it the bad value ranks first — by the shipped
 * ranking model, on features that tell a helper's throw site from a real one.
 */
import { parseReport } from '@sightline/intake';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createHandBuiltRepository,
  type HandBuiltRepository,
} from './__fixtures__/hand-built-index.js';
import { localize } from './localize.js';

const MONEY = `export function amountOf(price) {
  return price.value;
}
`;
const CART = `import { amountOf } from './money.js';

export function total(items, prices) {
  let sum = 0;
  for (const item of items) {
    sum += amountOf(prices[item.sku]) * item.quantity;
  }
  return sum;
}
`;
const CHECKOUT = `import { total } from './cart.js';

export function checkout(order, prices) {
  const amount = total(order.items, prices);
  return { id: order.id, amount };
}
`;

let repository: HandBuiltRepository;
beforeAll(async () => {
  repository = await createHandBuiltRepository({
    'package.json': { content: '{ "name": "shop" }\n' },
    'lib/money.js': {
      content: MONEY,
      definitions: [{ name: 'amountOf', kind: 'function', lines: [1, 3] }],
    },
    'lib/cart.js': {
      content: CART,
      definitions: [{ name: 'total', kind: 'function', lines: [3, 9] }],
      references: [{ name: 'amountOf', line: 6 }],
    },
    'lib/checkout.js': {
      content: CHECKOUT,
      definitions: [{ name: 'checkout', kind: 'function', lines: [3, 6] }],
      references: [{ name: 'total', line: 4 }],
    },
  });
});
afterAll(() => repository.cleanup());

describe('a throw site in a getter', () => {
  it('ranks the caller that passed the undefined value above the getter', () => {
    const report = parseReport(
      [
        "TypeError: Cannot read properties of undefined (reading 'value')",
        '    at amountOf (/srv/shop/lib/money.js:2:16)',
        '    at total (/srv/shop/lib/cart.js:6:12)',
        '    at checkout (/srv/shop/lib/checkout.js:4:18)',
      ].join('\n'),
    );
    const suspects = localize(report, repository.index);
    expect(suspects.slice(0, 3).map((suspect) => suspect.path)).toEqual([
      'lib/cart.js',
      'lib/money.js',
      'lib/checkout.js',
    ]);
    expect(suspects[0]).toMatchObject({ lines: [3, 9], symbol: 'total' });
  });
});
