import { describe, expect, it } from 'vitest';
import { DEFAULT_FUNNEL_BUDGETS } from './phases.js';
import { needsStoredTools } from './stored-tools.js';

const run = { budgets: DEFAULT_FUNNEL_BUDGETS, firstMessageTokens: 3_000 };

describe('needsStoredTools', () => {
  it('leaves the store tools out where nothing can be stored: a 200k window and the default budgets', () => {
    expect(needsStoredTools({ ...run, contextWindow: 200_000, offloadLimitTokens: 20_000 })).toBe(
      false,
    );
  });

  it('offers them when one code tool result can be offloaded, or the budgeted results can fill the window', () => {
    expect(needsStoredTools({ ...run, contextWindow: 32_000, offloadLimitTokens: 3_200 })).toBe(
      true,
    );
    expect(needsStoredTools({ ...run, contextWindow: 128_000, offloadLimitTokens: 12_800 })).toBe(
      true,
    );
  });

  it('offers them when the run has no tool-call budget to bound it', () => {
    const budgets = { explore: 8, deepDive: 4 };
    expect(
      needsStoredTools({ ...run, budgets, contextWindow: 1_000_000, offloadLimitTokens: 20_000 }),
    ).toBe(true);
  });
});
