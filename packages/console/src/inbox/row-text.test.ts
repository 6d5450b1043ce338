import { describe, expect, it } from 'vitest';
import { culpritText, whereText } from './row-text.js';

describe('inbox row text', () => {
  it('names the culprit by function, file and line, each when known', () => {
    expect(culpritText({ function: 'addItem', file: 'src/cart.js', line: 42, from: 'stack' })).toBe(
      'addItem · src/cart.js:42',
    );
    expect(culpritText({ function: null, file: 'app.py', line: null, from: 'diagnosis' })).toBe(
      'app.py',
    );
  });

  it('joins releases, platforms and environments, leaving out what is unknown', () => {
    expect(
      whereText({ releases: ['2.13', '2.12'], platforms: ['android'], environments: [] }),
    ).toBe('2.13, 2.12 · android');
    expect(whereText({ releases: [], platforms: [], environments: [] })).toBe('');
  });
});
