/**
 * The two sides of a comparison as the compared-literal rules read them: a secret-named name
 * (`user.password`, read through a getter, a transform or a subscript too) and the literals it is
 * compared with (`"…"`, a list `("…", "…")`, `case "…", "…":`), each judged as the named-literal
 * rule judges a value ({@link looksLikePassword}). Shared by
 * `compared-literal-rule.ts` (operators, comparing calls, assertions) and
 * `switched-literal-rule.ts` (a switch's labels).
 */
import { isChosenSecret } from './chosen-secret.js';
import { looksLikePassword } from './password-value.js';
import { isSecretSettingPointer, SECRET_SETTING, snakeCase } from './secret-names.js';

/**
 * A quoted literal on its line, at most 256 characters, as a pattern's source: its quote is group
 * `n`, its text group `n + 1`.
 */
export const literal = (n: number) => `(["'\\x60])([^"'\\x60\\n\\\\]{1,256})\\${n}`;

/**
 * A quoted key (`'password'`) or a Ruby symbol (`:password`) in brackets, `[…]` a subscript's or
 * `(…)` a call's, as a pattern's source: its quote is group `n`.
 */
const bracketedKey = (n: number, open: string, close: string) =>
  `\\${open}(?:(["'\\x60])[^"'\\x60\\n\\\\]{1,64}\\${n}|:[A-Za-z_]\\w{0,63})\\${close}`;
/**
 * An identifier, then empty calls, subscripts and calls by a key (`getPassword()`,
 * `body['password']`, `getenv("API_TOKEN")`): groups `n` and `n + 1`.
 */
const namePart = (n: number) =>
  String.raw`[A-Za-z_$][\w$]*(?:\(\)|${bracketedKey(n, '[', ']')}|${bracketedKey(n + 1, '(', ')')}){0,4}`;

/**
 * A name as code writes it, read forward (sticky): an identifier or a member (`user.password`,
 * `$this->password`, `user?.password`), its parts maybe empty calls, subscripts or calls by a key
 * (`cfg.getApiToken()`, `password.trim()`, `body['password']`, `os.getenv("API_TOKEN")`),
 * group 1; not followed by a call's `(`.
 */
const NAME_AFTER = new RegExp(
  String.raw`[ \t]*(${namePart(2)}(?:(?:\.|\?\.|->)${namePart(4)}){0,8})(?![\w$(])`,
  'y',
);

/** Whether a character is an identifier's (`[A-Za-z0-9_$]`). */
function isNameChar(char: string): boolean {
  return /[\w$]/.test(char);
}

/**
 * Where the key in brackets that ends at `end` (after its `]` or `)`) starts, at its `[` or `(`:
 * a subscript `['…']` or `[:…]`, a call by a key `("…")` or `(:…)` after its callee's name;
 * -1 when none.
 */
