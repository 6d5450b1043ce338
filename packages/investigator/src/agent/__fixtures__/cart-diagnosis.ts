/**
 * The fake repository's known bug (`createFakeRepository`), diagnosed: as the structurer's JSON and
 * as the agent's report in the template's format; both verify.
 */
import type { ModelDiagnosis } from '../../diagnosis/schema.js';

/** The structurer's answer for the cart bug: a cause with its quote and symbol. */
export const CART_DIAGNOSIS: ModelDiagnosis = {
  rootCause: {
    summary: 'cartTotal in src/cart/total.ts starts its loop at index 1 and skips the first item.',
    explanation: 'The loop starts at 1, so items[0] is never added to the total.',
    confidence: 0.9,
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
          quote: 'for (let index = 1; index < items.length; index++) {',
        },
      ],
    },
  ],
  proposedChange: { description: 'Start the loop at index 0.', patch: null },
  complexity: 'low',
  risk: 'low',
  riskRationale: 'A loop bound; checkoutSummary is the only caller.',
};

/** The model's report in the template's format: read without a structurer, and verifiable. */
export const CART_REPORT = `## Root cause
cartTotal in src/cart/total.ts starts its loop at index 1, so the first line item is never added to the total.

## Confidence
0.9

## Affected files
- \`src/cart/total.ts:6-8\` \`cartTotal\` (cause) — the loop skips items[0].
- \`src/checkout.ts:5-8\` \`checkoutSummary\` (symptom) — shows the short total.

## Evidence
\`src/cart/total.ts:6\`
\`\`\`ts
  for (let index = 1; index < items.length; index++) {
\`\`\`

## Proposed change
Start the loop at index 0.

## Complexity
low — one loop bound.

## Risk
low — checkoutSummary is the only caller.`;

/** A "not found" report on the fake repository: the discount the report speaks of is not in it. */
export const NOT_FOUND_REPORT = `## Not found
The report says a discount code is ignored at checkout, but the repository has no discount code: checkoutSummary only sums and formats.

## Checked
- \`src/checkout.ts:5-8\` — builds the summary from cartTotal; no discount is applied or read.

## Missing information
Which discount code was used, and the build the user ran.`;
