import { describe, expect, it } from 'vitest';
import { parseReport } from '../parse-report.js';

describe('titles of JSON text that does not parse', () => {
  it("takes a cut array's first title-like key, unescaped, not its bracket", () => {
    const cut = [
      '[',
      '  {',
      '    "number": 812,',
      '    "title": "Export \\"crashes\\" on empty sheets",',
      '    "body": "Steps: open an empty sheet, tap Exp',
    ].join('\n');
    expect(parseReport(cut).title).toBe('Export "crashes" on empty sheets');
    expect(parseReport(cut.replace('"title"', '"state": "open", "summary"')).title).toBe(
      'Export "crashes" on empty sheets',
    );
  });

  it('keeps the whole words of a title the cut ends, never part of a token (trial 36)', () => {
    const token = ['gh', 'p_', 'Zq8Kx2Lm4Np6Rt'].join('');
    const cut = `[{"title": "Failing with ${token}`;
    for (const length of [cut.length, cut.length - 6]) {
      const report = parseReport(cut.slice(0, length));
      expect(report.title).toBe('Failing with …');
      expect(JSON.stringify(report.title)).not.toContain(token.slice(0, 6));
    }
    // No title-like key: the line the cut ends keeps its whole words only.
    expect(parseReport(`[{"id": 1, "note": "${token.slice(0, 9)}`).title).toBe(
      '[{"id": 1, "note": …',
    );
    expect(parseReport(`["${token.slice(0, 9)}`).title).toBe('JSON text that does not parse');
    // A value over any length, or holding escapes and line breaks, is read as the value.
    expect(parseReport(`[{"title": "${'Long '.repeat(100)}`).title).toMatch(/^Long Long/);
    expect(parseReport('[{"title": "Tab\\there\\nand more", "body": "x').title).toBe('Tab here');
  });

  it('never takes a lone bracket or brace as a title', () => {
    expect(parseReport('{\n[\n').title).toBe('JSON text that does not parse');
  });

  it('titles an issue object with a blank title by its other keys', () => {
    expect(parseReport('{"title": "  ", "summary": "Fallback summary", "x": [1').title).toBe(
      'Fallback summary',
    );
  });

  it('takes the first line with a letter or digit when no key names a title', () => {
    expect(parseReport('[\n  {\n    "id": 42,\n    "steps": ["open", "tap"').title).toBe(
      '"id": 42,',
    );
  });

  it('titles other text by its first line, a bracket included', () => {
    expect(parseReport('[ERROR] build failed\nsee log').title).toBe('[ERROR] build failed');
    expect(parseReport('[Bug] export fails\nwith {"name": "sheet 1"}').title).toBe(
      '[Bug] export fails',
    );
  });
});
