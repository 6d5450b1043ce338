import { describe, expect, it } from 'vitest';
import { MAX_BODY_CHARS, MAX_LINE_CHARS } from './limits.js';
import { splitLines, withoutLineNumberColumn } from './lines.js';

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

describe('splitLines', () => {
  it('reads long lines until their lines reach MAX_BODY_CHARS characters, then cuts them', () => {
    const prefix = '05-30 03:44:33.661  4242  4242 E AndroidRuntime: ';
    const frames = Array.from(
      { length: 60 },
      (_, at) => `${prefix}\tat a.B${at}.f(B.kt:${at + 1})`,
    );
    const joined = frames.join(' ');
    expect(joined.length).toBeGreaterThan(MAX_LINE_CHARS);
    const lines = splitLines(Array.from({ length: 1_000 }, () => joined).join('\n'));
    const read = lines.filter((line) => line.length < MAX_LINE_CHARS).length;
    expect(read).toBeGreaterThan(MAX_BODY_CHARS / joined.length);
    expect(read).toBeLessThan((2 * MAX_BODY_CHARS) / (joined.length / 60));
    expect(lines.at(-1)).toBe(joined.slice(0, MAX_LINE_CHARS));
  });
});
