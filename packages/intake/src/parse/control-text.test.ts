import { describe, expect, it } from 'vitest';
import {
  CONTROLS_REMOVED,
  ESCAPES_REMOVED,
  jsonWithoutControls,
  withoutControls,
} from './control-text.js';

describe('withoutControls', () => {
  it('removes control characters, leaving a space between two words only', () => {
    expect(withoutControls('a\u0000\u0007b c\u0000 d\n')).toEqual({
      text: 'a b c d\n',
      removed: true,
    });
    expect(withoutControls('tab\tand\r\nnewline')).toEqual({
      text: 'tab\tand\r\nnewline',
      removed: false,
    });
  });
});

describe('jsonWithoutControls', () => {
  it('cleans every string value, copying only what changed', () => {
    const untouched = { frames: [{ file: 'a.js', line: 3 }] };
    const value = { title: 'x\u001b[31my', nested: [{ value: 'p\u0000q' }], untouched };
    const { value: cleaned, notes } = jsonWithoutControls(value);
    expect(cleaned).toEqual({ title: 'xy', nested: [{ value: 'p q' }], untouched });
    expect((cleaned as typeof value).untouched).toBe(untouched);
    expect(value.title).toBe('x\u001b[31my');
    expect(notes).toEqual([ESCAPES_REMOVED, CONTROLS_REMOVED]);
  });

  it('returns a clean value itself, with no note', () => {
    const value = { title: 'fine', count: 2, flags: [true, null] };
    expect(jsonWithoutControls(value)).toEqual({ value, notes: [] });
    expect(jsonWithoutControls(value).value).toBe(value);
  });
});
