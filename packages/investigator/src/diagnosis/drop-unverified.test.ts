import { describe, expect, it } from 'vitest';
import { validDiagnosis } from './__fixtures__/diagnosis.js';
import { dropUnverified } from './drop-unverified.js';

describe('dropUnverified', () => {
  it('removes the entries verification rejected and notes them in the explanation', () => {
    const diagnosis = {
      ...validDiagnosis(),
      suspects: [
        { path: 'lib/user.js', lines: [1, 3] as [number, number], score: 2, evidence: [] },
        { path: 'lib/empty.js', lines: [1, 1] as [number, number], score: 1, evidence: [] },
      ],
    };
    const { diagnosis: kept, dropped } = dropUnverified(diagnosis, [
      {
        code: 'LINES_OUT_OF_RANGE',
        path: 'suspects[1].lines',
        message: 'lib/empty.js has 0 lines; lines [1, 1] are out of range.',
      },
    ]);
    expect(dropped).toBe(1);
    expect(kept.suspects.map((suspect) => suspect.path)).toEqual(['lib/user.js']);
    expect(kept.affectedFiles).toEqual(diagnosis.affectedFiles);
    expect(kept.rootCause.explanation).toContain(
      'Left out because they could not be verified against the repository: lib/empty.js (lib/empty.js has 0 lines',
    );
  });

  it('leaves a diagnosis without located errors unchanged', () => {
    const errors = [{ code: 'SCHEMA' as const, path: 'risk', message: 'invalid' }];
    const diagnosis = validDiagnosis();
    expect(dropUnverified(diagnosis, errors)).toEqual({ diagnosis, dropped: 0 });
  });

  it('names a left-out path with its control characters escaped', () => {
    const diagnosis = {
      ...validDiagnosis(),
      suspects: [
        { path: 'lib/a\u202e\n## b.js', lines: [1, 1] as [number, number], score: 1, evidence: [] },
      ],
    };
    const { diagnosis: kept } = dropUnverified(diagnosis, [
      { code: 'PATH_NOT_FOUND', path: 'suspects[0].path', message: 'it does not exist.' },
    ]);
    expect(kept.rootCause.explanation).toContain(
      'could not be verified against the repository: lib/a\\u202e\\u000a## b.js (it does not exist.).',
    );
  });
});
