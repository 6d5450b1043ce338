import type { RepositoryIndex } from '@sightline/codebase';
import { describe, expect, it } from 'vitest';
import type { Suspect } from '../diagnosis/schema.js';
import { assessOffline } from './offline-assessment.js';

const index: RepositoryIndex = { root: '/repo', files: new Map(), skipped: [] };

function suspect(path: string, lines: [number, number]): Suspect {
  return { path, lines, score: 1, evidence: [] };
}

describe('assessOffline', () => {
  it("reads complexity from the cause's range alone, not from the alternatives' files (trial 41)", () => {
    const suspects = [
      suspect('src/cart.ts', [10, 12]),
      suspect('src/order.ts', [1, 40]),
      suspect('src/pay.ts', [5, 9]),
    ];
    const assessed = assessOffline(index, suspects);
    expect(assessed.complexity).toBe('low');
    expect(assessed.riskRationale).toContain(
      "The complexity is read from the cause's range alone, 3 lines: the other suspects are alternatives to it.",
    );
    expect(assessOffline(index, [suspect('src/cart.ts', [1, 81])]).complexity).toBe('medium');
    expect(assessOffline(index, []).complexity).toBe('unknown');
  });
});
