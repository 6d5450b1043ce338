import { describe, expect, it } from 'vitest';
import { warningLine } from './warning-line.js';

describe('warningLine', () => {
  it('escapes escape codes and line breaks of the names a warning holds', () => {
    expect(warningLine('1 folder could not be read: esc\u001b[31mRED/, a\nb/.')).toBe(
      'sightline: warning: 1 folder could not be read: esc\\u001b[31mRED/, a\\u000ab/.\n',
    );
  });
});
