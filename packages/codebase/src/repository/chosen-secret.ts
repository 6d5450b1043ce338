/**
 * A literal compared with the name of what a person chooses, a password or a secret
 * (`if (password === "…")`, `secret === "…"`, the literal a word of letters): a word of letters
 * is a name's shape, which the shape test of a value ({@link looksLikePassword}) takes for no
 * secret, yet a person chooses such words. Here the name says what the value is, so a word of
 * letters is one too, unless it is a value's type or a mode (`typeof password === "string"`,
 * `password == "prompt"`), a placeholder or an example's word. A token's, a key's or an auth's
 * name keeps the shape test: a machine makes those, and a lexer compares its `token` with words
 * (`token === "function"`).
 */
import { isExampleWord, looksLikePassword } from './password-value.js';
import { PLACEHOLDER } from './secret-placeholder.js';

/** Names of a password a person chooses, snake-cased: `password`, `passwd`, `pwd`, `pswd`. */
const PASSWORD_NAME = /(?:^|[^A-Za-z0-9])(?:pass_?(?:word|phrase)|passwd|pwd|pswd)$/i;

/** Names of a secret a person may choose, snake-cased: `secret`, `client_secret`, `jwt_secret`. */
const SECRET_NAME = /(?:^|[^A-Za-z0-9])secret$/i;

/** Words of letters, maybe joined by `-` (a word, a capitalized word, words of a passphrase). */
const LETTER_WORDS = /^[A-Za-z]+(?:-[A-Za-z]+)*$/;

/**
 * Words compared with a password's name that are no password: a value's type (`typeof password
 * === "object"`), a mode of getting one (`"prompt"`, `"stdin"`, `"keyring"`), a state
 * (`"unset"`, `"disabled"`) or a check's verdict, keyed by the field (`errors.password ===
 * "invalid"`, `"weak"`, `"mismatch"`, `"tooShort"`). Placeholders and an example's words are
 * `PLACEHOLDER`'s and {@link isExampleWord}'s.
 */
const NON_VALUE =
  /^(?:undefined|object|number|boolean|function|symbol|bigint|string|array|empty|blank|unset|missing|default|auto|prompt|ask|stdin|env|environ|environment|keyring|keychain|file|random|generate|generated|disabled|enabled|yes|no|on|off|none|null|nil|plain|plaintext|hashed|encrypted|valid|invalid|weak|medium|strong|mismatch|mismatched|short|long|too_?short|too_?long|expired|reset|changed|ok|error|errors|unchanged)$/i;

/** The fewest characters of a password's value (`root`); a secret's keeps the shape test's 6. */
const PASSWORD_MIN_LENGTH = 4;

/**
 * Whether the name a literal is compared with is a password's, snake-cased by the caller:
 * password, user_Password, db_pwd.
 */
export function isPasswordWord(word: string): boolean {
  return PASSWORD_NAME.test(word);
}

/**
 * Whether a literal compared with a password's or a secret's name is a value a person chose,
 * beyond what {@link looksLikePassword} takes: for a password's name any value of at least
 * {@link PASSWORD_MIN_LENGTH} characters that the shape test or a word of letters would take
 * (a word, four digits), for a secret's a word of letters of at least 6; a value's type, a
 * mode, a placeholder or an example's word stays none.
 * @param value - the literal as written, without its quotes.
 * @param word - the name's secret word, snake-cased: password, client_secret.
 * @returns false for any other name: its literal is judged by the shape test alone.
 */
export function isChosenSecret(value: string, word: string): boolean {
  const password = isPasswordWord(word);
  if (!password && !SECRET_NAME.test(word)) return false;
  const minLength = password ? PASSWORD_MIN_LENGTH : 6;
  if (value.length < minLength || value.length > 64) return false;
  if (NON_VALUE.test(value) || PLACEHOLDER.test(value) || isExampleWord(value)) return false;
  return LETTER_WORDS.test(value) || (password && looksLikePassword(value, minLength));
}
