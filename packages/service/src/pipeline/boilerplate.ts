/**
 * Report boilerplate for grouping: issue-template lines (issue-templates.ts of @sightline/intake)
 * and lines and words learned from a project's own reports. Text grouping drops them so two
 * unrelated bugs written in one template do not look alike.
 */
import { createHash } from 'node:crypto';
import { withoutHtmlComments } from '@sightline/core';
import { type Boilerplate, DEFAULT_BOILERPLATE, normalizeLine } from '../adapters/investigator.js';

/**
 * Characters (UTF-16 code units) of a report's text that grouping reads at most: its first 64 KiB.
 * Words past them do not change its content words, signature or learned boilerplate, so a huge
 * report (a 10 MiB log pasted without spaces took about 9 s of CPU) costs what 64 KiB costs.
 * Chosen above every report of the grouping set but three (the longest is 208,000 characters;
 * bench/README.md, "grouping").
 */
export const GROUPING_TEXT_CHARS = 65_536;

/**
 * Fewest reports a project needs before lines are learned from them: a line then has to be in
 * three of them ({@link learnBoilerplate}), so a form no template declares is learned from its
 * third report on (trial 47: a burst of reports in one web form, each with one sentence of its
 * own, was grouped as one until the project had 20 reports).
 */
export const MIN_LINE_SAMPLE = 3;
/** Fewest reports a project needs before its common words are learned from them. */
export const MIN_LEARNING_SAMPLE = 20;
/** Least share of a project's reports a line must appear in to count as its template. */
export const LEARNED_LINE_SHARE = 0.05;
/** Least share of a project's reports a word must appear in to carry no weight. */
export const LEARNED_WORD_SHARE = 0.2;

/**
 * A text without its boilerplate: template lines, headings, checkboxes, HTML comments (template
 * instructions), table separators and `Label: value` lines whose label a template declares.
 */
export function stripBoilerplate(
  text: string,
  boilerplate: Boilerplate = DEFAULT_BOILERPLATE,
): string {
  const kept: string[] = [];
  for (const line of withoutHtmlComments(text).split('\n')) {
    const trimmed = line.trim();
    if (/^#{1,6}\s/.test(trimmed) || /^[-*+]\s*\[[ xX]\]/.test(trimmed)) continue;
    if (/^\|?[\s:|-]+\|?$/.test(trimmed) && trimmed.includes('-')) continue;
    const normalized = normalizeLine(trimmed);
    if (normalized.length === 0 || boilerplate.lines.has(normalized)) continue;
    const label = trimmed.match(/^(?:>\s*)*(?:[-*+]\s+)?\**([^:*[\]]{1,40})\**:/)?.[1];
    if (
      label &&
      (boilerplate.labels.has(normalizeLine(label)) ||
        DEFAULT_BOILERPLATE.labels.has(normalizeLine(label)))
    )
      continue;
    kept.push(line);
  }
  return kept.join('\n');
}

/** Fewest reports a line must be in to be learned as a form's. */
const LEAST_LINE_REPORTS = 3;

/**
 * How many of a project's reports hold each line: what its learned lines are read from, kept
 * between two learnings so that each report grouped meanwhile counts too ({@link formLinesOf}).
 */
export interface LineTally {
  /** Normalized line (see `normalizeLine`) → reports holding it. */
  counts: Map<string, number>;
  /** Reports counted. */
  texts: number;
  /** SHA-256 of each report text's part that is read, so a text is counted once. */
  seen: Set<string>;
}

/** A text's distinct normalized lines, of its first {@link GROUPING_TEXT_CHARS} characters. */
function linesOf(text: string): Set<string> {
  const lines = new Set(
    text
      .slice(0, GROUPING_TEXT_CHARS)
      .split('\n')
      .map((line) => normalizeLine(line)),
  );
  lines.delete('');
  return lines;
}

const digest = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Counts the lines of report texts (each line once per report).
 * @param texts - report texts (title and body); only the first {@link GROUPING_TEXT_CHARS}
 *   characters of each are read.
 */
export function tallyLines(texts: readonly string[]): LineTally {
  const tally: LineTally = { counts: new Map(), texts: 0, seen: new Set() };
  for (const text of texts) countText(tally, text);
  return tally;
}

function countText(tally: LineTally, text: string): void {
  // Only the part linesOf reads: texts alike in it count once, and a huge text is not hashed whole.
  const key = digest(text.slice(0, GROUPING_TEXT_CHARS));
  if (tally.seen.has(key)) return;
  tally.seen.add(key);
  tally.texts += 1;
  for (const line of linesOf(text)) tally.counts.set(line, (tally.counts.get(line) ?? 0) + 1);
}

/** Whether a line held by `count` of a tally's reports is a form's (see {@link learnBoilerplate}). */
function isFormLine(tally: LineTally, count: number): boolean {
  return (
    tally.texts >= MIN_LINE_SAMPLE &&
    count >= Math.max(LEAST_LINE_REPORTS, LEARNED_LINE_SHARE * tally.texts)
  );
}

/**
 * Counts a report into a tally (once, however often it is asked) and says which of its lines are
 * now a form's: a form the project's last learning did not know is then learned at its third
 * report, in a project of any size (trial 47: 39 reports stored, a burst of reports in a new form
 * was grouped as one until the next learning).
 * @param tally - the project's tally; changed.
 * @param text - the report's title and body.
 * @returns its normalized lines in at least {@link LEAST_LINE_REPORTS} reports and
 *   {@link LEARNED_LINE_SHARE} of them, from {@link MIN_LINE_SAMPLE} reports on.
 */
export function formLinesOf(tally: LineTally, text: string): Set<string> {
  countText(tally, text);
  return new Set(
    [...linesOf(text)].filter((line) => isFormLine(tally, tally.counts.get(line) ?? 0)),
  );
}

/**
 * A project's boilerplate learned from its own reports, for templates it does not ship (issues
 * moved from another tracker, web forms, bots): lines found in at least {@link LEARNED_LINE_SHARE}
 * of the reports (and in 3), from {@link MIN_LINE_SAMPLE} reports on, and words found in at least
 * {@link LEARNED_WORD_SHARE} of them (stop words by document frequency, as in Salton and McGill's
 * IR), from {@link MIN_LEARNING_SAMPLE} reports on: a share of a handful of reports says nothing
 * of a word, while a whole line repeated verbatim in three is a form's.
 * @param texts - report texts (title and body), each counted once per line and word; only the
 *   first {@link GROUPING_TEXT_CHARS} characters of each are read.
 * @param wordsOf - how a text splits into words (grouping's content words).
 * @param tally - the texts' lines counted, when the caller keeps them ({@link tallyLines}).
 */
export function learnBoilerplate(
  texts: readonly string[],
  wordsOf: (text: string) => readonly string[],
  tally: LineTally = tallyLines(texts),
): Boilerplate {
  const lines = new Set(
    [...tally.counts].filter(([, n]) => isFormLine(tally, n)).map(([line]) => line),
  );
  if (texts.length < MIN_LEARNING_SAMPLE) return { lines, labels: new Set(), words: new Set() };
  const wordCounts = new Map<string, number>();
  for (const text of texts)
    for (const word of new Set(wordsOf(text.slice(0, GROUPING_TEXT_CHARS))))
      wordCounts.set(word, (wordCounts.get(word) ?? 0) + 1);
  const least = Math.max(3, LEARNED_WORD_SHARE * texts.length);
  return {
    lines,
    labels: new Set(),
    words: new Set([...wordCounts].filter(([, n]) => n >= least).map(([word]) => word)),
  };
}
