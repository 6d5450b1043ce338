/**
 * Whether a value written where a password may go looks like one: the test of the rules that find
 * a password by its shape rather than by its format (a secret-named literal in code, a password in
 * prose), where a name alone says too little (`credentials: 'same-origin'`, `password: string`).
 */
import { PLACEHOLDER } from './secret-placeholder.js';

/**
 * Words written where a password goes in an example, a schema or a type (`password: 'string'`,
 * `--password PASSWORD` in a help text, `password 'secret'`).
 */
const EXAMPLE_WORD =
  /^(?:pass(?:word|wd|phrase)?|pwd|secret|token|key|string|str|text|value|undefined|redacted|hidden|masked|dummy|test|sample|foo|bar|baz)$/i;

/**
 * Identifiers and dotted or dashed names (this.password, same-origin, auth.password.label or
 * DB_PASSWORD): letters joined by single `.`, `-` or `_`, or a constant's name.
 */
const NAME_LIKE = /^(?:[A-Za-z]+(?:[-_.][A-Za-z]+)*|[A-Z][A-Z0-9_]*)$/;

/** Paths and URLs (`/usr/local/bin`, `./secrets`, `~/.pw`, `C:\…`, `https://…`). */
const PATH_LIKE = /^(?:\.{0,2}\/|~\/|[A-Za-z]:\\)|:\/\//;

/**
 * Whether a value (quotes taken off) is a path or a URL, which names where a thing is, not a
 * secret: `/account/password/reset`, `./secrets`, `~/.pw`, `C:\…`, `https://…`.
 * @param value - the value as written, without its quotes.
 */
export function isPathLike(value: string): boolean {
  return PATH_LIKE.test(value);
}

/**
 * Versions and version ranges (`^6.0.0`, `~1.2`, `>=2.0.0-beta.1`, `v3.4.5`: a dependency's in a
 * package manifest), and masks (`••••`, `●●●●`).
 */
const VERSION_OR_MASK = /^(?:[~^<>=v]{0,3}\d+(?:\.[\dx*]+)+(?:[-+][\w.]*)?|[•●◦∙·*]+)$/;

/**
 * Whether a value (quotes taken off) may be a password: not a placeholder (`PLACEHOLDER`), not an
 * example's or a type's word, not a name or a path, not a template (`${…}`, `{{…}}`, `%(…)s`), and not an ellipsis or what starts with one (`…`: prose's, read joined
 * to the next literal, `…docker`).
 * @param value - the value as written, without its quotes.
 * @param minLength - the fewest characters a password has here. Default 6.
 * @param strict - also require a letter and a digit or a symbol, and no brackets (`args[0]`,
 *   `getPassword()`): for an unquoted word of prose, where the word's shape is all there is.
 *   Default false: a quoted value needs only not to be a name (`'hunter2'`, `'S3cret!'`).
 * @returns whether to withhold it.
 */
export function looksLikePassword(value: string, minLength = 6, strict = false): boolean {
  if (value.length < minLength || value.length > 256 || /\s/.test(value)) return false;
  if (PLACEHOLDER.test(value) || EXAMPLE_WORD.test(value) || NAME_LIKE.test(value)) return false;
  if (isPathLike(value) || VERSION_OR_MASK.test(value) || /\$\{|\{\{|%\(|^(?:…|\.{3})/.test(value))
    return false;
  if (!strict) return true;
  return /[A-Za-z]/.test(value) && /[^A-Za-z]/.test(value) && !/[()[\]{}<>]/.test(value);
}
