/**
 * A secret-named name compared with literals by a switch: `switch (password) {` then
 * `case "…":` on a later line (C, Java, JavaScript, C#, PHP; Go's `case "…", "…":`), Python's
 * `match password:` then `case "…" | "…":`, Ruby's `case password` then `when "…"`, Rust's
 * `match password {` then `"…" =>`, Kotlin's `when (password) {` then `"…" ->`, Visual Basic's
 * `Select Case password` then `Case "…"`. Each label is a comparison as `compared-literal-rule.ts`
 * reads one on a line, its name and its literals judged the same way (`compared-operands.ts`):
 * `case "":` or a lexer's `case "=>":` stay shown. The labels read are those of the switch's
 * first label's indentation, up to the line that ends the switch (one at the header's
 * indentation or less, not a label); a nested switch's labels are its own.
 */
import {
  endAt,
  isSecretLiteral,
  isSecretName,
  literalsAt,
  nameAfter,
  readAt,
} from './compared-operands.js';
import type { SecretRule } from './secret-rule.js';

/**
 * A switch's header at a line's start, before its name: group 1 the indentation, group 2 the
 * keyword, group 3 an opening parenthesis.
 */
const HEADER = /^([ \t]*)(switch|match|when|case|Select[ \t]+Case)[ \t]*(\(?)/gm;
/** The rest of a header after its name: a `)`, then a `{`, Python's `:` or nothing (sticky). */
const HEADER_END = /[ \t]*(\)?)[ \t]*([{:]?)[ \t]*\r?(?:\n|$)/y;
/** A label's keyword at a line's start past its indentation (`case`, `when`, `Case`). */
const LABEL_KEYWORD = /^(?:case|when|Case)\b[ \t]*/;
/** Lines that go on with a switch at its header's indentation: Go's labels, Ruby's `when`. */
const SAME_INDENTATION = /^(?:case|when|Case|default|else)\b/;
/** What ends a label after a keyword: `:`, `=>`, `->`, Ruby's `then`, or the line's end (sticky). */
const KEYWORD_LABEL_END = /[ \t]*(?::|=>|->|then\b|\r?$)/my;
/** What ends an arm without a keyword: Rust's and Scala's `=>`, Kotlin's `->` (sticky). */
const ARM_END = /[ \t]*(?:=>|->)/y;

/** The most lines of a switch read after its header. */
const MOST_LINES = 256;

/**
 * The ranges of a switch's labels that give a secret literal, the switch's header ending at
 * `from` (after its line), its indentation `indentation` characters, its name `name`.
 * @returns where the lines read end.
 */
function* labels(
  text: string,
  from: number,
  indentation: number,
  name: string,
): Generator<[number, number], number> {
  let labelIndentation = -1;
  let lineStart = from;
  for (let count = 0; count < MOST_LINES && lineStart < text.length; count++) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline < 0 ? text.length : newline;
    const line = text.slice(lineStart, lineEnd);
    const rest = line.trimStart();
    const indent = line.length - rest.length;
    const start = lineStart;
    lineStart = lineEnd + 1;
    // A blank line, or a brace on its own line (`switch (password)`, then `{`).
    if (rest.trim() === '' || (labelIndentation < 0 && rest.trim() === '{')) continue;
    if (indent <= indentation && !SAME_INDENTATION.test(rest)) return start;
    const keyword = LABEL_KEYWORD.exec(rest)?.[0];
    const at = start + indent + (keyword?.length ?? 0);
    const list = literalsAt(text, at, 'never');
    const isLabel = list
      ? endAt(keyword === undefined ? ARM_END : KEYWORD_LABEL_END, text, list.end) >= 0
      : keyword !== undefined;
    if (!isLabel) continue;
    if (labelIndentation < 0) labelIndentation = indent;
    if (indent !== labelIndentation || !list) continue;
    if (!list.literals.some((found) => isSecretLiteral(found.value, name))) continue;
    yield [start + indent, list.end];
  }
  return lineStart;
}

/**
 * A secret-named name's switch whose labels give a literal that `isSecretLiteral` (a label's
 * `case "":`, a lexer's `case "=>":` are none); each range runs from a label's keyword through
 * its literals, on that label's line.
 */
export const SWITCHED_LITERAL_RULE: SecretRule = {
  what: 'a literal compared with a secret-named name',
  *find(text) {
    // A header among the lines of a switch already read is not read again (a nested switch on a
    // secret-named name too): each line is read once, headers nested on every line of a
    // generated text included.
    let readTo = 0;
    for (const found of text.matchAll(HEADER)) {
      if (found.index < readTo) continue;
      const name = nameAfter(text, found.index + found[0].length);
      if (!name || !isSecretName(name.name)) continue;
      const [tail, end] = readAt(HEADER_END, text, name.end) ?? [];
      if (!tail || end === undefined || (found[3] === '(') !== (tail[1] === ')')) continue;
      // Ruby's `case password` ends its line; a C label on a constant (`case FOO:`) is none.
      if (found[2] === 'case' && tail[2] !== '') continue;
      readTo = yield* labels(text, end, (found[1] ?? '').length, name.name);
    }
  },
};
