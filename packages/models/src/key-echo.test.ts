import { describe, expect, it } from 'vitest';
import { WITHHELD_KEY, WITHHELD_PIECE, withoutKey } from './key-echo.js';

describe('withoutKey (fresh-user trial 31)', () => {
  const key = 'local-key-7f3a9c21';

  it('takes out the key cut short, in halves, and in base64', () => {
    expect(withoutKey(`bad key ${key.slice(0, -4)}...`, key)).toBe(`bad key ${WITHHELD_PIECE}...`);
    expect(withoutKey(`starting ${key.slice(0, 9)} and ending ${key.slice(9)}`, key)).toBe(
      `starting ${WITHHELD_PIECE} and ending ${WITHHELD_PIECE}`,
    );
    expect(withoutKey(`got ${Buffer.from(key).toString('base64')}`, key)).toBe(
      `got ${WITHHELD_KEY}`,
    );
    expect(withoutKey(`auth was Bearer ${key}`, key)).toBe(`auth was Bearer ${WITHHELD_KEY}`);
  });

  it('takes out a short key where it stands as a word, and leaves the rest', () => {
    expect(withoutKey('auth was Bearer abc; abcdef is fine', 'abc')).toBe(
      `auth was Bearer ${WITHHELD_KEY}; abcdef is fine`,
    );
    expect(withoutKey('invalid model: m (no such model)', key)).toBe(
      'invalid model: m (no such model)',
    );
  });
});
