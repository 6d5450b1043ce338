import { describe, expect, it } from 'vitest';
import { confidenceWords } from './trust-words.js';

describe('confidenceWords', () => {
  it('tells a confidence as a likelihood with its number', () => {
    expect(confidenceWords(0.4)).toBe('doubtful (40%)');
    expect(confidenceWords(0.72)).toBe('likely right (72%)');
    expect(confidenceWords(0.95)).toBe('very likely right (95%)');
    expect(confidenceWords(0.15)).toBe('a guess (15%)');
    expect(confidenceWords(0)).toBe('none (0%)');
  });

  it('gives the same words to confidences shown as the same percentage', () => {
    // Found by fresh-user trial 19: 0.6499 read "unsure (65%)", 0.65 "likely right (65%)".
    expect(confidenceWords(0.6499)).toBe('likely right (65%)');
    expect(confidenceWords(0.65)).toBe('likely right (65%)');
    expect(confidenceWords(0.2449)).toBe('a guess (24%)');
    expect(confidenceWords(0.004)).toBe('none (0%)');
  });

  it('reads a value outside [0, 1] as the nearest end', () => {
    expect(confidenceWords(1.7)).toBe('very likely right (100%)');
    expect(confidenceWords(-0.2)).toBe('none (0%)');
    expect(confidenceWords(Number.NaN)).toBe('none (0%)');
  });
});
