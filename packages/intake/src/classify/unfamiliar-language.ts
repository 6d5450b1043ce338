/**
 * Detects a report the offline classifiers cannot read: one whose words are mostly outside the
 * model's vocabulary, which for models trained on English text means another language. Such a
 * report is still labelled, but with a capped confidence and a reason that says why, instead of a
 * confidently wrong label from the few words the model happens to know.
 */
import { dominantScript, wordTokens } from './word-tokens.js';

/**
 * Below this share of known distinct words a report counts as unfamiliar. English reviews and
 * issues of the shared data sets are rarely under it (`npm run bench:classify` reports the share
 * flagged); a Spanish or Japanese one is far under it.
 */
export const MIN_KNOWN_WORD_SHARE = 0.5;

/** How much of a report's start (in UTF-16 code units) the language check reads; enough words to judge, bounded time. */
export const LANGUAGE_SAMPLE_CHARS = 2_000;

/** The highest confidence a report in an unfamiliar language gets. */
export const UNFAMILIAR_LANGUAGE_CONFIDENCE = 0.34;

/**
 * Says whether a text is in a language the model was not trained on.
 *
 * @param text - The report's title and body; only its first {@link LANGUAGE_SAMPLE_CHARS} are read.
 * @param vocabulary - The model's known tokens.
 * @returns A reason to show ("…only 2 of 9 words…, Han script"), or `undefined` when the text
 *   looks familiar or has no word at all.
 */
export function unfamiliarLanguageReason(
  text: string,
  vocabulary: ReadonlySet<string>,
): string | undefined {
  const sample = text.slice(0, LANGUAGE_SAMPLE_CHARS);
  const words = new Set(wordTokens(sample));
  if (words.size === 0) return undefined;
  let known = 0;
  for (const word of words) if (vocabulary.has(word)) known += 1;
  if (known / words.size >= MIN_KNOWN_WORD_SHARE) return undefined;
  const script = dominantScript(sample);
  const written = script && script !== 'Latin' ? ` (written in ${script} script)` : '';
  return `only ${known} of ${words.size} distinct words are known to the offline model: the report is probably in a language it was not trained on${written}, so the label is a guess`;
}
