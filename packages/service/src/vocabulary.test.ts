import type { Diagnosis } from '@sightline/investigator';
import { describe, expect, it } from 'vitest';
import { diagnosisOutcome, investigationWords } from './vocabulary.js';

const cause = {
  path: 'a.ts',
  lines: [3, 9],
  role: 'cause',
  evidence: [],
} as unknown as Diagnosis['affectedFiles'][number];

describe('diagnosisOutcome', () => {
  it.each([
    ['verified', [cause], { verified: true, reasons: [] }],
    ['unverified', [cause], { verified: false, reasons: ['quote not found'] }],
    ['unverified', [cause], undefined],
    ['no-cause', [], { verified: false, reasons: ['nothing tied'] }],
    ['no-cause', [cause], { verified: false, reasons: [], notFound: true }],
  ] as const)('is %s for files %j and verification %j', (outcome, affectedFiles, verification) => {
    expect(
      diagnosisOutcome({
        affectedFiles: [...affectedFiles],
        ...(verification ? { verification } : {}),
      }),
    ).toBe(outcome);
  });
});

describe('investigationWords', () => {
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
