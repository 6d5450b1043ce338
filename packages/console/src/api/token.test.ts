// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { adoptTokenFromFragment, clearToken, readToken } from './token.js';

afterEach(() => {
  clearToken();
  history.replaceState(null, '', '/');
});

describe('adoptTokenFromFragment', () => {
  it('keeps the token and clears the address bar', () => {
    history.replaceState(null, '', '/#token=sl%2Dabc');
    adoptTokenFromFragment();
    expect(readToken()).toBe('sl-abc');
    expect(window.location.hash).toBe('#/');
  });

  it('takes a token with malformed escapes as written instead of throwing', () => {
    // decodeURIComponent('%') threw URIError in the console's entry: a blank page, and the
    // token stayed in the address bar.
    history.replaceState(null, '', '/#token=abc%');
    expect(() => adoptTokenFromFragment()).not.toThrow();
    expect(readToken()).toBe('abc%');
    expect(window.location.hash).toBe('#/');
  });
});
