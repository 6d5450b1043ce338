/** A diagnosis that is valid against `__fixtures__/repo`; tests copy it and break one thing. */
import type { Diagnosis } from '../schema.js';

export const FIXTURE_PATCH = `--- a/lib/user.js
+++ b/lib/user.js
@@ -13,6 +13,6 @@
 export function displayName(profile) {
-  if (!profile) {
+  if (!profile || !profile.name) {
     return 'Anonymous';
   }
   return profile.name;
 }
`;

/** A fresh valid diagnosis (deep copy each call). */
export function validDiagnosis(): Diagnosis {
  return {
    schemaVersion: 1,
    report: { id: 'r-1', title: 'Name shows as "undefined"', kind: 'issue', label: 'bug' },
    method: 'agent',
    rootCause: {
      summary: 'displayName returns profile.name even when it is missing.',
      explanation: 'loadProfile builds name from firstName and lastName; displayName does not check it.',
      confidence: 0.8,
    },
    affectedFiles: [
      {
        path: 'lib/user.js',
        lines: [13, 18],
        symbol: 'displayName',
        role: 'cause',
        evidence: [
          { path: 'lib/user.js', line: 17, quote: 'return profile.name;' },
          {
            path: 'lib/user.js',
            line: 14,
            quote: "if (!profile) {\n      return 'Anonymous';",
          },
        ],
      },
      {
        path: 'lib/format.js',
        lines: [1, 3],
        role: 'related',
        evidence: [{ path: 'lib/format.js', line: 2, quote: 'return `${first} ${last}`.trim();' }],
      },
    ],
    proposedChange: { description: 'Fall back to Anonymous when the name is empty.', patch: FIXTURE_PATCH },
    complexity: 'low',
    risk: 'low',
    riskRationale: 'One branch in a display helper; no callers depend on the empty name.',
    suspects: [
      {
        path: 'lib/user.js',
        lines: [13, 18],
        symbol: 'displayName',
        score: 0.91,
        evidence: ['identifier "displayName" in the report'],
      },
      { path: 'lib/format.js', lines: [1, 3], score: 0.4, evidence: ['called by loadProfile'] },
    ],
    stats: {
      toolCalls: 5,
      byPhase: {
        explore: { steps: 3, toolCalls: 4, inputTokens: 9000, outputTokens: 300 },
        'deep-dive': { steps: 1, toolCalls: 1, inputTokens: 4000, outputTokens: 200 },
      },
      inputTokens: 13000,
      outputTokens: 500,
      durationMs: 12345,
      model: 'anthropic:claude-sonnet-4-5',
    },
  };
}

/** `items[index]`, or a thrown error when it is missing (keeps tests free of `!`). */
export function itemAt<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`fixture has no item ${index}`);
  return item;
}
