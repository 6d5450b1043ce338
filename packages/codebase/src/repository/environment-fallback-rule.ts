/**
 * A secret written into code as the fallback of an environment or settings read: the default
 * argument (`os.environ.get("DB_PASSWORD", "…")`, `ENV.fetch("API_TOKEN", "…")`,
 * `config.get("secret_key", "…")`) or the right side of a fallback operator
 * (`process.env.DB_PASSWORD || '…'`, `os.getenv("DB_PASS") or "…"`, `?? '…'`, Kotlin's `?: "…"`).
 * The literal is what the program runs with wherever the variable is unset, so it is a real
 * credential as often as any other; the name it stands beside says so (`SECRET_SETTING`). Found by
 * fresh-user trial 42: such lines were shown while `password: '…'` beside them was withheld, as
 * the literal rule wants the quote right after the name's `=` or `:`.
 */

import { isSecretSettingPointer, isWordCode, SECRET_SETTING, snakeCase } from './secret-names.js';
import { PLACEHOLDER } from './secret-placeholder.js';
import type { SecretRule } from './secret-rule.js';

/**
 * A quoted literal of eight or more characters after a fallback operator (`||`, `??`, `?:`, `or`)
 * on the same line; none holding `<` or `>` (a placeholder in prose: `openai:<model>`).
 */
const AFTER_OPERATOR = /(?:\|\||\?\?|\?:|\bor\b)[ \t]*(["'`])([^"'`\s<>]{8,})\1/g;
/** A quoted literal of eight or more characters as a call's second argument (`, "…"`). */
const AFTER_COMMA = /,[ \t]*(["'`])([^"'`\s<>]{8,})\1/g;

/** Whether a name says its value is a secret, not a pointer to one (`token_url`). */
function isSecretName(name: string): boolean {
  const snake = snakeCase(name);
  return SECRET_SETTING.test(snake) && !isSecretSettingPointer(snake);
}

/** The index of the last character before `end` that is not white space (-1 when none). */
function skipSpaceBack(text: string, end: number): number {
  let at = end - 1;
  while (at >= 0 && /\s/.test(text.charAt(at))) at--;
  return at;
}

/**
 * The identifier ending at `last` (inclusive, 0-based), read backwards: `[\w$]`, and `.` and `-`
 * too when `dotted` (a settings key: `db.password`, `api-token`).
 */
function wordBefore(text: string, last: number, dotted: boolean): string {
  let start = last + 1;
  while (start > 0) {
    const code = text.charCodeAt(start - 1);
    if (!(isWordCode(code) || code === 36 || (dotted && (code === 46 || code === 45)))) break;
    start--;
  }
  return text.slice(start, last + 1);
}

/**
 * The name a fallback operator's left side ends with: `DB_PASSWORD` in `env.DB_PASSWORD ||`,
 * `getenv("DB_PASS") or`, `ENV['API_TOKEN'] ||` (a closing bracket and a quote are stepped over).
 */
function leftName(text: string, operator: number): string {
  let at = skipSpaceBack(text, operator);
  if (text.charAt(at) === ')' || text.charAt(at) === ']') at = skipSpaceBack(text, at);
  if (`"'\``.includes(text.charAt(at))) at -= 1;
  return wordBefore(text, at, false);
}

/** The string key a call's first argument is, when the comma at `comma` follows it: `("KEY",`. */
function firstArgumentKey(text: string, comma: number): string | undefined {
  let at = skipSpaceBack(text, comma);
  const quote = text.charAt(at);
  if (!`"'\``.includes(quote) || at < 1) return undefined;
  const key = wordBefore(text, at - 1, true);
  const open = at - 1 - key.length;
  if (key === '' || text.charAt(open) !== quote) return undefined;
  at = skipSpaceBack(text, open);
  return text.charAt(at) === '(' ? key : undefined;
}

/**
 * A secret fallback of an environment or settings read. Each range runs from the operator or the
 * comma through the literal's closing quote (one line), so the scanner withholds that line.
 */
export const ENVIRONMENT_FALLBACK_RULE: SecretRule = {
  what: 'the fallback value of a secret setting',
  *find(text) {
    for (const match of text.matchAll(AFTER_OPERATOR)) {
      const value = match[2] ?? '';
      if (PLACEHOLDER.test(value) || !isSecretName(leftName(text, match.index))) continue;
      yield [match.index, match.index + match[0].length];
    }
    for (const match of text.matchAll(AFTER_COMMA)) {
      const value = match[2] ?? '';
      const key = firstArgumentKey(text, match.index);
      if (PLACEHOLDER.test(value) || key === undefined || !isSecretName(key)) continue;
      yield [match.index, match.index + match[0].length];
    }
  },
};
