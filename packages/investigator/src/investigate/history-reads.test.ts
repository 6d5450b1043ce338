import { describe, expect, it } from 'vitest';
import { historyLogWarning } from './history-reads.js';

describe('historyLogWarning', () => {
  it('says nothing of a complete log', () => {
    expect(historyLogWarning({ complete: true, outputCapped: false }, undefined)).toBeUndefined();
  });

  it('says a log past the output cap is remembered only when a cache is used', () => {
    const capped = { complete: false, outputCapped: true };
    for (const cacheDir of [undefined, '/tmp/cache']) {
      const warning = historyLogWarning(capped, cacheDir);
      expect(warning).toMatch(/larger than the output cap/);
      expect(warning).toMatch(/read again only when HEAD moves/);
    }
    const uncached = historyLogWarning(capped, false);
    expect(uncached).toMatch(/larger than the output cap/);
    expect(uncached).not.toMatch(/only when HEAD moves|remembered/);
    expect(uncached).toMatch(/a later run reads the log again/);
  });

  it('says a log git could not read is read again next time', () => {
    expect(historyLogWarning({ complete: false, outputCapped: false }, undefined)).toMatch(
      /git could not read the commit log.*investigate again to retry/,
    );
  });
});