function bracketedKeyStart(text: string, end: number, limit: number): number {
  const close = text.charAt(end - 1);
  const opening = close === ']' ? '[' : '(';
  const symbol = /[[(]:[A-Za-z_]\w{0,63}[\])]$/.exec(text.slice(Math.max(limit, end - 67), end));
  let start = symbol ? end - symbol[0].length : -1;
  const quote = text.charAt(end - 2);
  if (!symbol && /["'\x60]/.test(quote)) {
    const open = limit + text.slice(limit, end - 2).lastIndexOf(quote);
    if (open - 1 >= limit && !/["'\x60\n\\]/.test(text.slice(open + 1, end - 2))) start = open - 1;
  }
  if (start < limit || text.charAt(start) !== opening) return -1;
  return opening === '(' && !isNameChar(text.charAt(start - 1)) ? -1 : start;
}

/**
 * The name that ends at `end` past spaces (an identifier or a member, `this.password`,
 * `$this->password`, `user?.password`, its parts maybe empty calls or subscripts:
 * `password.trim()`, `body['password']`), at most 200 characters read back; `''` when none.
 */
export function nameBefore(text: string, end: number): { name: string; start: number } {
  let stop = end;
  while (stop > 0 && /[ \t]/.test(text.charAt(stop - 1))) stop--;
  let start = stop;
  const limit = Math.max(0, stop - 200);
  while (start > limit) {
    const char = text.charAt(start - 1);
    const before = text.charAt(start - 2);
    if (isNameChar(char)) start--;
    else if (char === '.' && (isNameChar(before) || before === ')' || before === ']')) start--;
    else if (char === '.' && before === '?') start -= 2;
    else if (char === '>' && before === '-') start -= 2;
    else if (char === ')' && before === '(' && isNameChar(text.charAt(start - 3))) start -= 2;
    else if ((char === ']' || char === ')') && bracketedKeyStart(text, start, limit) >= 0) {
      start = bracketedKeyStart(text, start, limit);
    } else break;
  }
  return { name: text.slice(start, stop), start };
}

/** The name read forward from `from` (past spaces), and where it ends; null when none. */
export function nameAfter(text: string, from: number): { name: string; end: number } | null {
  const name = new RegExp(NAME_AFTER);
  name.lastIndex = from;
  const found = name.exec(text);
  return found ? { name: found[1] ?? '', end: name.lastIndex } : null;
}

/**
 * Calls that give their receiver again, changed in case, spaces or type (`password.trim()`,
 * Python's `.strip().lower()`, Rust's `.as_str()`): the name compared is the receiver's.
 */
const TRANSFORM =
  /^(?:trim(?:Start|End)?|[lr]?strip|lower|upper|casefold|to(?:Locale)?(?:Lower|Upper)Case|toString|valueOf|to_s|to_str|to_string|as_str|as_ref|as_bytes|downcase|upcase|chomp|normalize|intern|unwrap|encode|decode|getBytes|toCharArray|get|value|getValue)$/;

/**
 * The parts of a name: an identifier (group 1), maybe called (group 2) or called by a key (group
 * 4, a Ruby symbol's group 5), or a subscript's key (group 7, a Ruby symbol's group 8).
 */
const PART =
  /([A-Za-z_$][\w$]*)(?:(\(\))|\((?:(["'\x60])([^"'\x60\n\\]*)\3|:([A-Za-z_]\w*))\))?|\[(?:(["'\x60])([^"'\x60\n\\]*)\6|:([A-Za-z_]\w*))\]/g;

/**
 * Calls that read a setting or a field by its key (`os.getenv("API_TOKEN")`, Java's
 * `System.getenv`, Go's `os.Getenv`, Ruby's `ENV.fetch`, `form.get("password")`, Laravel's
 * `env(…)` and `config(…)`, `localStorage.getItem`, Rust's `env::var`): the name is the key's.
 */
const KEY_READER =
  /^(?:get|getenv|Getenv|GetEnv|getEnv|fetch|getProperty|GetEnvironmentVariable|getParameter|getString|getItem|var|env|config)$/;

/** Whether a setting's or a field's name is a secret's (`SECRET_SETTING`), not a pointer to one. */
function isSecretWord(word: string): boolean {
  const snake = snakeCase(word);
  return SECRET_SETTING.test(snake) && !isSecretSettingPointer(snake);
}

/** Accessors of an object's value (`token.getValue()`, `token.toString()`). */
const VALUE_ACCESSOR = /^(?:toString|valueOf|get|value|getValue)$/;

/**
 * The secret word a name ends in, snake-cased, a PHP variable's `$` left off
 * (`user.password` → `password`, `cfg.getApiToken()` → `api_token`), or null when the name is
 * not a secret's: its last part is one (`user.password`, `body['password']`), or the key of a
 * call that reads one by it is ({@link KEY_READER}: `os.getenv("API_TOKEN")`), or a getter's
 * field is (`cfg.getApiToken()`,
 * Python's `get_password()`), or a transform's receiver is (`password.trim()`,
 * {@link TRANSFORM}). A getter of another field (`token.getType()`) is not, nor a lexer's token
 * read through an accessor of its value (`token.getValue()`, `token.toString()`).
 */
function secretWord(name: string): string | null {
  if (!/^[A-Za-z_$]/.test(name)) return null;
  const parts = [...name.matchAll(PART)];
  let accessor = false;
  for (let index = parts.length - 1; index >= 0; index--) {
    const [, word = '', called, , callKey, callSymbol, , quotedKey, symbol] = parts[index] ?? [];
    const argument = callKey ?? callSymbol;
    if (argument !== undefined) {
      // A key a reader reads (`getenv("API_TOKEN")`); another call's is none.
      return KEY_READER.test(word) && isSecretWord(argument) ? snakeCase(argument) : null;
    }
    const key = quotedKey ?? symbol;
    const field = key ?? (called === undefined ? word : word.replace(/^[Gg]et(?:_|(?=[A-Z]))/, ''));
    if (key === undefined && called !== undefined && TRANSFORM.test(word)) {
      accessor ||= VALUE_ACCESSOR.test(word);
      continue;
    }
    // A bare `token` is as often a lexer's: an object whose value is read is one.
    if (accessor && /^token$/i.test(field)) return null;
    return isSecretWord(field) ? snakeCase(field).replace(/^\$/, '') : null;
  }
  return null;
}

/**
 * Whether a name is a secret's (`user.password`, `body['password']`, `cfg.getApiToken()`,
 * `password.trim()`); a getter of another field (`token.getType()`) is not.
 */
export function isSecretName(name: string): boolean {
  return secretWord(name) !== null;
}

/** Words joined by `:` or `/`, each maybe numbered (`t:build`, `api/login`, `kv/data/app1`). */
const JOINED_WORDS = /^[A-Za-z]+\d{0,3}(?:[:/][A-Za-z]+\d{0,3})+$/;

/**
 * An identifier's or a type's name: lower-case words, each maybe numbered, joined by `-`, `_`,
 * `.`, `/` or `:` (`float64`, `uint256`, `complex128`, `oauth2`, `my_var2`, `uuid-v4`), at most
 * 32 characters, words of at most 12 letters, at most three digits in all (checked apart).
 */
const IDENTIFIER_LIKE = /^[a-z]{1,12}\d{0,3}(?:[-_./:][a-z]{1,12}\d{0,3}){0,7}$/;

/** The words of a password a person chooses: `password`, `passwd`, `passphrase`, `pwd`. */
const PASSWORD_WORD = /(?:^|[^A-Za-z0-9])(?:pass(?:_?(?:word|phrase)|wd)?|pwd|pw|pswd)$/i;

/**
 * Whether a literal has the shape of an identifier or a type's name ({@link IDENTIFIER_LIKE}):
 * little entropy, what a lexer's token (`token === "float64"`) or an auth scheme
 * (`auth === "oauth2"`) is compared with. A token, a key or a secret a machine makes is not such
 * a word; a password a person chooses may be (`hunter2`), so a password's name keeps it.
 */
function isIdentifierLike(value: string): boolean {
  return value.length <= 32 && IDENTIFIER_LIKE.test(value) && value.replace(/\D/g, '').length <= 3;
}

/**
 * Whether a literal compared with a name is a secret: its text within its punctuation is not
 * words joined by `:` or `/` ({@link JOINED_WORDS}), and either a person chose it for a
 * password's or a secret's name ({@link isChosenSecret}: a word of letters compared with
 * `password`), or it and that text {@link looksLikePassword} (a lexer's `token === "=>"` has
 * none; its `token === "?NonExpressionKeyword"` is a name within it) and, unless the name is a
 * password's, it is not an identifier's or a type's name ({@link isIdentifierLike}:
 * `token === "float64"`).
 * @param name - the name it is compared with; when omitted, judged as a password's.
 */
export function isSecretLiteral(value: string, name?: string): boolean {
  const inner = value.replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9]+$/g, '');
  if (JOINED_WORDS.test(inner)) return false;
  const word = name === undefined ? 'password' : (secretWord(name) ?? '');
  if (inner !== '' && isChosenSecret(value, word)) return true;
  if (!looksLikePassword(value) || !looksLikePassword(inner)) return false;
  return PASSWORD_WORD.test(word) || !isIdentifierLike(value);
}

/** A literal at a position (sticky), maybe empty: quote group 1, text group 2. */
const LITERAL_AT = /[ \t]*(["'\x60])([^"'\x60\n\\]{0,256})\1/y;
/** A list's separator (sticky): `,`, or `|` of a pattern's alternatives (`case "…" | "…":`). */
const SEPARATOR_AT = /[ \t]*[,|]/y;
/** A list's opening bracket (sticky), group 1. */
const OPENING_AT = /[ \t]*([[({])/y;
/** A list's closing bracket (sticky), after a trailing comma maybe; group 1. */
const CLOSING_AT = /[ \t]*,?[ \t]*([\])}])/y;
const CLOSING: Record<string, string> = { '[': ']', '(': ')', '{': '}' };

/** A literal of a comparison: its text, and its range in the text read. */
export interface ComparedLiteral {
  value: string;
  start: number;
  end: number;
}

/** Reads a sticky pattern at `from`; the match and where it ends, or null. */
export function readAt(
  pattern: RegExp,
  text: string,
  from: number,
): [RegExpExecArray, number] | null {
  const reading = new RegExp(pattern);
  reading.lastIndex = from;
  const found = reading.exec(text);
  return found ? [found, reading.lastIndex] : null;
}

/** Where a sticky pattern read at `from` ends; -1 when it does not match there. */
export function endAt(pattern: RegExp, text: string, from: number): number {
  return readAt(pattern, text, from)?.[1] ?? -1;
}

/**
 * The literals a name is compared with, read from `from` past spaces: one literal or several
 * separated by `,` or `|` (`"…", "…"`), or such a list in brackets (`("…", "…")`, `['…']`), its
 * closing bracket required. At most 64 literals, on one line.
 * @param bracketed - `'required'` for a list in brackets only (`password in ("…")`), `'never'`
 *   for bare literals only. Default `'allowed'`.
 * @returns the literals (their secrets judged by the caller) and where the list ends; null when
 *   no literal stands there.
 */
export function literalsAt(
  text: string,
  from: number,
  bracketed: 'required' | 'allowed' | 'never' = 'allowed',
): { literals: ComparedLiteral[]; end: number } | null {
  const opening = bracketed === 'never' ? null : readAt(OPENING_AT, text, from);
  if (!opening && bracketed === 'required') return null;
  const literals: ComparedLiteral[] = [];
  let end = opening ? opening[1] : from;
  while (literals.length < 64) {
    const separator = literals.length > 0 ? readAt(SEPARATOR_AT, text, end) : null;
    if (literals.length > 0 && !separator) break;
    const found = readAt(LITERAL_AT, text, separator ? separator[1] : end);
    if (!found) break;
    const [match, after] = found;
    literals.push({
      value: match[2] ?? '',
      start: after - match[0].trimStart().length,
      end: after,
    });
    end = after;
  }
  if (literals.length === 0) return null;
  if (!opening) return { literals, end };
  const closing = readAt(CLOSING_AT, text, end);
  if (!closing || closing[0][1] !== CLOSING[opening[0][1] ?? '']) return null;
  return { literals, end: closing[1] };
}
