/**
 * Error messages through the secret gate: a word that holds a secret becomes the note, a secret
 * that shows only in several words withholds the line, and a message without one is unchanged.
 * Fake values are put together from pieces so no file here matches a scanner's rule.
 */
import { describe, expect, it } from 'vitest';
import { gateMessage } from './gate-message.js';

const join = (...parts: string[]) => parts.join('');
const STRIPE = join('sk', '_live_', 'a1B2c3D4e5F6g7H8');

describe('gateMessage', () => {
  it.each([
    ['Invalid request: limit: Too big: expected number to be <=200'],
    ['No route GET /api/nothing.'],
  ])('leaves %j as it is', async (message) => {
    expect(await gateMessage(message)).toBe(message);
  });

  it('replaces a quoted word that holds a secret, and its quotes, by the note', async () => {
    expect(await gateMessage(`Unrecognized keys: "name", "${STRIPE}"`)).toBe(
      'Unrecognized keys: "name", [withheld: looks like a secret (a Stripe key)]',
    );
  });

  it('withholds the line when only the words together are a secret', async () => {
    const url = join('/login?password=', 'hun', 'ter2xy');
    expect(await gateMessage(`Unrecognized key: "${url}"\nsecond line`)).toBe(
      '[withheld: looks like a secret (a secret-named query parameter)]\nsecond line',
    );
  });
});
