import { describe, expect, it } from 'vitest';
import { unfamiliarLanguageReason } from './unfamiliar-language.js';

const vocabulary = new Set(['the', 'app', 'crashes', 'when', 'i', 'open', 'it']);

describe('unfamiliarLanguageReason', () => {
  it('says nothing when most words are known', () => {
    expect(
      unfamiliarLanguageReason('The app crashes when I open it, sigh', vocabulary),
    ).toBeUndefined();
  });

  it('explains a text whose words are mostly unknown, naming a non-Latin script', () => {
    expect(unfamiliarLanguageReason('アプリが起動しない', vocabulary)).toBe(
      'only 0 of 4 distinct words are known to the offline model: the report is probably in a language it was not trained on (written in Hiragana script), so the label is a guess',
    );
    expect(unfamiliarLanguageReason('La aplicación no abre desde ayer', vocabulary)).toMatch(
      /^only 0 of 6 distinct words .* not trained on, so the label is a guess$/,
    );
  });

  it('says nothing for a text without words', () => {
    expect(unfamiliarLanguageReason('!!!', vocabulary)).toBeUndefined();
  });
});
