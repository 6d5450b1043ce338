import { formatPrice } from './util/format.js';

export interface LineItem {
  price: number;
  quantity: number;
}

/** Sums price times quantity. */
export function cartTotal(items: LineItem[]): number {
  return items.reduce((sum, item) => sum + item.price * item.quantity, 0);
}

export function describeCart(items: LineItem[]): string {
  return 'Total: ' + formatPrice(cartTotal(items));
}
