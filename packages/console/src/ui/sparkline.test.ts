import { describe, expect, it } from 'vitest';
import { trendSentence } from './sparkline.js';

describe('trendSentence', () => {
  it('says the total over the days and today', () => {
    expect(trendSentence([0, 2, 0, 3], 'report')).toBe('5 reports in 4 days, 3 today');
    expect(trendSentence([0, 1], 'report')).toBe('1 report in 2 days, 1 today');
  });
});
