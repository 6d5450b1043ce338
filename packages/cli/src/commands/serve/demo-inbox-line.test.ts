import type { GroupDetail } from '@sightline/service';
import { describe, expect, it } from 'vitest';
import { demoInvestigationLine } from './demo-inbox-line.js';

type State = 'queued' | 'running' | 'done' | 'failed' | 'not-investigated';

function row(
  state: State,
  outcome: 'verified' | 'unverified' | 'no-cause' | null,
  confidence: number | null,
  reason: string | null = null,
) {
  return {
    investigation: { state, reason, attempts: 1 },
    diagnosisOutcome: outcome,
    diagnosisConfidence: confidence,
  };
}

/** A group detail whose latest diagnosis cites `files`; null: no diagnosis stored. */
function detail(
  files: { path: string; lines: [number, number] }[] | null,
): Pick<GroupDetail, 'diagnoses'> {
  const diagnoses = files ? [{ diagnosis: { affectedFiles: files } }] : [];
  return { diagnoses } as unknown as Pick<GroupDetail, 'diagnoses'>;
}

describe('demoInvestigationLine', () => {
  it('says how sure a verified cause is beside where it is', () => {
    // Found by fresh-user trial 19: the demo's terminal inbox said "investigated → file" with no
    // confidence, where the console says "cause verified · a guess (15%)".
    expect(
      demoInvestigationLine(
        row('done', 'verified', 0.15),
        detail([{ path: 'dist/bin.js', lines: [50, 77] }]),
      ),
    ).toBe('cause verified · a guess (15%) → dist/bin.js:50-77');
  });

  it('says no cause was found, and why a group was not investigated', () => {
    expect(demoInvestigationLine(row('done', 'no-cause', 0), detail([]))).toBe('no cause found');
    expect(
      demoInvestigationLine(
        row('not-investigated', null, null, 'feature requests are investigated on request'),
        detail(null),
      ),
    ).toBe('not investigated: feature requests are investigated on request');
  });
});
