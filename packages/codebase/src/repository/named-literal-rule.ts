/**
 * A string literal given to a secret-named name in code, in any language's shape: an object's
 * member or a keyword argument (`pass: 'x'`, `"pwd": "x"`, `:password => 'x'`, `pwd="x"`), an
 * assignment (`db_pass = "x"`, `password := "x"`, `config['password'] = "x"`,
 * `os.environ["DB_PASSWORD"] = "x"`, `char passwd[] = "x"`), a parameter's or property's default with a
 * type (`pass: String = "x"` in Kotlin, Swift, Scala and TypeScript, `password: str = "x"` in
 * Python, `const PASSWORD: &str = "x"` in Rust, C#'s `Password { get; set; } = "x"`), a setter's
 * or builder's argument (`setPassword("x")`, `.password("x")`) and a C macro (`#define DB_PASSWORD
 * "x"`); fresh-user trial 45 found each of these shown. The name is a secret's by `SECRET_SETTING` (its last part: `pass`, `pwd`, `auth`,
 * `credentials`, `api_key`, …); the literal rule of secret-rules.ts reads only names holding
 * `password`, `token` or `secret`, so `pass:` and `pwd:` in an object literal were shown
 * (fresh-user trial 43), and a typed default was shown for every name.
 */

import { looksLikePassword } from './password-value.js';
import { isSecretSettingPointer, isWordCode, SECRET_SETTING, snakeCase } from './secret-names.js';
import type { SecretRule } from './secret-rule.js';

/**
 * A type annotation before a default's `=` (`: String`, `: str`, `: Optional[str]`, `?: string`,
 * `: String?`, `: str | None`, Rust's `: &str`; no comma, so `pass: String, user = "…"` is not read as one), as a pattern's source: at most 60 characters of a type's, so it is read in
 * bounded time. Shared with the literal rule of secret-rules.ts.
 */
export const TYPE_ANNOTATION = String.raw`\??[ \t]*:[ \t]*[\w.?<>[\]|&* ]{1,60}?[ \t]*=`;

/**
 * What follows a name given a literal (sticky): a key's closing quote and a subscript's `]`
 * (`config['password'] = …`, `ENV[:password] = …`) or a C array's `[]`, then a typed default's
 * `: Type =`, a C# property's `{ get; set; } =`, `:=`, `=>`, `=` or `:` (not `==`: a comparison), or
 * a call's `(` (group 1; a setter's only, see {@link isSetter}), then a quoted literal on the line
 * (group 3), at most 256 characters.
 */
const LITERAL_TAIL = new RegExp(
  String.raw`["']?(?:\[\]|\])?[ \t]*(${TYPE_ANNOTATION}|\{[ \t]*get;[^}\n]{0,40}\}[ \t]*=|:=|=>|=(?!=)|\??:|\()[ \t]*(["'\x60])([^"'\x60\n\\]{1,256})\2`,
  'y',
);

/** A C macro's literal: `#define DB_PASSWORD "…"` (sticky, after the name; group 2). */
const DEFINE_TAIL = /[ \t]+(["'])([^"'\n\\]{1,256})\1/y;

/**
 * Whether a call's name sets a secret rather than reads one: `setPassword("…")`,
 * `withPassword("…")`, a builder's `.password("…")` (JDBC data sources, Spring's builders), not
 * `getPassword("db.main")`, whose literal is a key to look a secret up by.
 * @param name - the name read back from the `(` (`ds.setPassword`, `X.create().password`).
 */
function isSetter(name: string): boolean {
  const last = name.split('.').at(-1) ?? '';
  return /^(?:set|with)[A-Z_]/.test(last) || (name.includes('.') && SECRET_SETTING.test(last));
}

/**
 * Where a name may end with a secret's word (`SECRET_SETTING`'s last parts), before no word
 * character: the name itself is read back from there.
 */
const NAME_END =
  /(?:pass(?:[_-]?(?:word|phrase)|wd)?|pwd|pw|pswd|secret|token|key|auth|credentials?)(?![\w$])/gi;

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
      const name = nameBefore(text, end);
      const literal = tail.exec(text) ?? defineLiteral(text, end, name);
      const value = literal?.[literal.length - 1];
      if (!literal || !looksLikePassword(value ?? '')) continue;
      if (literal[1] === '(' && !isSetter(name)) continue;
      // `"@octokit/auth-token": "^6.0.0"`: a package's or a path's last part, not a setting.
      if (/[/@]/.test(text.charAt(end - name.length - 1))) continue;
      const snake = snakeCase(name);
      if (!SECRET_SETTING.test(snake) || isSecretSettingPointer(snake)) continue;
      yield [found.index, literal.index + literal[0].length];
    }
  },
};

/** The most characters of a `#define` line before its name (`#define` and its spaces). */
const MOST_DEFINE_PREFIX = 256;

/**
 * The literal of a `#define NAME "…"` line whose name ends at `end`, or null. The line is read
 * back at most {@link MOST_DEFINE_PREFIX} characters: read back to its start, each name of a
 * line of megabytes read the line again (24 s on a MiB line of `apikey-`).
 */
function defineLiteral(text: string, end: number, name: string): RegExpExecArray | null {
  const nameStart = end - name.length;
  const readFrom = Math.max(0, nameStart - MOST_DEFINE_PREFIX);
  const before = text.slice(readFrom, nameStart);
  const newline = before.lastIndexOf('\n');
  if (newline < 0 && readFrom > 0) return null;
  if (!/^[ \t]*#[ \t]*define[ \t]+$/.test(before.slice(newline + 1))) return null;
  const tail = new RegExp(DEFINE_TAIL);
  tail.lastIndex = end;
  return tail.exec(text);
}
