/**
 * Turns an issue (GitHub/GitLab issue, support message: a title and a Markdown body) into the
 * tokens the offline issue classifier learns from. Titles weigh more than bodies (their words come
 * again as `t:word`, a block the vectorizer weights); the body's structure is a feature of its own: code blocks, stack
 * traces, template headings (`h:steps_to_reproduce`), checklists, links and images become marker
 * tokens, because bug, feature and question templates differ in exactly these.
 */
import { withoutHtmlComments } from '@sightline/core';
import nlpUtils from 'wink-nlp-utils';
import { fencedBlockRanges, withoutFencedBlocks } from './fenced-blocks.js';
import { negatedText } from './review-features.js';
import { wordTokens } from './word-tokens.js';

/** The text of one issue, as the classifier sees it. */
export interface IssueText {
  title?: string;
  /** Markdown body ('' when the issue has none). */
  body: string;
}

/** Which preprocessing steps run. Stored in the model file. */
export interface IssueFeatureOptions {
  /** Keep the words inside fenced code blocks (false: only the `__code_block` marker). */
  codeText: boolean;
  /** Most body words used (the start of a long body says what it is about); markers always count. */
  bodyWordLimit: number;
  /** Mark the two words after a negation with `!` ("does not create" → `!create`). */
  negation: boolean;
  /** Add adjacent word pairs (`word1_word2`) of the title (as `t:`) and of the body. */
  bigrams: boolean;
  /**
   * Add the first words answering a template's bold question ("**Do you want to request a
   * feature or report a bug?** Feature") as `a:word`: the reporter's own choice. Absent: false.
   */
  templateAnswers?: boolean;
}

// The patterns run in time linear in the body: a line's leading blank is `[^\S\r\n\u2028\u2029]*`
// (under the `m` flag `^\s*` runs over every following blank line before it fails: 40,000 blank
// lines took 44 s), code blocks are found by a scan (fenced-blocks.ts), a heading's trailing run is
// not retried from every character, and a V8 frame's name is not matched by two overlapping
// repetitions. Each accepts the same texts as the plain pattern it replaces.

/**
 * Whether a text shows an image: what `/!\[[^\]]*\]\(|<img\b/i` tests, in linear time (from every
 * `![` it read to the next `]`). Every `![` before one `]` closes there, so only one check a `]`.
 */
function hasImage(text: string): boolean {
  if (/<img\b/i.test(text)) return true;
  for (let open = text.indexOf('!['); open !== -1; ) {
    const close = text.indexOf(']', open + 2);
    if (close === -1) return false;
    if (text.charAt(close + 1) === '(') return true;
    open = text.indexOf('![', close + 1);
  }
  return false;
}

/**
 * A Markdown ATX heading (`### Steps to reproduce`) or a bold-only line used as one. The heading's
 * text runs to its last character that is no blank or `#` (one such character when it has none):
 * what a lazy `(.+?)[ \t#]*$` takes, without retrying the trailing run from every character (a line
 * of 32,000 `#\t` took 10 s).
 */
const HEADING =
  /^ {0,3}(?:#{1,6}[ \t]+(.*[^ \t#\n\r\u2028\u2029]|[ \t#])[ \t#]*|\*\*([^*\n]{2,60})\*\*:?[ \t]*)$/gm;
/** Stack frames and trace headers of the common runtimes (V8, JVM, Python, Go, Rust, .NET, native). */
const STACK_TRACE =
  /^[^\S\r\n\u2028\u2029]*at (?:[\w$.<>[\]/ -]+ ?\(|[\w$.<>[\]/ -])[^()\n]*:\d+(?::\d+)?\)?[^\S\r\n\u2028\u2029]*$|Traceback \(most recent call last\)|^[^\S\r\n\u2028\u2029]*File "[^"]+", line \d+|^goroutine \d+ \[|panicked at|^[^\S\r\n\u2028\u2029]*#\d+\s+0x[0-9a-f]+|Exception in thread|^[^\S\r\n\u2028\u2029]*at [\w.$]+\([\w.]+\.(?:java|kt):\d+\)|Segmentation fault|core dumped|^[^\S\r\n\u2028\u2029]*\d+\s+[\w.]+\s+0x[0-9a-f]{8,}/im;
