import { describe, expect, it } from 'vitest';
import { sharedDataTitle } from './shared-data.js';

describe('sharedDataTitle', () => {
  it('keeps the title when the data is there, and names the missing path when it is not', () => {
    expect(sharedDataTitle('real crashes', import.meta.dirname)).toEqual({
      present: true,
      title: 'real crashes',
    });
    expect(sharedDataTitle('real crashes', '/nonexistent/shared/data/crashes')).toEqual({
      present: false,
      title: 'real crashes (skipped: /nonexistent/shared/data/crashes not found)',
    });
  });
});
