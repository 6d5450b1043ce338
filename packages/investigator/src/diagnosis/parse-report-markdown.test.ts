import { describe, expect, it } from 'vitest';
import { looksLikeReport, parseReportMarkdown } from './parse-report-markdown.js';
import { NOT_FOUND_SECTIONS, REPORT_SECTIONS, REPORT_TEMPLATE } from './report-template.js';
import { isNotFoundDiagnosis, type ModelDiagnosis, modelDiagnosisSchema } from './schema.js';

const REPORT = `## Root cause
cartTotal in src/cart/total.ts starts its loop at 1. It skips the first item.

The loop index starts at 1, so items[0] is never added.

## Confidence
80%

## Affected files
- \`src/cart/total.ts:6-8\` \`cartTotal\` (cause) — the loop.
- \`src/checkout.ts:5\` \`-\` (symptom) — shows the wrong total.

## Evidence
\`src/cart/total.ts:6\`
\`\`\`ts
  for (let index = 1; index < items.length; index++) {
\`\`\`

src/checkout.ts:6
\`\`\`ts
  const total = cartTotal(items);
\`\`\`

## Proposed change
Start the loop at 0.

\`\`\`diff
--- a/src/cart/total.ts
+++ b/src/cart/total.ts
@@ -6 +6 @@
-  for (let index = 1; index < items.length; index++) {
+  for (let index = 0; index < items.length; index++) {
\`\`\`

## Complexity
Low: one character.

## Risk
low — no caller depends on the skipped item.`;

