import { describe, expect, it } from 'vitest';
import { looksLikeDiagnosis, looksLikeRepositoryMap } from './out-guard.js';

describe('looksLikeDiagnosis', () => {
  it('knows a Markdown and a JSON diagnosis', () => {
    expect(
      looksLikeDiagnosis(
        '# Crash on save\n\n- **Report:** `r1` (crash)\n- **Method:** offline (no model)\n\n## Root cause\n\n…',
      ),
    ).toBe(true);
    expect(
      looksLikeDiagnosis(
        '{\n  "report": {},\n  "method": "offline",\n  "rootCause": {},\n  "affectedFiles": []\n}',
      ),
    ).toBe(true);
  });

  it('does not take other Markdown, JSON or code for one', () => {
    expect(looksLikeDiagnosis('# My project\n\n## Root cause analysis guide\n')).toBe(false);
    expect(looksLikeDiagnosis('{ "name": "app", "method": "GET" }')).toBe(false);
    // A schema that names the fields, and a diagnosis with code after it (trial 35).
    expect(
      looksLikeDiagnosis(
        '{"properties": {"method": {}, "rootCause": {}, "affectedFiles": {}}, "method": "offline"}',
      ),
    ).toBe(false);
    expect(
      looksLikeDiagnosis('{"method": "offline", "rootCause": {}, "affectedFiles": []}\nexport {};'),
    ).toBe(false);
    expect(looksLikeDiagnosis('export function rootCause() {}\n')).toBe(false);
  });
});

describe('looksLikeRepositoryMap', () => {
  it("knows map's text and JSON, and nothing else", () => {
    expect(looksLikeRepositoryMap('src/tokens.ts:\n 11│ export interface EncodingModule\n')).toBe(
      true,
    );
    expect(
      looksLikeRepositoryMap('{"root": ".", "budget": 1024, "shownFiles": 3, "files": []}'),
    ).toBe(true);
    expect(looksLikeRepositoryMap('int main(void) {\n  return 0;\n}\n')).toBe(false);
    expect(looksLikeRepositoryMap('{"name": "app", "files": []}')).toBe(false);
    expect(looksLikeRepositoryMap('')).toBe(false);
  });
});
