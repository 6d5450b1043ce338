import type { Diagnosis } from '@sightline/investigator';
import { describe, expect, it } from 'vitest';
import { diagnosisOutcome } from './vocabulary.js';

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
