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
