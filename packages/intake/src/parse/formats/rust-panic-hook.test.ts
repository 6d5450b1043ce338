import { seededRandom } from '@sightline/core/testing';
import { describe, expect, it } from 'vitest';
import { LOCATION_DEBUG, parseHookPanics } from './rust-panic-hook.js';

const LOCATION = ' Location { file: "src/a.rs", line: 1, col: 2 }';

/** The message the hook's line gave when its end was cut by `[\s:]+$`. */
function byPattern(line: string): string {
  const at = LOCATION_DEBUG.exec(line)?.index ?? line.length;
  return line
    .slice(0, at)
    .replace(/\b(?:PanicInfo|PanicHookInfo|Location)\b|location:|[{}(),]/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/[\s:]+$/, '')
    .trim();
}

describe('parseHookPanics messages', () => {
  it('are what the pattern gave on random lines of their parts', () => {
    const parts = [
      'panic',
      ' ',
      ':',
      '::',
      '\t',
      '\u00a0',
      'x',
      '{',
      '}',
      '(',
      ')',
      ',',
      'Location',
      'location:',
    ];
    const random = seededRandom(8);
    for (let count = 0; count < 20_000; count++) {
      const length = 1 + Math.floor(random() * 12);
      const head = Array.from({ length }, () => parts[Math.floor(random() * parts.length)]).join(
        '',
      );
      const line = `${head}${LOCATION}`;
      expect(parseHookPanics([line])[0]?.message, JSON.stringify(line)).toBe(byPattern(line));
    }
  });

  it('cut a long run of spaces and colons in one pass', () => {
    const line = `panic${' :'.repeat(2 ** 19)}x${' :'.repeat(2 ** 19)}${LOCATION}`;
    const message = parseHookPanics([line])[0]?.message ?? '';
    expect(message.length).toBe(2 ** 20 + 6);
    expect(message.endsWith(' :x')).toBe(true);
  });
});
