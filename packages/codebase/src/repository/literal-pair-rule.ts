/**
 * A secret-named key and its literal written as two arguments or two elements: a C# collection
 * initializer's pair (`new Dictionary<string, string> { { "password", "…" } }`), a map's or a
 * properties' call (`Map.of("password", "…")`, `props.put("password", "…")`,
 * `props.setProperty("db.password", "…")`, `dict.Add("Password", "…")`), a tuple (`("pwd", "…")`),
 * a command's argument list (`spawn("deploy", ["--password", "…"])`).
 * The named-literal rule reads a name's `=`, `:` or `=>`; a comma between the two was read by
 * none.
 */
import { looksLikePassword } from './password-value.js';
import { isSecretSettingPointer, SECRET_SETTING, snakeCase } from './secret-names.js';
import type { SecretRule } from './secret-rule.js';

/**
 * A quoted key (group 2) of a setting's characters, a comma, a quoted literal (group 4) on the
 * line, each at most 256 characters; the pair opens a bracket's or follows an argument's comma
 * (checked in code: `{`, `(`, `[` or `,` before it, past spaces).
 */
const PAIR = /(["'])([\w.-]{1,100})\1[ \t]*,[ \t]*(["'])([^"'\n\\]{1,256})\3/g;

/** A secret-named key's literal given as the next argument or element; each range runs from the key through the literal. */
export const LITERAL_PAIR_RULE: SecretRule = {
  what: 'a literal paired with a secret-named key',
  *find(text) {
    const pairs = new RegExp(PAIR);
    for (let found = pairs.exec(text); found; found = pairs.exec(text)) {
      const end = found.index + found[0].length;
      if (isSecretPair(text, found)) {
        yield [found.index, end];
      } else {
        // The literal may be the next pair's key (`Map.of("user", "password", "…")`).
        pairs.lastIndex = end - (found[4] ?? '').length - 2;
      }
    }
  },
};

/**
 * Options whose next argument is a password although their names hold no secret word: Redis'
 * `--requirepass` and `--masterauth`, keytool's and jarsigner's `-storepass`, `-keypass` and their
 * `src`/`dest` forms (trial 48: `["redis-server", "--requirepass", "…"]` was shown).
 */
const PASSWORD_OPTION = /^-{1,2}(?:requirepass|masterauth|(?:src|dest)?(?:store|key)pass)$/i;

/**
 * Whether a key names a secret: a secret-named setting that is not a pointer to one, or an option
 * of {@link PASSWORD_OPTION}.
 */
export function isSecretKey(raw: string): boolean {
  if (PASSWORD_OPTION.test(raw)) return true;
  const key = snakeCase(raw);
  return SECRET_SETTING.test(key) && !isSecretSettingPointer(key);
}

/** Whether a match of {@link PAIR} is a secret-named key's password, opening a pair. */
function isSecretPair(text: string, found: RegExpExecArray): boolean {
  if (!isSecretKey(found[2] ?? '')) return false;
  if (!/[{([,][ \t]*$/.test(text.slice(Math.max(0, found.index - 40), found.index))) return false;
  // `['--token', '--host']`: an option's name, not its value.
  return !(found[4] ?? '').startsWith('-') && looksLikePassword(found[4] ?? '');
}
