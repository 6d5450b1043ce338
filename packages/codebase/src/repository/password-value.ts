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
 * Whether a value is a word written where a password goes in an example, a schema or a type
 * (`string`, `secret`, `dummy`).
 * @param value - the value as written, without its quotes.
 */
export function isExampleWord(value: string): boolean {
  return EXAMPLE_WORD.test(value);
}

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
 * Validation rules written as a string (Laravel's `'required|min:8'`, `'nullable|string|max:255'`,
 * `'min:12'`): lower-case rule names, each with its `:arguments`, joined by `|`, one of them a
 * rule every such set knows.
 */
const VALIDATION_RULES = /^[a-z_]+(?::[^|\s]*)?(?:\|[a-z_]+(?::[^|\s]*)?)*$/;
const VALIDATION_RULE_NAME =
  /(?:^|\|)(?:required|nullable|sometimes|bail|string|confirmed|min|max|between|size|regex|alpha_num|alpha_dash|same|different|filled|present)(?=[:|]|$)/;

/** A name of a CSS selector's part: letters joined by single `-` or `_` (`login-password`). */
const SELECTOR_NAME = '[A-Za-z]+(?:[-_][A-Za-z]+)*';
/**
 * One compound selector of a form's field (`#password`, `.password-input`, `input[type=password]`,
 * `[name="password"]`): a form's or a layout's tag, then ids, classes and attribute tests whose
 * names are words (`#Passw0rd` and `pass#word` are none). Each part opens with its own `#`, `.` or `[`, so it is read in linear time.
 */
const COMPOUND_SELECTOR = new RegExp(
  String.raw`^(?:input|form|button|select|textarea|label|fieldset|div|span|section|li|a)?(?:[#.]${SELECTOR_NAME}|\[${SELECTOR_NAME}(?:[~|^$*]?=(?:"[\w -]*"|'[\w -]*'|[\w-]+))?\])+$`,
);

/** Whether a value is a CSS selector: compound selectors joined by `>`, `+` or `~` (`form#login>input.pw`). */
function isCssSelector(value: string): boolean {
  return value.split(/[>+~]/).every((part) => COMPOUND_SELECTOR.test(part));
}

/**
 * A regular expression written as a string or a literal (`'^(?=.*[A-Z]).{8,}$'`,
 * `/^\S{8,}$/u`): anchored at both ends, with one of a pattern's constructs in it.
 */
const ANCHORED_PATTERN = /^\/?\^.*\$(?:\/[a-z]*)?$/;
const PATTERN_CONSTRUCT = /\(\?[=!:<]|\\[dwsDWS]|\[[^\]]+\][*+?{]|\.[*+]|\{\d+,?\d*\}/;

/**
 * Whether a value is a validation rule set, a CSS selector or a regular expression: what a
 * password's field is checked or found by, written beside its name (`password: 'required|min:8'`,
 * `password: '#password'`), not a password.
 * @param value - the value as written, without its quotes.
 */
export function isFieldSpecification(value: string): boolean {
  if (VALIDATION_RULES.test(value) && VALIDATION_RULE_NAME.test(value)) return true;
  if (isCssSelector(value)) return true;
  return ANCHORED_PATTERN.test(value) && PATTERN_CONSTRUCT.test(value);
}

/**
 * Whether a value (quotes taken off) may be a password: not a placeholder (`PLACEHOLDER`), not an
 * example's or a type's word, not a name or a path, not a template (`${…}`, `{{…}}`, `%(…)s`),
 * not a validation rule set, a CSS selector or a regular expression
 * ({@link isFieldSpecification}), and not an ellipsis or what starts with one (`…`: prose's, read joined
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
  if (isFieldSpecification(value)) return false;
  if (!strict) return true;
  return /[A-Za-z]/.test(value) && /[^A-Za-z]/.test(value) && !/[()[\]{}<>]/.test(value);
}
