import { describe, expect, it } from 'vitest';
import { refusedHistoryWarning } from './read-history.js';

describe('refusedHistoryWarning', () => {
  it("advises running as the checkout's owner when git refused the checkout itself", () => {
    const warning = refusedHistoryWarning({
      reason:
        "git history could not be read: fatal: detected dubious ownership in repository at '<path>'",
    });
    expect(warning).toMatch(
      /dubious ownership.*; the diagnosis has no history part \(suspect commits, regression window\)\. Run as the user who owns the checkout, trust it with `git config --global --add safe.directory DIR`, or pass --no-history/,
    );
  });

  it('advises trying again, not another user, when git only ran out of time', () => {
    const warning = refusedHistoryWarning({
      reason: 'git history could not be read: git took longer than 10000 ms',
      timedOut: true,
    });
    expect(warning).toMatch(
      /took longer than 10000 ms; the diagnosis has no history part .*Git ran out of time .*investigate again, or pass --no-history/,
    );
    expect(warning).not.toMatch(/owns the checkout/);
  });

  it("gives the refusal's own advice when it has one (a core.worktree elsewhere), not the caller's", () => {
    const advice = { access: 'Fix access.', timeLimit: 'Wait.' };
    expect(refusedHistoryWarning({ reason: 'no', advice: 'Unset it.' }, advice)).toBe(
      'no; the diagnosis has no history part (suspect commits, regression window). Unset it.',
    );
  });

  it("takes the caller's advice per cause", () => {
    const advice = { access: 'Fix access.', timeLimit: 'Wait.' };
    expect(refusedHistoryWarning({ reason: 'no', timedOut: true }, advice)).toMatch(/Wait\.$/);
    expect(refusedHistoryWarning({ reason: 'no' }, advice)).toMatch(/Fix access\.$/);
  });
});
