import { describe, expect, it } from 'vitest';
import * as exitCodes from './run/exit-codes.js';
import { TOP_LEVEL_HELP } from './top-level-help.js';

describe('TOP_LEVEL_HELP', () => {
  it('lists every exit code the command defines, each on its own line', () => {
    // Found by a fresh-user trial: `sightline --help` left out 7, which investigate uses.
    const defined = Object.values(exitCodes).filter((value) => typeof value === 'number');
    const listed = TOP_LEVEL_HELP.split('Exit codes:\n')[1] ?? '';
    for (const code of [...defined, 130, 143]) {
      expect(listed, `exit code ${code}`).toMatch(
        new RegExp(`^  (?:\\d+, )*${code}(?:, \\d+)*  \\S`, 'm'),
      );
    }
  });

  it('keeps the exit codes within 100 columns', () => {
    const lines = (TOP_LEVEL_HELP.split('Exit codes:\n')[1] ?? '').split('\n');
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(100);
  });
});
