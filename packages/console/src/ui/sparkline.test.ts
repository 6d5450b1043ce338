import { describe, expect, it } from 'vitest';
import { barsPath, trendSentence } from './sparkline.js';

describe('trendSentence', () => {
  it('says the total over the days and today', () => {
    expect(trendSentence([0, 2, 0, 3], 'report')).toBe('5 reports in 4 days, 3 today');
    expect(trendSentence([0, 1], 'report')).toBe('1 report in 2 days, 1 today');
  });
});

describe('barsPath', () => {
  it('draws one bar per day with reports, scaled to the busiest day', () => {
    // 2 days over 70 px: 35 px a day, bars 33.5 px wide; the busiest is 17 px high, 1 report 8.5.
    expect(barsPath([1, 2])).toBe('M0.5,8.5h33.5v8.5h-33.5zM35.5,0h33.5v17h-33.5z');
  });

  it('leaves days without reports empty and keeps a small count visible (2 px)', () => {
    expect(barsPath([0, 0])).toBe('');
    expect(barsPath([100, 0, 1])).toMatch(
      /^M0\.5,0h[\d.]+v17h-[\d.]+zM47\.17,15h[\d.]+v2h-[\d.]+z$/,
    );
  });
});
