/**
 * A secret-named name compared with a literal rather than given one: a hard-coded check
 * (`if (password === "…")`, Python's `if token != "…":`, `"…" == apiKey`), Java's and C#'s
 * `password.equals("…")` (`equalsIgnoreCase`, `Equals`, Ruby's `eql?`), and a comparing call's
 * two arguments (`strcmp(password, "…")`, `Objects.equals(token, "…")`,
 * `hmac.compare_digest(token, "…")`, PHP's `hash_equals`, a test's `assertEquals("…", password)`).
 * The literal is the secret all the same; the named-literal rule reads `=`, `:` and `=>`, not
 * `==` (gitleaks' generic rule reads the operator as an assignment's; this rule reads it as a
 * comparison, on a secret-named name).
 */
import { looksLikePassword } from './password-value.js';
import { isSecretSettingPointer, SECRET_SETTING, snakeCase } from './secret-names.js';
import type { SecretRule } from './secret-rule.js';

/**
 * A quoted literal on its line, at most 256 characters, as a pattern's source: its quote is group
 * `n`, its text group `n + 1`.
 */
const literal = (n: number) => String.raw`(["'\x60])([^"'\x60\n\\]{1,256})` + `\\${n}`;

/** An equality operator: `===`, `!==`, `==`, `!=`, SQL's and Visual Basic's `<>`. */
const OPERATOR = String.raw`(?:===?|!==?|<>)`;

/** Methods that compare their receiver with their argument. */
const EQUALS_METHOD = String.raw`\.(?:equals(?:IgnoreCase)?|Equals|contentEquals|eql\?|equal\?)\(`;

/** Calls that compare their two arguments. */
const COMPARING_CALL = String.raw`\b(?:strn?(?:case)?cmp|_?stricmp|Objects\.equals|String\.Equals|compare_digest|hash_equals|assertEquals?|assert_eq!|assertSame)\(`;

/**
 * A name as code writes it, read forward (sticky): an identifier or a member (`user.password`,
 * `$this->password`), group 1, not followed by a call's `(`.
 */
const NAME_AFTER = /[ \t]*([A-Za-z_$][\w$]*(?:(?:\.|->)[A-Za-z_$][\w$]*){0,8})(?![\w$(])/y;

/** Whether a character code is an identifier's (`[A-Za-z0-9_$]`). */
function isNameChar(char: string): boolean {
  return /[\w$]/.test(char);
}

/**
 * The name that ends at `end` past spaces (an identifier or a member, `this.password`,
 * `$this->password`), at most 200 characters read back; `''` when none.
 */
function nameBefore(text: string, end: number): { name: string; start: number } {
  let stop = end;
  while (stop > 0 && /[ \t]/.test(text.charAt(stop - 1))) stop--;
  let start = stop;
  const limit = Math.max(0, stop - 200);
  while (start > limit) {
    const char = text.charAt(start - 1);
    if (isNameChar(char) || (char === '.' && isNameChar(text.charAt(start - 2)))) start--;
    else if (char === '>' && text.charAt(start - 2) === '-') start -= 2;
    else break;
  }
  return { name: text.slice(start, stop), start };
}

/** The name read forward from `from` (past spaces), and where it ends; null when none. */
function nameAfter(text: string, from: number): { name: string; end: number } | null {
  const name = new RegExp(NAME_AFTER);
  name.lastIndex = from;
  const found = name.exec(text);
  return found ? { name: found[1] ?? '', end: name.lastIndex } : null;
}

/** Whether a name's last part is a secret's (`SECRET_SETTING`), not a pointer to one. */
function isSecretName(name: string): boolean {
  const last = snakeCase(name.split(/\.|->/).at(-1) ?? '');
  return /^[A-Za-z_$]/.test(name) && SECRET_SETTING.test(last) && !isSecretSettingPointer(last);
}

/** Words joined by `:` or `/` (a namespaced token's `t:build`, a path's `api/login`). */
const JOINED_WORDS = /^[A-Za-z]+(?:[:/][A-Za-z]+)+$/;

/**
 * Whether a compared literal is a secret: it and its text within its punctuation
 * {@link looksLikePassword} (a lexer's `token === "=>"` has none; its
 * `token === "?NonExpressionKeyword"` is a name within it), and that text is not words joined by
 * `:` or `/` ({@link JOINED_WORDS}).
 */
function isSecretLiteral(value: string): boolean {
  const inner = value.replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9]+$/g, '');
  return looksLikePassword(value) && looksLikePassword(inner) && !JOINED_WORDS.test(inner);
}

/** Comparisons whose name stands before them: `name === "…"`, `name.equals("…")`. */
const NAME_FIRST = new RegExp(
  String.raw`${OPERATOR}[ \t]*${literal(1)}|${EQUALS_METHOD}[ \t]*${literal(3)}[ \t]*\)`,
  'g',
);
/** Comparisons whose name follows them: `"…" === name`, `"…".equals(name)`. */
const LITERAL_FIRST = new RegExp(
  String.raw`${literal(1)}[ \t]*(?:${OPERATOR}|${EQUALS_METHOD})`,
  'g',
);
/** A comparing call's two arguments, a name then a literal or a literal then a name. */
const CALL = new RegExp(String.raw`${COMPARING_CALL}[ \t]*(?:${literal(1)}[ \t]*,)?`, 'g');
/** A call's literal second argument, after the name's comma (sticky). */
const SECOND_LITERAL = new RegExp(String.raw`[ \t]*,[ \t]*${literal(1)}`, 'y');

/**
 * A secret-named name compared with a literal that {@link isSecretLiteral} (a lexer's
 * `token === "=>"`, `token == "function"` are none); each
 * range runs from the first of the two through the second, on one line.
 */
export const COMPARED_LITERAL_RULE: SecretRule = {
  what: 'a literal compared with a secret-named name',
  *find(text) {
    for (const found of text.matchAll(NAME_FIRST)) {
      const value = found[2] ?? found[4] ?? '';
      const { name, start } = nameBefore(text, found.index);
      if (!isSecretName(name) || !isSecretLiteral(value)) continue;
      yield [start, found.index + found[0].length];
    }
    for (const found of text.matchAll(LITERAL_FIRST)) {
      const after = nameAfter(text, found.index + found[0].length);
      if (!after || !isSecretName(after.name) || !isSecretLiteral(found[2] ?? '')) continue;
      // `"…".equals(name)` closes its call.
      if (found[0].endsWith('(') && !/^[ \t]*\)/.test(text.slice(after.end, after.end + 8))) {
        continue;
      }
      yield [found.index, after.end];
    }
    for (const found of text.matchAll(CALL)) {
      const end = found.index + found[0].length;
      if (found[2] !== undefined) {
        const after = nameAfter(text, end);
        if (after && isSecretName(after.name) && isSecretLiteral(found[2])) {
          yield [found.index, after.end];
        }
        continue;
      }
      const first = nameAfter(text, end);
      if (!first || !isSecretName(first.name)) continue;
      const second = new RegExp(SECOND_LITERAL);
      second.lastIndex = first.end;
      const value = second.exec(text);
      if (value && isSecretLiteral(value[2] ?? '')) yield [found.index, second.lastIndex];
    }
  },
};
