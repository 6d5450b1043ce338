/**
 * Issue text in Markdown (GitHub/GitLab issues, or `{title, body}` issue JSON): the title is the
 * first line (a heading's text when it is one); stack traces are read from fenced code blocks and from the
 * prose around them, with whichever trace format fits each part. A trace without an exception line
 * (a bare stack, as issue forms and browser extensions paste it) takes its message from the issue's
 * own "Error message" section when there is one (GitHub issue forms write each field under a
 * `### <label>` heading).
 */
import { DEFAULT_BOILERPLATE, normalizeLine } from '../issue-templates.js';
import { MAX_EXCEPTIONS } from '../limits.js';
import { cutTitle, splitLines } from '../lines.js';
import type { Exception } from '../types.js';
import { opensWithPrompt, sessionTitle, titleBesidePrompts } from './error-header.js';
import { isJsonObject } from './json-object.js';
import { jsonTitle } from './json-title.js';
import { parseTraces } from './trace-formats.js';
import type { FormatInput, ParsedReport, ReportFormat } from './types.js';

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const HEADING = /^ {0,3}#{1,6}\s+(\S.*)$/;
/** A section heading naming the error's message: "Error message", "Exception (automated)", "Error". */
const MESSAGE_HEADING = /^(?:error|exception)(?:\s+message)?(?:\s*\([^)]*\))?\s*:?$/i;
/** Issue forms' placeholder for an empty field. */
const NO_RESPONSE = /^_?no response_?$/i;

/** Issue JSON such as GitHub's: a string `title` and a string `body`. */
function issueObject(value: unknown): { title: string; body: string } | null {
  if (!isJsonObject(value)) return null;
  const { title, body } = value;
  if (
    typeof title !== 'string' ||
    (typeof body !== 'string' && body !== null && body !== undefined)
  )
    return null;
  return { title, body: typeof body === 'string' ? body : '' };
}

/** Splits Markdown lines into fenced code blocks and the prose outside them. */
function splitFences(lines: string[]): { blocks: string[][]; prose: string[] } {
  const blocks: string[][] = [];
  const prose: string[] = [];
  let open: { marker: string; lines: string[] } | undefined;
  for (const line of lines) {
    const fence = FENCE.exec(line);
    if (open) {
      if (
        fence?.[1] &&
        fence[1][0] === open.marker[0] &&
        fence[1].length >= open.marker.length &&
        line.trim() === fence[1]
      ) {
        blocks.push(open.lines);
        open = undefined;
      } else {
        open.lines.push(line);
      }
    } else if (fence?.[1]) {
      open = { marker: fence[1], lines: [] };
    } else {
      prose.push(line);
    }
  }
  if (open) blocks.push(open.lines);
  return { blocks, prose };
}

/**
 * The title of issue text without one of its own: its first line, a heading's text when that line
 * is a heading. A heading further down names a section, not the issue (a text that starts "Dark
 * mode toggle is broken" and then has a template's "## Describe the bug" is about dark mode).
 * Lines of GitHub's default issue templates ("### Describe the bug", "A clear and concise
 * description of what the bug is.") name no issue: the first line after them is the title, so an
 * issue pasted from a template is listed by what its reporter wrote (fresh-user trial 23). Only
 * when every line is a template's is the first one taken.
 */
function titleOf(lines: string[]): string | undefined {
  const text = (line: string) => (HEADING.exec(line)?.[1] ?? line).replace(/\s#+\s*$/, '').trim();
  const candidates = lines.filter((line) => line.trim() !== '' && !FENCE.test(line));
  const own = candidates.find((line) => !DEFAULT_BOILERPLATE.lines.has(normalizeLine(text(line))));
  const first = own ?? candidates[0];
  const cleaned = first === undefined ? undefined : text(first);
  return cleaned ? cutTitle(cleaned) : undefined;
}

/**
 * The first line under an "Error message" heading in the prose (up to the next heading), or
 * undefined when there is no such section or it is empty.
 */
function sectionMessage(prose: readonly string[]): string | undefined {
  // One pass: linear in the report's lines whatever the number of headings.
  let inSection = false;
  for (const line of prose) {
    const heading = HEADING.exec(line)?.[1]?.trim();
    if (heading !== undefined) {
      inSection = MESSAGE_HEADING.test(heading);
      continue;
    }
    const text = line.trim();
    if (inSection && text !== '') return NO_RESPONSE.test(text) ? undefined : text;
  }
  return undefined;
}

function parseIssue(input: FormatInput): ParsedReport[] {
  const issue = issueObject(input.value);
  const lines = issue ? splitLines(issue.body) : input.lines;
  const { blocks, prose } = splitFences(lines);
  const exceptions: Exception[] = [];
  for (const block of [...blocks, prose]) {
    if (exceptions.length >= MAX_EXCEPTIONS) break;
    exceptions.push(...parseTraces(block));
  }
  const message = sectionMessage(prose);
  const bare = exceptions.find((exception) => exception.type === '' && exception.message === '');
  if (message && bare) bare.message = message;
  const body = issue ? issue.body : input.text;
  // An issue object with a blank title is titled by its body, else by its other keys (trial 36:
  // `{"title": "", "summary": …}` was listed as an empty report); a pasted debugger session
  // (fenced or not) by its crash or where it stopped, not by its prompt.
  const ownLines = lines.filter((line) => line.trim() !== '' && !FENCE.test(line));
  const session = opensWithPrompt(ownLines);
  const title =
    issue?.title.trim() ||
    (session ? sessionTitle(exceptions[0]) : '') ||
    (session ? titleBesidePrompts(ownLines) : titleOf(lines)) ||
    (issue ? jsonTitle(input.value) : undefined);
  return [
    {
      kind: 'issue',
      exceptions: exceptions.slice(0, MAX_EXCEPTIONS),
      body,
      ...(title ? { title } : {}),
      identifierText: [issue?.title, body].filter(Boolean).join('\n'),
    },
  ];
}

/** The Markdown issue format. */
export const markdownIssueFormat: ReportFormat = {
  name: 'markdown-issue',
  detect: ({ value, lines }) => {
    if (issueObject(value)) return 90;
    return lines.some((line) => FENCE.test(line) || HEADING.test(line)) ? 92 : 0;
  },
  parse: parseIssue,
};
