import { describe, expect, it } from 'vitest';
import { capFileCount } from './file-cap.js';

describe('capFileCount', () => {
  it('keeps source code first, each group in path order, and the kept ones in path order', () => {
    const paths = ['a.md', 'b.ts', 'c.txt', 'd.py', 'e.go'];
    expect(capFileCount(paths, 4)).toEqual({
      kept: ['a.md', 'b.ts', 'd.py', 'e.go'],
      dropped: ['c.txt'],
    });
    expect(capFileCount(paths, 2)).toEqual({
      kept: ['b.ts', 'd.py'],
      dropped: ['a.md', 'c.txt', 'e.go'],
    });
    expect(capFileCount(paths, 5).dropped).toEqual([]);
  });
});
