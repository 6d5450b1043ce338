import { describe, expect, it } from 'vitest';
import { suspectSentence } from './suspect-sentence.js';

describe('suspectSentence', () => {
  it('prefers the stack trace over names and words', () => {
    expect(
      suspectSentence([
        'BM25 match: price, cart',
        'innermost in-app frame: src/cart/total.ts:6 in cartTotal, where TypeError was raised',
      ]),
    ).toBe(
      'Named in the stack trace: the innermost app frame, `cartTotal`, where TypeError was raised.',
    );
    expect(
      suspectSentence([
        'in-app frame 2 of the stack (a caller): src/checkout.ts:4 in checkoutSummary',
      ]),
    ).toBe('Named in the stack trace: a caller, `checkoutSummary` (frame 2).');
  });

  it('says which name of the report points here', () => {
    expect(
      suspectSentence([
        'PageRank 0.012 (focus: x)',
        'defines `commandList` mentioned in the report',
      ]),
    ).toBe('The report mentions `commandList`, defined here.');
    expect(suspectSentence(['BM25 match: checkout, total'])).toBe(
      "The file uses the report's words (checkout, total).",
    );
    expect(
      suspectSentence(['PageRank 0.012 (focus: x)', "shares 2 of the report's words: cart, total"]),
    ).toBe("The file shares a few of the report's words (cart, total).");
  });

  it('falls back to the first note, then to the weak signals behind a suspect without one', () => {
    expect(suspectSentence(['twins (same code): a.js'])).toBe('Twins (same code): a.js.');
    // No note: every signal that names something (a frame, a name, a path) or shares the report's
    // words writes one, so only the code graph, left unnoted when weak, is behind it.
    expect(suspectSentence([])).toBe(
      'Only a weak signal: its place in the code graph around what the report names, too weak for a note of its own.',
    );
  });
});