/** The report contrasts what happened with what should have ("expected: …", "instead of"). */
const EXPECTATION =
  /\bexpected\b|\bactual(?:ly)? (?:behaviou?r|result|output)\b|\binstead of\b|\bbut (?:it |got |returns?\b|gives?\b)/i;
/** A bold question of an issue template and the start of the answer after it (same or next line). */
const TEMPLATE_QUESTION = /\*\*([^\n]{2,100}?\?)\*\*[ \t]*\n?[ \t]*([^\n]{1,80})/g;
/** Words of a template answer kept. */
const ANSWER_WORDS = 3;
/** Characters per body word at most (word plus separators) when cutting a long body before tokenizing. */
const MAX_CHARS_PER_WORD = 40;
/** An error line: `SomethingError: message`, `error:`, `FATAL`, `Unhandled exception`. */
const ERROR_LINE =
  /\b\w*(?:Error|Exception)\b:|^[^\S\r\n\u2028\u2029]*(?:error|fatal)\b[:[]|unhandled (?:exception|rejection)/im;

/**
 * Returns the classifier tokens of an issue.
 *
 * @param issue - The issue's title and Markdown body.
 * @param options - The preprocessing steps to run.
 * @returns Title tokens (`t:` first), markers, then body words, in text order.
 */
export function issueTokens(issue: IssueText, options: IssueFeatureOptions): string[] {
  const tokens: string[] = [];
  const title = issue.title ?? '';
  const titleWords = wordTokens(title);
  const titleTerms = options.bigrams ? nlpUtils.tokens.appendBigrams(titleWords) : titleWords;
  tokens.push(...titleTerms.map((word) => `t:${word}`));
  tokens.push(...titleWords);
  if (/\?\s*$/.test(title)) tokens.push('__title_question');
  if (/^\s*(?:how|what|why|is|can|does|do|where|which|when)\b/i.test(title)) {
    tokens.push('__title_wh');
  }

  const body = issue.body;
  if (body.trim() === '') tokens.push('__empty_body');
  if (fencedBlockRanges(body).length > 0) tokens.push('__code_block');
  if (STACK_TRACE.test(body)) tokens.push('__stack_trace');
  if (ERROR_LINE.test(body) || ERROR_LINE.test(title)) tokens.push('__error_line');
  if (/^[^\S\r\n\u2028\u2029]*[-*] \[[ xX]\]/m.test(body)) tokens.push('__checklist');
  if (hasImage(body)) tokens.push('__image');
  if (/https?:\/\//.test(body)) tokens.push('__link');
  if (/^[^\S\r\n\u2028\u2029]*\d+\.\s/m.test(body)) tokens.push('__numbered_steps');
  for (const match of body.matchAll(HEADING)) {
    const words = wordTokens(match[1] ?? match[2] ?? '').slice(0, 6);
    if (words.length > 0) tokens.push(`h:${words.join('_')}`);
  }

  if (/<!--/.test(body)) tokens.push('__template_comment');
  if (options.templateAnswers) {
    for (const match of body.matchAll(TEMPLATE_QUESTION)) {
      tokens.push(
        ...wordTokens(match[2] ?? '')
          .slice(0, ANSWER_WORDS)
          .map((word) => `a:${word}`),
      );
    }
  }
  const prose = options.codeText ? body : withoutFencedBlocks(body, ' ');
  // Words past the limit are dropped anyway: tokenize only a prefix that surely holds them.
  const text = withoutHtmlComments(prose, ' ').slice(0, options.bodyWordLimit * MAX_CHARS_PER_WORD);
  // Judged on the author's words: templates' comments name "expected behaviour" in every issue.
  if (EXPECTATION.test(text)) tokens.push('__expectation');
  const words = options.negation ? negatedText(text) : wordTokens(text);
  const kept = words.slice(0, options.bodyWordLimit);
  tokens.push(...(options.bigrams ? nlpUtils.tokens.appendBigrams(kept) : kept));
  return tokens;
}
