import { describe, expect, it } from 'vitest';
import { withoutLineNumberColumn } from './lines.js';

describe('withoutLineNumberColumn', () => {
  it('takes off only runs of three or more consecutive numbers', () => {
    expect(withoutLineNumberColumn(['7 a', '8\tb', '9 c', '12 d'])).toEqual([
      'a',
      '\tb',
      'c',
      '12 d',
    ]);
    expect(withoutLineNumberColumn(['1 a', '2 b', 'c', '4 d'])).toBeNull();
    expect(withoutLineNumberColumn(['3 a', '5 b', '7 c'])).toBeNull();
  });
});
