/**
 * A string literal given to a secret-named name in code, in any language's shape: an object's
 * member or a keyword argument (`pass: 'x'`, `"pwd": "x"`, `:password => 'x'`, `pwd="x"`), an
 * assignment (`db_pass = "x"`, `password := "x"`), and a parameter's or property's default with a
 * type (`pass: String = "x"` in Kotlin, Swift, Scala and TypeScript, `password: str = "x"` in
 * Python). The name is a secret's by `SECRET_SETTING` (its last part: `pass`, `pwd`, `auth`,
 * `credentials`, `api_key`, …); the literal rule of secret-rules.ts reads only names holding
 * `password`, `token` or `secret`, so `pass:` and `pwd:` in an object literal were shown
 * (fresh-user trial 43), and a typed default was shown for every name.
 */

import { looksLikePassword } from './password-value.js';
import { isSecretSettingPointer, isWordCode, SECRET_SETTING, snakeCase } from './secret-names.js';
import type { SecretRule } from './secret-rule.js';

/**
 * A type annotation before a default's `=` (`: String`, `: str`, `: Optional[str]`, `?: string`,
 * `: String?`, `: str | None`; no comma, so `pass: String, user = "…"` is not read as one), as a pattern's source: at most 60 characters of a type's, so it is read in
 * bounded time. Shared with the literal rule of secret-rules.ts.
 */
export const TYPE_ANNOTATION = String.raw`\??[ \t]*:[ \t]*[\w.?<>[\]| ]{1,60}?[ \t]*=`;

/**
 * What follows a name given a literal (sticky): a key's closing quote, then a typed default's
 * `: Type =`, `:=`, `=>`, `=` or `:` (not `==`: a comparison), then a quoted literal on the line
 * (group 2), at most 256 characters.
 */
const LITERAL_TAIL = new RegExp(
  String.raw`["']?[ \t]*(?:${TYPE_ANNOTATION}|:=|=>|=(?!=)|\??:)[ \t]*(["'\x60])([^"'\x60\n\\]{1,256})\1`,
  'y',
);

/**
 * Where a name may end with a secret's word (`SECRET_SETTING`'s last parts), before no word
 * character: the name itself is read back from there.
 */
const NAME_END = /(?:pass(?:word|wd|phrase)?|pwd|secret|token|key|auth|credentials?)(?![\w$])/gi;

/**
 * The name that ends at `end` (exclusive): a run of `[\w$.-]` (an identifier, a dotted or dashed
 * key: `db.password`, `smtp-pass`), at most 200 characters read back.
 */
function nameBefore(text: string, end: number): string {
  let start = end;
  while (start > Math.max(0, end - 200)) {
    const code = text.charCodeAt(start - 1);
    if (!isWordCode(code) && code !== 36 && code !== 46 && code !== 45) break;
    start--;
  }
  return text.slice(start, end);
}

/**
 * A secret-named name given a literal that {@link looksLikePassword} (six or more characters, no
 * space, not a name, path, placeholder or example's word): `credentials: 'same-origin'`,
 * `auth: 'basic'`, `pwd: 'Password'` are not withheld. Each range runs from the name's word
 * through the literal's closing quote, on one line.
 */
export const NAMED_LITERAL_RULE: SecretRule = {
  what: 'a literal given to a secret-named name',
  *find(text) {
    const names = new RegExp(NAME_END);
    const tail = new RegExp(LITERAL_TAIL);
    for (const found of text.matchAll(names)) {
      const end = found.index + found[0].length;
      tail.lastIndex = end;
      const literal = tail.exec(text);
      if (!literal || !looksLikePassword(literal[2] ?? '')) continue;
      const name = nameBefore(text, end);
      // `"@octokit/auth-token": "^6.0.0"`: a package's or a path's last part, not a setting.
      if (/[/@]/.test(text.charAt(end - name.length - 1))) continue;
      const snake = snakeCase(name);
      if (!SECRET_SETTING.test(snake) || isSecretSettingPointer(snake)) continue;
      yield [found.index, tail.lastIndex];
    }
  },
};
