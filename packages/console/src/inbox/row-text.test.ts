import { describe, expect, it } from 'vitest';
import { culpritText, investigationWords, whereText } from './row-text.js';

describe('inbox row text', () => {
  it('names the culprit by function, file and line, each when known', () => {
    expect(culpritText({ function: 'addItem', file: 'src/cart.js', line: 42, from: 'stack' })).toBe(
      'addItem · src/cart.js:42',
    );
    expect(culpritText({ function: null, file: 'app.py', line: null, from: 'diagnosis' })).toBe(
      'app.py',
    );
  });

  it('joins releases, platforms and environments, leaving out what is unknown', () => {
    expect(
      whereText({ releases: ['2.13', '2.12'], platforms: ['android'], environments: [] }),
    ).toBe('2.13, 2.12 · android');
    expect(whereText({ releases: [], platforms: [], environments: [] })).toBe('');
  });

  it('says the investigation as a triager reads it, and what its diagnosis found', () => {
    // Found by a fresh-user trial: verified and unverified diagnoses both read "diagnosed".
    const row = (
      state: 'queued' | 'running' | 'done' | 'failed' | 'not-investigated',
      diagnosisOutcome: 'verified' | 'unverified' | 'no-cause' | null,
      diagnosisConfidence: number | null = null,
    ) => ({
      investigation: { state, reason: null, attempts: 0 },
      diagnosisOutcome,
      diagnosisConfidence,
    });
    expect(investigationWords(row('done', 'verified'))).toBe('cause verified');
    expect(investigationWords(row('done', 'unverified'))).toBe('unverified lead');
    // Found by fresh-user trial 19: "cause verified" alone read as right at 15 % confidence.
    expect(investigationWords(row('done', 'verified', 0.15))).toBe(
      'cause verified · a guess (15%)',
    );
    expect(investigationWords(row('done', 'unverified', 0.5))).toBe(
      'unverified lead · unsure (50%)',
    );
    expect(investigationWords(row('done', 'no-cause', 0))).toBe('no cause found');
    expect(investigationWords(row('done', 'no-cause'))).toBe('no cause found');
    expect(investigationWords(row('done', null))).toBe('no diagnosis');
    expect(investigationWords(row('running', null))).toBe('investigating');
    expect(investigationWords(row('running', 'unverified'))).toBe('unverified lead · re-running');
    expect(investigationWords(row('queued', 'verified'))).toBe('cause verified · re-run queued');
    expect(investigationWords(row('failed', null))).toBe('investigation failed');
  });
});
