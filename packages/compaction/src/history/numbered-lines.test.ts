import { describe, expect, it } from 'vitest';
import { numberLines } from './numbered-lines.js';

describe('numberLines', () => {
  it('numbers from the first line, aligned to at least 4 digits, cutting long lines', () => {
    expect(numberLines(['a', 'b'.repeat(10)], 9, { maxLineChars: 5 })).toEqual({
      lines: ['   9│ a', '  10│ bbbb…'],
      cut: 1,
    });
  });

  it('widens for large line numbers and honours an explicit width', () => {
    expect(numberLines(['x'], 12_345).lines).toEqual(['12345│ x']);
    expect(numberLines(['x'], 1, { width: 6 }).lines).toEqual(['     1│ x']);
  });
});
