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

  it('says the investigation as a triager reads it', () => {
    const row = (
      state: 'queued' | 'running' | 'done' | 'failed' | 'not-investigated',
      version: number,
    ) => ({
      investigation: { state, reason: null, attempts: 0 },
      latestDiagnosisVersion: version,
    });
    expect(investigationWords(row('done', 1))).toBe('diagnosed');
    expect(investigationWords(row('running', 0))).toBe('investigating');
    expect(investigationWords(row('running', 2))).toBe('diagnosed · re-running');
    expect(investigationWords(row('failed', 0))).toBe('investigation failed');
  });
});
