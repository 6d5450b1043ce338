import { describe, expect, it } from 'vitest';
import { MAX_BODY_CHARS } from './limits.js';
import { withLinesReplaced } from './line-replacement.js';

describe('withLinesReplaced', () => {
  it('reads lines until the lines given reach MAX_BODY_CHARS characters, then keeps them', () => {
    const lines = Array.from({ length: 1_000 }, (_, at) => `line ${at}`);
    let reads = 0;
    const out = withLinesReplaced(lines, (line) => {
      reads += 1;
      return [line, 'x'.repeat(999)];
    });
    const read = Math.ceil(MAX_BODY_CHARS / (1_000 + 'line 0'.length + 2));
    expect({ reads, length: out?.length, last: out?.at(-1) }).toEqual({
      reads: read,
      length: 1_000 + read,
      last: 'line 999',
    });
  });
});
