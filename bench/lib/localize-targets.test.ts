import { describe, expect, it } from 'vitest';
import { targetsLine } from './localize-targets.js';

const run = {
  acc1: 0.7,
  acc5: 0.91,
  spanOverlap: 0.73,
  failedVerification: 0,
  measured: 104,
  all: 1115,
  sets: ['shared', 'dev', 'swe-bench-lite', 'corpus'],
  heldOut: true,
};

describe('targetsLine', () => {
  it('gives no verdict on a subset, and says it is one', () => {
    const line = targetsLine(run);
    expect(line).not.toMatch(/\bmet\b|missed/);
    expect(line).toContain(
      'a subset: 104 of 1115 cases (sets shared, dev, swe-bench-lite, corpus)',
    );
    expect(line).toContain('Acc@1 70 % (target ≥ 65 %)');
  });

  it('gives no verdict on the shipped model, even on every case', () => {
    const line = targetsLine({ ...run, measured: 1115, heldOut: false });
    expect(line).not.toMatch(/\bmet\b|missed/);
    expect(line).toContain('not held out');
    expect(line).not.toContain('subset');
  });

  it('judges each target on a held-out run of every case', () => {
    expect(targetsLine({ ...run, measured: 1115 })).toBe(
      'Targets on the grouped cross-validation over all 1115 cases: Acc@1 70 % (target ≥ 65 %: met), Acc@5 91 % (target ≥ 90 %: met), top-5 span overlap 73 % (target ≥ 70 %: met); offline diagnoses failing verification: 0.',
    );
    expect(targetsLine({ ...run, measured: 1115, acc1: 0.52 })).toContain(
      'Acc@1 52 % (target ≥ 65 %: missed)',
    );
  });
});
