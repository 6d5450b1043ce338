/** A model diagnosis of the fake repository's known bug (`createFakeRepository`) that verifies. */
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
