import { describe, expect, it } from 'vitest';
import { claimsChange } from './change-claim.js';
import { findVersionMentions } from './version-mentions.js';

/** Whether the report's first mention claims a change. */
const claims = (text: string) => {
  const [mention] = findVersionMentions(text);
  if (!mention) throw new Error(`no mention in ${text}`);
  return claimsChange(mention);
};

describe('claimsChange', () => {
  it.each([
    'Since 1.2.0 the parser throws',
    'crashes after upgrading to 1.2.0',
    'after updating to v1.2.0 saving fails',
    'After 1.2.0 the export is empty',
    'It started failing in 1.2.0',
    'the tests started to crash with 1.2.0',
    'This no longer works in 1.2.0',
    'regressed in 1.2.0',
    'after moving to v1.2.0 it hangs',
  ])('claims a change: %s', (text) => {
    expect(claims(text)).toBe(true);
  });

  it.each([
    'crashes after clicking save in 1.2.0',
    'Throws after a second call on 1.2.0',
    'I started the server on 1.2.0 and it throws',
    'slugify 1.2.0 throws a TypeError',
  ])('names a failing version only: %s', (text) => {
    expect(claims(text)).toBe(false);
  });
});
