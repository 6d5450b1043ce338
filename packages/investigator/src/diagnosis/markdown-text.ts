/**
 * How the diagnosis renderers put text they do not control (file names, symbols, commit subjects
 * and authors, words of the report) into Markdown: a code span shows it literally, whatever
 * backticks, brackets, `<` or URLs it holds, so it never renders as a link, image or HTML; a table
 * cell keeps it from splitting the row. Both print control characters and bidirectional controls
 * as `\uXXXX` (`printablePath`). Prose that mixes words with such text (a title, a note naming a
 * tag, a suspect's reasons naming a frame's function) is shown as written with its Markdown and
 * HTML characters escaped (`literalText`). Prose that may mark code with backticks (a diagnosis'
 * root cause and explanation, whoever wrote them: the offline localizer quotes the report's
 * exception message, a model may copy the report) keeps its code spans and nothing else
 * (`proseText`, `proseBlock`). Outside code spans all three also keep GitHub from reading an
 * `@name` as a mention, a `#123` as an issue reference or a bare address as a link
 * (`escapeMarkdown`).
 */
import { printablePath } from '@sightline/codebase';
import { splitCodeSpans } from '@sightline/core';
import { fencedBlocks } from '@sightline/intake';

/**
 * `text` as one CommonMark code span: wrapped in a backtick run longer than any inside it, with a
 * space on each side when it holds a backtick or starts or ends with a space (the parser strips
 * one space on each side again); control characters are escaped first.
 * @param text a path, `path:line`, symbol or untrusted one-line text.
 * @returns the code span; empty for empty text (an empty span is not a code span).
 * @example codeSpan('a`b.ts') // '`` a`b.ts ``'
 */
