import { describe, expect, it } from 'vitest';
import { verificationWords } from './trust-words.js';

describe('trust words', () => {
  it('says verification checks the evidence, not the cause', () => {
    expect(verificationWords('verified').sentence).toContain('not that the cause is right');
    expect(verificationWords('unverified').title).toBe('Not grounded');
  });

  it('says when a diagnosis found no cause, not that its evidence failed', () => {
    // Found by a fresh-user trial: a diagnosis that tied nothing read "Not grounded".
    expect(verificationWords('no-cause').title).toBe('No cause found');
  });
});
