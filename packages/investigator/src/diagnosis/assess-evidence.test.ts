import { seededRandom } from '@sightline/core/testing';
import { describe, expect, it } from 'vitest';
import { symbolName } from './assess-evidence.js';

/** What symbolName gave with the pattern it cut argument lists with. */
const byPattern = (symbol: string) =>
  symbol
    .replace(/\(.*\)$/, '')
    .split(/[.#:]+/)
    .filter(Boolean)
    .at(-1) ?? symbol;

describe('symbolName', () => {
  it('gives the last name without arguments or scope', () => {
    expect(symbolName('Parser.Companion.parse(x)')).toBe('parse');
    expect(symbolName('Cache##purge')).toBe('purge');
    expect(symbolName('#purge')).toBe('purge');
    expect(symbolName('run(a)\nParser.step(b)')).toBe('step');
  });

  it('gives what the pattern gave on random symbols of its parts', () => {
    const parts = ['(', ')', 'a', 'b', '.', '#', ':', '\n', '\r', '\u2028', ' ', '()'];
    const random = seededRandom(3);
    for (let count = 0; count < 50_000; count++) {
      const length = 1 + Math.floor(random() * 12);
      const symbol = Array.from({ length }, () => parts[Math.floor(random() * parts.length)]).join(
        '',
      );
      expect(symbolName(symbol), JSON.stringify(symbol)).toBe(byPattern(symbol));
    }
  });

  it('reads a mebibyte of open parentheses in one pass', () => {
    expect(symbolName(`run${'('.repeat(2 ** 20)}`)).toBe(`run${'('.repeat(2 ** 20)}`);
    expect(symbolName(`run${'('.repeat(2 ** 20)})`)).toBe('run');
  });
});