export function codeSpan(text: string): string {
  const shown = printablePath(text);
  if (shown === '') return '';
  // Not Math.max(...runs): a long commit subject of backticks has more runs than a call takes.
  const longest = (shown.match(/`+/g) ?? []).reduce((most, run) => Math.max(most, run.length), 0);
  const marks = '`'.repeat(longest + 1);
  const padded = longest > 0 || /^ | $/.test(shown) ? ` ${shown} ` : shown;
  return `${marks}${padded}${marks}`;
}

/**
 * A path, or `path:line`, inside prose that marks code with backticks (a root cause, a suspect's
 * reasons, a risk rationale): as written with control characters escaped (`printablePath`), or as
 * a {@link codeSpan} when it holds a backtick, which would otherwise pair with a backtick of the
 * prose and turn the text between them into code (fresh-user trial 44: a file named `` pa`rse.js ``).
 * @param text a repository-relative path, or `path:line`.
 * @returns the text to embed in such prose.
 * @example pathInProse('src/a.ts') // 'src/a.ts'
 */
export function pathInProse(text: string): string {
  return text.includes('`') ? codeSpan(text) : printablePath(text);
}

/**
 * One line of text, safe for a heading, a list item or bold span: runs of whitespace (newlines
 * too) become one space.
 * @param text any text.
 * @returns the text on one line, trimmed.
 */
export function inlineText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Untrusted prose shown as written, outside a code span: on one line ({@link inlineText}), with
 * each ASCII punctuation mark that may start a Markdown or HTML construct (`` \ ` * _ [ ] < > & ~ # ``)
 * backslash-escaped, so no part renders as a link, an image, HTML, emphasis, an entity or a
 * heading's closing marks. `!` is left as written: it starts an image only before `[`, which is
 * escaped (a review's "Crap!" printed as `Crap\!` in the terminal, fresh-user trial 19). `|` is {@link tableCell}'s to escape, where it matters.
 * @param text any text (a report title, a note, a suspect's reasons).
 * @returns the escaped text on one line.
 * @example literalText('at <img/src=x> [a](b)') // 'at \\<img/src=x\\> \\[a\\](b)'
 */
export function literalText(text: string): string {
  return escapeMarkdown(inlineText(text));
}

/**
 * Each ASCII punctuation mark of `text` that may start a Markdown or HTML construct escaped, and
 * GitHub's references broken with a zero-width space (U+200B): after the `@` of a mention
 * (`@name`, `@org/team`; not an e-mail address's `@`), after the `#` of an issue reference
 * (`#123`, `owner/repo#123`) and after the `GH-` of `GH-123`. A backslash does not stop GitHub
 * from linking `\#1` (dbaron/wgmeeting-github-ircbot#11), so the established bots insert the
 * zero-width space instead: dependabot/dependabot-core#3157 and #12685 (after `@` and `#`),
 * renovatebot/renovate#1083 (after `@`). Without it a bot posting report text notifies whoever the
 * reporter named and cross-links the issues it names. GitHub's extended autolinks (GFM spec 0.29,
 * section 6.9: `http://`, `https://`, `ftp://` or `www.` followed by a valid domain) would make a
 * report's address a link in a comment the bot signs; a zero-width space does not stop them (it is
 * a valid host character to cmark-gfm, and browsers drop it), so the `:` before `//` and the `.`
 * of `www.` are backslash-escaped, wherever they stand (GitHub links `1http://…` and `_www.…`
 * too). Inside a code span GitHub links none of them.
 *
 * This is done for every renderer, not only the GitHub ones: the issue comment and the service's
 * copied comment embed the whole Markdown report, and the CLI's report is pasted into issues by
 * hand. The space and the escapes do not show where the Markdown renders, so the text reads as
 * written; only text copied from it holds the invisible character.
 */
function escapeMarkdown(text: string): string {
  return text
    .replace(/[\\`*_[\]<>&~#]/g, '\\$&')
    .replace(/(?<![A-Za-z0-9])@(?=[A-Za-z0-9])|#(?=\d)|\bGH-(?=\d)/gi, '$&\u200b')
    .replace(/:(?=\/\/)/g, '\\:')
    .replace(/(www)\./gi, '$1\\.');
}

/**
 * Prose that marks code with backticks, on one line ({@link inlineText}): each code span (as
 * `splitCodeSpans` reads them) shown as {@link codeSpan} shows its content, the text around it as
 * {@link literalText} shows it — so its code still shows as code and nothing else renders (no
 * link, image, HTML, emphasis). A backtick run left unclosed is a literal backtick. Time linear in
 * the text.
 * @param text a title, a root cause summary, a reason: Markdown or plain text from any source.
 * @returns the Markdown on one line.
 * @example proseText('`parse` fails at ![x](http://t/p.png)') // '`parse` fails at !\\[x\\](http\\://t/p.png)'
 */
export function proseText(text: string): string {
  return splitCodeSpans(inlineText(text))
    .map((part) => (part.code ? codeSpan(part.text) : escapeMarkdown(part.text)))
    .join('');
}

/**
 * Prose of several lines (an explanation, a proposed change): its fenced code blocks (as intake's
 * `fencedBlocks` reads them) kept as code blocks, their lines as written ({@link fence}); every
 * other line as {@link proseText} shows it, with its `|` escaped too, and a line of only `-` or `=`
 * escaped — its line breaks and blank lines (paragraphs) kept, a list's `-` still a list, while a
 * link, image, HTML block, table or a heading made by underlining the line before never renders.
 * @param text Markdown or plain text from any source.
 * @returns the Markdown.
 */
export function proseBlock(text: string): string {
  const parts: string[] = [];
  let at = 0;
  for (const { range, content } of fencedBlocks(text)) {
    const language = /^[ \t]*[`~]+[ \t]*([\w+-]*)/.exec(text.slice(range[0], content[0]))?.[1];
    parts.push(proseLines(text.slice(at, range[0])), fence(text.slice(...content), language ?? ''));
    at = range[1];
  }
  parts.push(proseLines(text.slice(at)));
  return parts.join('');
}

/** A setext heading's underline, or a thematic break of dashes: `---`, `===`. */
const UNDERLINE = /^ {0,3}(?:-+|=+)[ \t]*$/;

/** Lines outside code blocks, as {@link proseBlock} shows them. */
function proseLines(text: string): string {
  return text
    .split(/\r\n?|\n/)
    .map((line) => {
      const shown = splitCodeSpans(inlineText(line))
        .map((part) =>
          part.code ? codeSpan(part.text) : escapeMarkdown(part.text).replace(/\|/g, '\\|'),
        )
        .join('');
      return UNDERLINE.test(shown) ? `\\${shown}` : shown;
    })
    .join('\n');
}

/**
 * A fenced code block of `text`, shown as written: the fence a backtick run longer than any in the
 * text (and at least three), so nothing inside closes it.
 * @param text the block's lines.
 * @param language the info string (`diff`, `ts`), or empty.
 * @returns the block, without a final newline.
 */
export function fence(text: string, language: string): string {
  const longest = (text.match(/`+/g) ?? []).reduce((most, run) => Math.max(most, run.length), 2);
  const marks = '`'.repeat(longest + 1);
  return `${marks}${language}\n${text.replace(/\n$/, '')}\n${marks}`;
}

/**
 * One cell of a GitHub-flavoured Markdown table: on one line (line breaks become spaces; other
 * spaces are kept, as a code span shows them), every `|` escaped — also those inside a code span,
 * where the table reads `\|` as a `|` of the span. A backslash run before a `|` is doubled first:
 * the table reads `\\` as an escaped backslash, so `a\|b` escaped to `a\\|b` would end the cell
 * at its `|` and let the rest out of its code span; `a\\\|b` stays in the cell.
 * @param markdown the cell's Markdown (plain words, or a {@link codeSpan}).
 * @returns the cell's content, trimmed, without the bounding `|`.
 * @example tableCell('`a\\|b`') // '`a\\\\\\|b`' (the cell `a\\\|b`)
 */
export function tableCell(markdown: string): string {
  return (
    markdown
      .replace(/[\n\r\u2028\u2029]/g, ' ')
      .trim()
      // The lookbehind starts a match only at a run's first backslash: linear in the text.
      .replace(/(?<!\\)(\\*)\|/g, (_match, run: string) => `${run}${run}\\|`)
  );
}
