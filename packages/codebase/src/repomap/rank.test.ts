import { describe, expect, it } from 'vitest';
import { handIndex } from './__fixtures__/hand-index.js';
import { rankDefinitions, rankFiles, rankRepository } from './rank.js';
import type { Focus } from './types.js';

// A small app: everything uses `logger`, the router uses the database, one handler formats dates.
const index = handIndex({
  'src/logger.ts': { definitions: ['createLogger', 'logLevel'] },
  'src/db.ts': { definitions: ['openDatabase'], references: ['createLogger'] },
  'src/router.ts': { definitions: ['createRouter'], references: ['createLogger', 'openDatabase'] },
  'src/dates.ts': { definitions: ['formatDate'], references: ['createLogger'] },
  'src/handlers/orders.ts': {
    definitions: ['listOrders'],
    references: ['createLogger', 'formatDate', 'openDatabase'],
  },
  'src/main.ts': { references: ['createRouter', 'createLogger'] },
});

describe('rankFiles', () => {
  it('ranks the most referenced file first without a focus, ranks summing to 1', () => {
    const ranked = rankFiles(index);
    expect(ranked[0]?.path).toBe('src/logger.ts');
    expect(ranked.map((file) => file.path).sort()).toEqual([...index.files.keys()].sort());
    expect(ranked.reduce((sum, file) => sum + file.rank, 0)).toBeCloseTo(1, 9);
  });

  it('moves the file defining a mentioned identifier to the top', () => {
    expect(rankFiles(index, { identifiers: ['formatDate'] })[0]?.path).toBe('src/dates.ts');
  });

  it('moves the innermost frame file to the top', () => {
    const focus = { frames: [{ path: 'src/db.ts', line: 3 }] };
    expect(rankFiles(index).findIndex((file) => file.path === 'src/db.ts')).toBeGreaterThan(0);
    expect(rankFiles(index, focus)[0]?.path).toBe('src/db.ts');
  });

  it('raises a frame file nothing references above its plain rank', () => {
    const position = (focus?: Focus) =>
      rankFiles(index, focus).findIndex((file) => file.path === 'src/handlers/orders.ts');
    expect(position({ frames: [{ path: 'src/handlers/orders.ts' }] })).toBeLessThan(position());
  });

  it('moves a mentioned path to the top', () => {
    expect(rankFiles(index, { paths: ['src/main.ts'] })[0]?.path).toBe('src/main.ts');
  });
});

describe('rankDefinitions', () => {
  it('spreads file ranks over (file, name) pairs, most important first', () => {
    const ranked = rankDefinitions(index);
    expect(ranked[0]).toMatchObject({ path: 'src/logger.ts', name: 'createLogger' });
    expect(ranked[0]?.definitions.map((definition) => definition.name)).toEqual(['createLogger']);
    expect(ranked.map((pair) => `${pair.path}#${pair.name}`).sort()).toEqual(
      [
        'src/db.ts#openDatabase',
        'src/dates.ts#formatDate',
        'src/handlers/orders.ts#listOrders',
        'src/logger.ts#createLogger',
        'src/logger.ts#logLevel',
        'src/router.ts#createRouter',
      ].sort(),
    );
    expect(ranked.reduce((sum, pair) => sum + pair.rank, 0)).toBeLessThan(1);
  });

  it('favours a mentioned identifier', () => {
    const plain = rankRepository(index).definitions.findIndex((pair) => pair.name === 'formatDate');
    const focused = rankDefinitions(index, { identifiers: ['formatDate'] }).findIndex(
      (pair) => pair.name === 'formatDate',
    );
    expect(focused).toBeLessThan(plain);
  });
});
