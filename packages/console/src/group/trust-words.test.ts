import { describe, expect, it } from 'vitest';
import { confidenceWords, verificationWords } from './trust-words.js';

describe('trust words', () => {
  it('tells a confidence as a likelihood with its number', () => {
    expect(confidenceWords(0.4)).toBe('doubtful (40%)');
    expect(confidenceWords(0.72)).toBe('likely right (72%)');
    expect(confidenceWords(0.95)).toBe('very likely right (95%)');
    expect(confidenceWords(0)).toBe('a guess (0%)');
  });

  it('says verification checks the evidence, not the cause', () => {
    expect(verificationWords('verified').sentence).toContain('not that the cause is right');
    expect(verificationWords('unverified').title).toBe('Not grounded');
  });

  it('says when a diagnosis found no cause, not that its evidence failed', () => {
    // Found by a fresh-user trial: a diagnosis that tied nothing read "Not grounded".
    expect(verificationWords('no-cause').title).toBe('No cause found');
  });
});
