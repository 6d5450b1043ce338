/**
 * Passwords of prose that `looksLikePassword` leaves out by their shape: a word of letters alone
 * (`pwd: correcthorse`), of digits alone ("the password: 12345678") and a quoted passphrase of
 * several words (`password: "correct horse battery staple"`). Prose says such things of a
 * password just as often ("the password is required", "password: 8 characters", "password:
 * 'the user's password'"), so each is read only where the rules ask it to be (after an explicit
 * `:`, `=`, `is` or `was`, in prose, a bare word ending its sentence) and words prose uses there
 * are none.
 */
import { isExampleWord } from './password-value.js';
import { PLACEHOLDER } from './secret-placeholder.js';

/**
 * Words prose writes after "password is" or "password:" that say what a password is, not what it
 * is set to (`required`, `incorrect`, `unchanged`, `hidden`, `whatever`).
 */
const DESCRIBING_WORD =
  /^(?:required|optional|mandatory|incorrect|correct|invalid|valid|wrong|empty|blank|missing|unknown|unset|weak|strong|secure|insecure|default|random|hidden|masked|stolen|broken|written|chosen|given|forgotten|taken|shown|known|unchanged|same|different|plain|plaintext|cleartext|private|public|unique|simple|change|update|reset|ignore|anything|something|nothing|everything|whatever|elsewhere|below|above|later|again|there|here|instead|enough|either|neither|longer|shorter|better|letters|digits|numbers|characters|symbols|lowercase|uppercase|keychain|vault|environment|bearer|basic|digest|generic|temporary|permanent)$/i;

/**
 * Endings of words that describe (participles, adjectives, adverbs, nouns of an action):
 * `encrypted`, `expiring`, `configurable`, `sensitive`, `normally`, `validation`.
 */
const DESCRIBING_ENDING =
  /(?:ed|ing|able|ible|ly|ive|al|ous|ful|less|ness|ment|tion|sion|ity|ory|ary|ent|ant|ic|ise|ize)$/i;

/**
 * Whether a bare word of prose, given after an explicit separator and ending its sentence, is a
 * password although made of letters alone (6–64, not all capitals: a constant's name; not a
 * describing word or an example's) or of digits alone (6–64).
 * @param word - the word without the sentence's end (`.`, `!`).
 */
export function isPlainWordPassword(word: string): boolean {
  if (/^\d{6,64}$/.test(word)) return true;
  if (!/^[A-Za-z]{6,64}$/.test(word) || /^[A-Z]+$/.test(word)) return false;
  return (
    !PLACEHOLDER.test(word) &&
    !isExampleWord(word) &&
    !DESCRIBING_WORD.test(word) &&
    !DESCRIBING_ENDING.test(word) &&
    !/pass(?:word|wd|phrase)|pwd/i.test(word)
  );
}

/**
 * Words of a sentence about a password rather than of a passphrase: articles, pronouns,
 * prepositions, auxiliaries, and the words of a field's description (`Enter your password`,
 * "must be at least 8 characters", "the user's password").
 */
const SENTENCE_WORD =
  /^(?:the|a|an|of|to|for|your|my|our|their|his|her|its|is|are|be|was|were|must|should|can|will|may|at|least|most|and|or|not|no|with|in|on|by|from|this|that|it|as|if|when|enter|type|use|min|max|minimum|maximum|characters?|letters?|digits?|user'?s?|pass(?:word|wd|phrase)?s?|pwd|login|account|here|new|old|current|confirm)$/i;

/**
 * Whether a quoted value of prose is a passphrase: 2 to 8 words of at most 32 characters each,
 * single spaces between them, none a placeholder, a template or a sentence's word
 * ({@link SENTENCE_WORD}); at most 128 characters.
 * @param value - the value without its quotes.
 */
export function isPassphrase(value: string): boolean {
  if (value.length > 128 || !/^\S+(?: \S+){1,7}$/.test(value)) return false;
  return value
    .split(' ')
    .every(
      (word) =>
        word.length <= 32 &&
        !SENTENCE_WORD.test(word) &&
        !PLACEHOLDER.test(word) &&
        !/[<>{}$%]/.test(word),
    );
}
