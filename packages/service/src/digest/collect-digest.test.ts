import type { Diagnosis } from '@sightline/investigator';
import { describe, expect, it } from 'vitest';
import { digestSuspect } from './collect-digest.js';

const file = (role: 'cause' | 'symptom', path: string) => ({
  path,
  lines: [3, 9] as [number, number],
  symbol: 'total',
  role,
  evidence: [],
});

describe('digestSuspect', () => {
  it("names the diagnosis' cause, else its first affected file", () => {
    const diagnosis = (affectedFiles: unknown[]) => ({ diagnosis: { affectedFiles } as Diagnosis });
    expect(digestSuspect(diagnosis([file('symptom', 'a.ts'), file('cause', 'b.ts')]))).toEqual({
      path: 'b.ts',
      lines: [3, 9],
      symbol: 'total',
    });
    expect(digestSuspect(diagnosis([file('symptom', 'a.ts')]))?.path).toBe('a.ts');
  });

  it('names the line the diagnosis quotes inside the range (the raised line), as the inbox does', () => {
    // Found by a fresh-user trial: the digest said src/parser.js:3 (the cause's first line) for a
    // crash raised at src/parser.js:10, where the inbox's culprit and the diagnosis pointed.
    const quoting = (...lines: number[]) => ({
      diagnosis: {
        affectedFiles: [
          {
            ...file('cause', 'src/parser.js'),
            lines: [3, 14],
            evidence: lines.map((line) => ({ path: 'src/parser.js', line, quote: 'x' })),
          },
        ],
      } as Diagnosis,
    });
    expect(digestSuspect(quoting(10))).toEqual({
      path: 'src/parser.js',
      lines: [3, 14],
      line: 10,
      symbol: 'total',
    });
    expect(digestSuspect(quoting(20, 11))?.line).toBe(11);
    expect(digestSuspect(quoting(20))).not.toHaveProperty('line');
  });

  it('names none for a diagnosis that cites no file, whatever the localizer ranked', () => {
    // Found by a fresh-user trial: "suspect test/parse.js:1" beside "Nothing in the repository
    // could be tied to the report".
    const record = {
      diagnosis: { affectedFiles: [] } as unknown as Diagnosis,
      suspects: [{ path: 'test/parse.js', lines: [1, 40], score: -1.19, evidence: [] }],
    };
    expect(digestSuspect(record)).toBeUndefined();
  });
});
