import { afterEach, describe, expect, it, vi } from 'vitest';
import { dominantScript, SEGMENT_CHARS, wordTokens } from './word-tokens.js';

describe('wordTokens', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('lower-cases words, keeps contractions and drops punctuation and pure numbers', () => {
    expect(wordTokens("It DOESN'T open since v2 (build 1234), it’s broken!")).toEqual([
      'it',
      "doesn't",
      'open',
      'since',
      'v2',
      'build',
      "it's",
      'broken',
    ]);
  });

  it('splits text without spaces into dictionary words with Intl.Segmenter', () => {
    expect(wordTokens('アプリが起動しない')).toEqual(['アプリ', 'が', '起動', 'しない']);
    expect(wordTokens('应用程序崩溃了').length).toBeGreaterThan(1);
    expect(wordTokens('แอปค้างตลอด').length).toBeGreaterThan(1);
  });

  it('hands the segmenter a long run without punctuation in pieces, never cutting a character in two', () => {
    // ICU's dictionary break engine re-reads the whole run per batch of boundaries: time
    // quadratic in the run's length (a 300 KB run of Han without punctuation took 42 s whole).
    const segment = vi.spyOn(Intl.Segmenter.prototype, 'segment');
    // 3,401 characters of Han, then astral ones (two UTF-16 units each) across a piece's end.
    const run = `中${'在终端中使用提交代码时无法输入中文'.repeat(200)}${'𠀀'.repeat(SEGMENT_CHARS)}`;
    const words = wordTokens(run);
    const lengths = segment.mock.calls.map(([text]) => text.length);
    expect(Math.max(...lengths)).toBeLessThanOrEqual(SEGMENT_CHARS);
    expect(lengths.reduce((sum, length) => sum + length, 0)).toBe(run.length);
    // Every character kept, none cut in two (a piece never ends inside a surrogate pair).
    expect(words.join('')).toBe(run);
    expect(words.some((word) => /\p{Cs}/u.test(word))).toBe(false);
    expect(words.filter((word) => word === '终端').length).toBeGreaterThanOrEqual(190);
  });

  it('returns nothing for text without words', () => {
    expect(wordTokens(' 42 ... !! ')).toEqual([]);
  });
});

describe('dominantScript', () => {
  it('names the script most letters are in', () => {
    expect(dominantScript('The app crashes')).toBe('Latin');
    expect(dominantScript('Приложение падает')).toBe('Cyrillic');
    expect(dominantScript('앱이 멈춰요')).toBe('Hangul');
    expect(dominantScript('123 !?')).toBeUndefined();
  });
});
