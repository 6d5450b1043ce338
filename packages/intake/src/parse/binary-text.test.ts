import { describe, expect, it } from 'vitest';
import { binaryTextProblem } from './binary-text.js';

describe('binaryTextProblem', () => {
  it('takes text with a stray NUL or control character for text, as parseReport reads it', () => {
    // Found by fresh-user trial 16: the API refused this as binary data, `investigate` took it.
    expect(
      binaryTextProblem(
        'TypeError: \u202eevil\u202c name \u0000 nul\nat parseConfig (src/parser.js:10:5)\n',
      ),
    ).toBeUndefined();
    expect(binaryTextProblem('')).toBeUndefined();
  });

  it('says what binary data holds: how many control characters or invalid bytes, and the first', () => {
    expect(binaryTextProblem('\u007fELF\u0002\u0001\u0001\u0000\u0000')).toBe(
      'is binary data: 6 of its first 9 characters are control characters or invalid bytes (the first, U+007F, at character 1).',
    );
    expect(binaryTextProblem(`ok ${'\uFFFD'.repeat(5)}`)).toBe(
      'is binary data: 5 of its first 8 characters are control characters or invalid bytes (the first, U+FFFD, at character 4).',
    );
  });
});
