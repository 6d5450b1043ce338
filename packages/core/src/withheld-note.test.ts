import { describe, expect, it } from 'vitest';
import { withheldLine, withoutWithheldNotes } from './withheld-note.js';

describe('withoutWithheldNotes', () => {
  it('replaces every note by one space and keeps the rest', () => {
    const note = withheldLine('a private key block');
    expect(withoutWithheldNotes(`token: ${note}\nit crashes ${note} here`)).toBe(
      'token:  \nit crashes   here',
    );
  });

  it('leaves a text without notes as it is, brackets included', () => {
    expect(withoutWithheldNotes('[withheld] and [note: x]')).toBe('[withheld] and [note: x]');
  });
});
