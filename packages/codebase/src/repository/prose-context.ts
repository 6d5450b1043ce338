/**
 * Whether a position of a text is prose: a document's text (a README, notes, a report) or a
 * comment of code or of a settings file. A rule that reads a value by its shape alone there
 * (`password: correcthorse`, "the password is 12345678") would read ordinary code elsewhere
 * (`password = hashed`, `password: Optional`), so it asks this first.
 */

/**
 * Documents by extension (Markdown, plain text, reStructuredText, AsciiDoc, Org) or by a name
 * without one (`README`, `NOTES`, `TODO`, `INSTALL`).
 */
const DOCUMENT =
  /(?:\.(?:md|markdown|mdx|txt|text|rst|adoc|asciidoc|org|wiki)|(?:^|\/)(?:readme|notes|todo|install|changelog|history)(?:\.[^/.]*)?)$/i;

/**
 * A comment's opening before a position on its line: at the line's start (after spaces) `#`,
 * `//`, `/*`, a block comment's `*`, `;` (INI), `--` (SQL, Lua), `<!--`, batch files' `REM` and
 * `::`; or after a space, `#`, `//`, `/*`, `<!--` or `--` followed by a space (a trailing
 * comment: `port = 5432  # the password is …`).
 */
const COMMENT_OPENING =
  /^[ \t]*(?:#|\/\/|\/\*|\*|;|--|<!--|rem[ \t]|::)|[ \t](?:#|\/\/|\/\*|<!--|--)[ \t]/i;

/** Farthest read back to a position's line start, in characters (a minified line is long). */
const LINE_CHARS = 512;

/**
 * Whether `index` of `text` is in prose: the file is a document (or has no path: a report's
 * text), or a comment opens before `index` on its line.
 * @param text - a file's text.
 * @param index - a position in it (0-based).
 * @param filePath - the file's repository-relative path; `''` when the text has none.
 */
export function isProseAt(text: string, index: number, filePath: string): boolean {
  if (filePath === '' || DOCUMENT.test(filePath)) return true;
  const from = Math.max(0, index - LINE_CHARS);
  const before = text.slice(from, index);
  const newline = before.lastIndexOf('\n');
  if (newline === -1 && from > 0) return false;
  return COMMENT_OPENING.test(before.slice(newline + 1));
}
