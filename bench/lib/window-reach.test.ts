import type { Suspect } from '@sightline/investigator';
import { describe, expect, it } from 'vitest';
import { windowReach } from './window-reach.js';

const suspect = (path: string): Suspect =>
  ({ path, lines: [1, 2], score: 1, evidence: [] }) as unknown as Suspect;
const files = (...paths: string[]) => new Map(paths.map((path) => [path, 1]));

describe('windowReach', () => {
  const suspects = ['a.ts', 'b.ts', 'c.ts'].map(suspect);

  it('can lift a fixed file no window file is ahead of', () => {
    expect(windowReach({ suspects, gold: ['b.ts'], windowFiles: files('b.ts', 'z.ts') })).toEqual({
      holdsFix: true,
      canLift: true,
      canDemote: false,
    });
    expect(
      windowReach({ suspects, gold: ['c.ts'], windowFiles: files('b.ts', 'c.ts') }).canLift,
    ).toBe(false);
  });

  it('can demote a right first suspect outside the window', () => {
    expect(windowReach({ suspects, gold: ['a.ts'], windowFiles: files('c.ts') })).toEqual({
      holdsFix: false,
      canLift: false,
      canDemote: true,
    });
    expect(windowReach({ suspects, gold: ['a.ts'], windowFiles: files('a.ts') }).canDemote).toBe(
      false,
    );
  });
});
