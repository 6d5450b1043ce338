/**
 * Report boilerplate for grouping: issue-template lines (issue-templates.ts of @sightline/intake)
 * and lines and words learned from a project's own reports. Text grouping drops them so two
 * unrelated bugs written in one template do not look alike.
 */
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

/** Fewest reports a project needs before its boilerplate is learned from them. */
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

/**
 * A project's boilerplate learned from its own reports, for templates it does not ship (issues
 * moved from another tracker, web forms, bots): lines found in at least {@link LEARNED_LINE_SHARE}
 * of the reports (and in 3), and words found in at least {@link LEARNED_WORD_SHARE} of them (stop
 * words by document frequency, as in Salton and McGill's IR). Nothing is learned from fewer than
 * {@link MIN_LEARNING_SAMPLE} reports.
 * @param texts - report texts (title and body), each counted once per line and word; only the
 *   first {@link GROUPING_TEXT_CHARS} characters of each are read.
 * @param wordsOf - how a text splits into words (grouping's content words).
 */
export function learnBoilerplate(
  texts: readonly string[],
  wordsOf: (text: string) => readonly string[],
): Boilerplate {
  if (texts.length < MIN_LEARNING_SAMPLE) return { lines: new Set(), labels: new Set() };
  const lineCounts = new Map<string, number>();
  const wordCounts = new Map<string, number>();
  for (const whole of texts) {
    const text = whole.slice(0, GROUPING_TEXT_CHARS);
    const lines = new Set(text.split('\n').map((line) => normalizeLine(line)));
    for (const line of lines) if (line) lineCounts.set(line, (lineCounts.get(line) ?? 0) + 1);
    for (const word of new Set(wordsOf(text)))
      wordCounts.set(word, (wordCounts.get(word) ?? 0) + 1);
  }
  const frequent = (counts: Map<string, number>, share: number, least: number) =>
    new Set(
      [...counts].filter(([, n]) => n >= Math.max(least, share * texts.length)).map(([key]) => key),
    );
  return {
    lines: frequent(lineCounts, LEARNED_LINE_SHARE, 3),
    labels: new Set(),
    words: frequent(wordCounts, LEARNED_WORD_SHARE, 3),
  };
}