describe('parseReportMarkdown', () => {
  it('reads a report in the template format into the model part, without a model', () => {
    const parsed = parseReportMarkdown(REPORT);
    expect(parsed).toEqual({
      missing: [],
      fields: parsed.diagnosis,
      diagnosis: {
        rootCause: {
          summary: 'cartTotal in src/cart/total.ts starts its loop at 1. It skips the first item.',
          explanation: 'The loop index starts at 1, so items[0] is never added.',
          confidence: 0.8,
        },
        affectedFiles: [
          {
            path: 'src/cart/total.ts',
            lines: [6, 8],
            symbol: 'cartTotal',
            role: 'cause',
            evidence: [
              {
                path: 'src/cart/total.ts',
                line: 6,
                quote: '  for (let index = 1; index < items.length; index++) {',
              },
            ],
          },
          {
            path: 'src/checkout.ts',
            lines: [5, 5],
            symbol: null,
            role: 'symptom',
            evidence: [
              { path: 'src/checkout.ts', line: 6, quote: '  const total = cartTotal(items);' },
            ],
          },
        ],
        proposedChange: {
          description: 'Start the loop at 0.',
          patch:
            '--- a/src/cart/total.ts\n+++ b/src/cart/total.ts\n@@ -6 +6 @@\n-  for (let index = 1; index < items.length; index++) {\n+  for (let index = 0; index < items.length; index++) {\n',
        },
        complexity: 'low',
        risk: 'low',
        riskRationale: 'no caller depends on the skipped item.',
      },
    });
    // What the parser returns is what the structurer would have to return.
    expect(modelDiagnosisSchema.safeParse(parsed.diagnosis).success).toBe(true);
  });

  it('lists what it cannot read, so a structurer fills it in', () => {
    const free = '## Root cause\nThe loop starts at 1.\n\n## Complexity\ntrivial\n\n## Risk\nhigh';
    expect(parseReportMarkdown(free)).toEqual({
      missing: ['confidence', 'affectedFiles', 'complexity', 'riskRationale'],
      // What was read is kept: only the rest goes to a structurer.
      fields: { risk: 'high' },
    });
  });

  it("reads a confidence given in words (Kent's words of estimative probability)", () => {
    const withWord = (word: string) =>
      parseReportMarkdown(REPORT.replace(/## Confidence\n[^\n]*/, `## Confidence\n${word}`))
        .diagnosis?.rootCause.confidence;
    expect([withWord('High'), withWord('medium — the loop'), withWord('Low.')]).toEqual([
      0.75, 0.5, 0.3,
    ]);
  });
});

describe('a "not found" report', () => {
  it('is read as a diagnosis that claims no cause: the places checked as related, confidence 0', () => {
    const report = `## Not found
The report says totals are wrong for some users, but the cart code adds every item.

## Checked
- \`src/cart/total.ts:1-10\` — sums the items (from index 1, but that is the known bug).
- src/checkout.ts:5 — formats the total.

## Missing information
The cart that shows the wrong total.`;
    const parsed = parseReportMarkdown(report);
    expect(parsed).toMatchObject({ notFound: true, missing: [] });
    expect(parsed.diagnosis).toEqual({
      rootCause: {
        summary:
          'Not found: The report says totals are wrong for some users, but the cart code adds every item.',
        explanation: expect.stringContaining(
          'What would settle it: The cart that shows the wrong total.',
        ),
        confidence: 0,
      },
      affectedFiles: [
        { path: 'src/cart/total.ts', lines: [1, 10], symbol: null, role: 'related', evidence: [] },
        { path: 'src/checkout.ts', lines: [5, 5], symbol: null, role: 'related', evidence: [] },
      ],
      proposedChange: null,
      complexity: 'unknown',
      risk: 'unknown',
      riskRationale: 'Unknown until a cause is found.',
    });
    expect(isNotFoundDiagnosis(parsed.diagnosis as ModelDiagnosis)).toBe(true);
  });
});

describe('REPORT_TEMPLATE and the schema are in step', () => {
  const item = modelDiagnosisSchema.shape.affectedFiles.element.shape;

  it('asks for every section, in order, and for every value the schema allows', () => {
    const headings = [...REPORT_TEMPLATE.matchAll(/^## (.+)$/gm)].map(([, heading]) => heading);
    expect(headings).toEqual([...REPORT_SECTIONS, ...NOT_FOUND_SECTIONS]);
    for (const role of item.role.options) expect(REPORT_TEMPLATE).toContain(`${role} (`);
    const levels = modelDiagnosisSchema.shape.complexity.options;
    expect(levels).toEqual(modelDiagnosisSchema.shape.risk.options);
    expect(REPORT_TEMPLATE.match(/One of low, medium, high/g)).toHaveLength(2);
    expect(REPORT_TEMPLATE).toContain('A number from 0 to 1');
    expect(REPORT_TEMPLATE).not.toMatch(/trivial|small|large/);
  });
});

describe('headings of a degenerate report', () => {
  it('reads headings around a million tabs, and a heading whose closing #s and spaces run long', () => {
    const tabs = '\t'.repeat(1_000_000);
    expect(looksLikeReport(`#\n\0${tabs}\t\0\n#\n#`)).toBe(false);
    expect(looksLikeReport(`## Root cause${tabs} ###${tabs}\nx`)).toBe(true);
    expect(looksLikeReport(`# a${tabs}b #\n## Confidence  ##  \nhigh`)).toBe(true);
    expect(looksLikeReport(`#### Root cause\n`)).toBe(false);
  });
});

describe('sections of a degenerate report', () => {
  it('reads 256 KiB of blank lines, digits and unclosed fences in each section in one pass', () => {
    const fill = (unit: string) => unit.repeat(2 ** 18 / unit.length);
    const report = [
      '## Root cause\nx',
      '## Confidence\nhigh',
      `## Affected files\n- a.ts:1 (cause)\n${fill('\n\n')}x\n- b.ts:${fill('11')}`,
      `## Evidence\na.ts:1${fill('\n\n')}x\n${fill('a:1\n```x\n')}`,
      `## Proposed change\nStart at 0.\n${fill('```diff\n')}`,
      '## Complexity\nlow',
      '## Risk\nlow: one line',
    ].join('\n');
    const { diagnosis } = parseReportMarkdown(report);
    expect(diagnosis?.affectedFiles).toEqual([
      { path: 'a.ts', lines: [1, 1], symbol: null, role: 'cause', evidence: [] },
    ]);
    expect(diagnosis?.proposedChange?.patch).toBeNull();
    const notFound = parseReportMarkdown(`## Not found\nx\n## Checked\n${fill('\n\n')}x`);
    expect(notFound.diagnosis?.affectedFiles).toEqual([]);
  });
});
