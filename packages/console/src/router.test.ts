import { describe, expect, it } from 'vitest';
import { hrefFor, parseRoute } from './router.js';

describe('parseRoute', () => {
  it('reads a group link, its id decoded', () => {
    expect(parseRoute('#/groups/a%20b%2Fc')).toEqual({ name: 'group', id: 'a b/c' });
    expect(parseRoute(hrefFor({ name: 'group', id: '../sources' }))).toEqual({
      name: 'group',
      id: '../sources',
    });
  });

  it('keeps a group id with malformed escapes as written instead of throwing', () => {
    // decodeURIComponent('%') throws URIError, which blanked the whole console.
    expect(parseRoute('#/groups/%')).toEqual({ name: 'group', id: '%' });
    expect(parseRoute('#/groups/abc%ZZ')).toEqual({ name: 'group', id: 'abc%ZZ' });
  });
});
