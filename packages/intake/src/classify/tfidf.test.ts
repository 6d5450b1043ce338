import { describe, expect, it } from 'vitest';
import { termCounts } from './tfidf.js';

describe('termCounts', () => {
  it('counts tokens and adds padded character n-grams of plain words only', () => {
    const counts = termCounts(['ok', 'ok', 't:ok', '__code_block', '!open'], [3]);
    expect(counts.get('ok')).toBe(2);
    expect(counts.get('t:ok')).toBe(1);
    expect(counts.get('c: ok')).toBe(2);
    expect(counts.get('c:ok ')).toBe(2);
    expect([...counts.keys()].filter((term) => term.startsWith('c:'))).toHaveLength(2);
  });
});
