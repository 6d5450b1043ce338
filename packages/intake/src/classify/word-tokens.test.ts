import { describe, expect, it } from 'vitest';
import { dominantScript, wordTokens } from './word-tokens.js';

describe('wordTokens', () => {
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
