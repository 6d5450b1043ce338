import { describe, expect, it } from 'vitest';
import { countFittingItems, cutLine, digits, formatBytes, pluralize } from './output-format.js';
import { countTokens } from './tokens.js';

describe('output formatting', () => {
  it('cuts long lines with an ellipsis, keeping the cap', () => {
    expect(cutLine('abcdef', 6)).toEqual({ text: 'abcdef', cut: false });
    expect(cutLine('abcdefg', 6)).toEqual({ text: 'abcde…', cut: true });
  });

  it.each([
    [0, '0 B'],
    [1_023, '1023 B'],
    [1_536, '1.5 KB'],
    [3 * 1_048_576, '3.0 MB'],
  ])('formats %i bytes as %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });

  it('finds the most items whose rendering fits the token budget', () => {
    const words = Array.from({ length: 100 }, (_, index) => `word${index}`);
    const render = (count: number) => words.slice(0, count).join('\n');
    const fitting = countFittingItems(words.length, 50, render);
    expect(countTokens(render(fitting))).toBeLessThanOrEqual(50);
    expect(countTokens(render(fitting + 1))).toBeGreaterThan(50);
    expect(countFittingItems(words.length, 10_000, render)).toBe(100);
    expect(countFittingItems(0, 10, () => '')).toBe(0);
  });

  it('counts digits and forms plurals', () => {
    expect([digits(9), digits(10), digits(12_345)]).toEqual([1, 2, 5]);
    expect([pluralize(1, 'line'), pluralize(2, 'line'), pluralize(0, 'match', 'matches')]).toEqual([
      '1 line',
      '2 lines',
      '0 matches',
    ]);
  });
});
