import type { Report } from '@sightline/intake';
import { describe, expect, it } from 'vitest';
import { itemAt, validDiagnosis } from './__fixtures__/diagnosis.js';
import { assembleDiagnosis } from './assemble-diagnosis.js';
import { diagnosisSchema, type ModelDiagnosis } from './schema.js';

const report: Report = {
  id: 'r-1',
  kind: 'issue',
  source: { format: 'text' },
  body: '\n  Name shows as "undefined"  \nsteps: open the profile page',
  exceptions: [],
  identifiers: ['displayName'],
  paths: [],
};

function modelPart(): ModelDiagnosis {
  const { rootCause, affectedFiles, proposedChange, complexity, risk, riskRationale } =
    validDiagnosis();
  return {
    rootCause,
    affectedFiles: affectedFiles.map((file) => ({ ...file, symbol: file.symbol ?? null })),
    proposedChange:
      proposedChange === null
        ? null
        : { description: proposedChange.description, patch: proposedChange.patch ?? null },
    complexity,
    risk,
    riskRationale,
  };
}

describe('assembleDiagnosis', () => {
  it('joins the model part with the program context into the fixture diagnosis', () => {
    const { suspects, stats } = validDiagnosis();
    const diagnosis = assembleDiagnosis(modelPart(), {
      report,
      label: 'bug',
      method: 'agent',
      suspects,
      stats,
    });
    expect(diagnosis).toEqual(validDiagnosis());
    expect(diagnosisSchema.safeParse(diagnosis).success).toBe(true);
  });

  it('drops null symbol and patch, keeps a null change, prefers the report title', () => {
    const part = { ...modelPart(), proposedChange: null };
    const offline = assembleDiagnosis(part, {
      report: { ...report, title: 'Profile broken' },
      label: 'crash',
      method: 'offline',
      suspects: [],
      stats: { toolCalls: 0, byPhase: {}, inputTokens: 0, outputTokens: 0, durationMs: 3 },
    });
    expect(offline.report).toEqual({
      id: 'r-1',
      title: 'Profile broken',
      kind: 'issue',
      label: 'crash',
    });
    expect(offline.proposedChange).toBeNull();
    expect('symbol' in itemAt(offline.affectedFiles, 1)).toBe(false);
    const noPatch = assembleDiagnosis(
      { ...modelPart(), proposedChange: { description: 'd', patch: null } },
      {
        report: { ...report, body: '' },
        label: 'bug',
        method: 'agent',
        suspects: [],
        stats: offline.stats,
      },
    );
    expect(noPatch.proposedChange).toEqual({ description: 'd' });
    expect(noPatch.report.title).toBe('r-1');
    // A first line past 120 characters is cut before the word the cut would split (trial 49).
    const token = ['gh', 'p_', 'aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789'].join('');
    const long = assembleDiagnosis(modelPart(), {
      ...{ label: 'bug' as const, method: 'agent' as const, suspects: [], stats: offline.stats },
      report: { ...report, body: `${'word '.repeat(20)}${token}\nmore` },
    });
    expect(long.report.title).toBe('word '.repeat(20).trim());
  });

  it("records the label's confidence and margin when given, and only the fields given", () => {
    const { suspects, stats } = validDiagnosis();
    const context = {
      report,
      label: 'question' as const,
      method: 'offline' as const,
      suspects,
      stats,
    };
    const sure = assembleDiagnosis(modelPart(), {
      ...context,
      labelCertainty: { confidence: 0.42, margin: 0.09 },
    });
    expect(sure.report).toMatchObject({
      label: 'question',
      labelConfidence: 0.42,
      labelMargin: 0.09,
    });
    expect(diagnosisSchema.safeParse(sure).success).toBe(true);
    const byRule = assembleDiagnosis(modelPart(), {
      ...context,
      labelCertainty: { confidence: 1 },
    });
    expect(byRule.report.labelConfidence).toBe(1);
    expect('labelMargin' in byRule.report).toBe(false);
  });
});
