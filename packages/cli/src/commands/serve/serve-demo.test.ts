import { describe, expect, it } from 'vitest';
import { demoEnding } from './serve-demo.js';

describe('the demo ending', () => {
  it('says the temporary data folder goes, and keeps quiet about removing a --data folder', () => {
    expect(demoEnding({ once: true })).toBe(
      '\n--once: stopping (the demo data folder goes with it); without --once it serves until Ctrl-C.\n',
    );
    // With --data the folder is the user's and stays; the line said it went with the demo.
    expect(demoEnding({ once: true, data: '/srv/demo' })).toBe(
      '\n--once: stopping (the data folder /srv/demo is kept); without --once it serves until Ctrl-C.\n',
    );
    expect(demoEnding({ once: false, data: '/srv/demo' })).toBe('\nServing until Ctrl-C.\n');
  });
});
