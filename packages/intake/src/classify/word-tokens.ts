/**
 * Word tokenization for the offline classifiers. Runs of letters and digits are words; a run in a
 * script written without spaces (Japanese, Chinese, Thai, Lao, Khmer, Myanmar) is split further
 * with `Intl.Segmenter` (ICU dictionary word boundaries; Node 20 ships full ICU), so it becomes
 * words instead of one token per sentence. The segmenter runs only on those runs: it is about
 * 20× slower than the regular expression on English text.
 */

const segmenter = new Intl.Segmenter('ja', { granularity: 'word' });

/** A run of letters, marks, digits, underscores and apostrophes (`doesn't` stays one word). */
const WORD_RUN = /[\p{L}\p{M}\p{N}_]+(?:['’][\p{L}]+)*/gu;
/** Scripts written without spaces between words. */
const SPACELESS =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
/**
 * Longest piece of a spaceless run handed to the segmenter at once, in UTF-16 code units. ICU's
 * dictionary break engine re-reads the whole run for each batch of boundaries it finds, so one
 * long run costs time quadratic in its length (Node 20: 40,000 characters of Han took 0.77 s
 * whole, 0.07 s in pieces of 1,000; 100,000 took 42 s on a busy machine). Prose has punctuation
 * every sentence, which already ends a run: only a run without any (a hostile or garbled report)
 * is cut, possibly inside a word.
 */
export const SEGMENT_CHARS = 1_000;
/** Digits only (version numbers and counts carry no label signal as words). */
const NUMBER = /^[\d_]+$/;

/**
 * Splits text into lower-cased words.
 *
 * @param text - Any text.
 * @returns The word-like segments in text order, lower-cased; punctuation, spaces and pure
 *   numbers are left out. English contractions stay whole (`doesn't`).
 * @example
 * wordTokens('アプリが起動しない'); // ['アプリ', 'が', '起動', 'し', 'ない']
 */
export function wordTokens(text: string): string[] {
  const words: string[] = [];
  for (const [run] of text.toLowerCase().matchAll(WORD_RUN)) {
    if (!SPACELESS.test(run)) {
      if (!NUMBER.test(run)) words.push(run.replace(/’/g, "'"));
      continue;
    }
    for (const piece of pieces(run)) {
      for (const { segment, isWordLike } of segmenter.segment(piece)) {
        if (isWordLike && !NUMBER.test(segment)) words.push(segment);
      }
    }
  }
  return words;
}

/** `run` in pieces of at most {@link SEGMENT_CHARS} code units, none ending inside a surrogate pair. */
function* pieces(run: string): Generator<string> {
  for (let start = 0; start < run.length; ) {
    let end = Math.min(start + SEGMENT_CHARS, run.length);
    const last = run.charCodeAt(end - 1);
    if (end < run.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    yield run.slice(start, end);
    start = end;
  }
}

/** Unicode scripts named in the reason for a report in an unfamiliar language. */
const SCRIPTS = [
  'Latin',
  'Han',
  'Hiragana',
  'Katakana',
  'Hangul',
  'Cyrillic',
  'Arabic',
  'Hebrew',
  'Greek',
  'Thai',
  'Devanagari',
] as const;
const SCRIPT_PATTERNS = SCRIPTS.map(
  (script) => [script, new RegExp(`\\p{Script=${script}}`, 'gu')] as const,
);

/**
 * The script most of a text's letters are written in.
 *
 * @param text - Any text.
 * @returns One of Latin, Han, Hiragana, Katakana, Hangul, Cyrillic, Arabic, Hebrew, Greek, Thai,
 *   Devanagari; `undefined` when the text has no letter of these.
 */
export function dominantScript(text: string): string | undefined {
  let best: { script: string; count: number } | undefined;
  for (const [script, pattern] of SCRIPT_PATTERNS) {
    const count = text.match(pattern)?.length ?? 0;
    if (count > 0 && count > (best?.count ?? 0)) best = { script, count };
  }
  return best?.script;
}
