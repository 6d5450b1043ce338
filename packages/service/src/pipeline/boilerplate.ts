/**
 * Issue-template boilerplate: the lines a template puts in every report written with it
 * (headings, prompts, checkboxes, environment labels). Text grouping drops them so two unrelated
 * bugs written in one template do not look alike. The templates read are GitHub's default bug
 * report and feature request templates (the lines GitHub proposes when a repository adds one) and
 * the project's own `.github/ISSUE_TEMPLATE/*` (Markdown templates and YAML issue forms) and
 * `.github/ISSUE_TEMPLATE.md`.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { withoutHtmlComments } from '@sightline/core';

/** GitHub's default bug report and feature request templates, line by line. */
const GITHUB_DEFAULT_TEMPLATES = `
Describe the bug
A clear and concise description of what the bug is.
To Reproduce
Steps to reproduce the behavior:
Go to '...'
Click on '....'
Scroll down to '....'
See error
Expected behavior
A clear and concise description of what you expected to happen.
Screenshots
If applicable, add screenshots to help explain your problem.
Desktop (please complete the following information):
Smartphone (please complete the following information):
OS: [e.g. iOS]
Browser [e.g. chrome, safari]
Version [e.g. 22]
Device: [e.g. iPhone6]
OS: [e.g. iOS8.1]
Browser [e.g. stock browser, safari]
Additional context
Add any other context about the problem here.
Is your feature request related to a problem? Please describe.
A clear and concise description of what the problem is. Ex. I'm always frustrated when [...]
Describe the solution you'd like
A clear and concise description of what you want to happen.
Describe alternatives you've considered
A clear and concise description of any alternative solutions or features you've considered.
Add any other context or screenshots about the feature request here.
Steps to reproduce
Actual behavior
Current behavior
Environment
Version
Operating system
Node version
Logs
Reproduction
`;

/** The lines of a template, and the labels of its `Label: value` lines. */
export interface Boilerplate {
  /** Normalized template lines (see {@link normalizeLine}). */
  lines: ReadonlySet<string>;
  /** Normalized labels before a colon (`os`, `browser`): a `Label: value` line is environment. */
  labels: ReadonlySet<string>;
  /**
   * Words so common in the project's reports that they tell none apart (lower case; see
   * {@link learnBoilerplate}). Default none.
   */
  words?: ReadonlySet<string>;
}

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

/** Lower case, markdown marks, list markers, placeholders and punctuation removed, spaces folded. */
export function normalizeLine(line: string): string {
  return line
    .toLowerCase()
    .replace(/^\s*(?:[-*+>]|\d+[.)])\s+/, '')
    .replace(/\[[ x]\]/g, '')
    .replace(/[*_#`>|[\]()'".:,!?…-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A YAML issue form's key that names text of the form. */
const YAML_KEY = /^\s*(?:-\s*)?(?:label|description|placeholder|value|title|about|name):/;
const LINE_END = /[\n\r\u2028\u2029]/;

/**
 * The value of a YAML issue form's line (`label: Text` gives `Text`), or `undefined`: what
 * `/^\s*-?\s*(?:label|…|name):\s*(.*)$/` captures, in time linear in the line (the pattern retried
 * the value from every split of its blanks: a template line of 3,300 tabs took seconds). The value
 * follows the blanks after the colon and may not hold a line end.
 */
function yamlValueOf(line: string): string | undefined {
  const key = YAML_KEY.exec(line);
  if (!key) return undefined;
  const value = line.slice(key[0].length).replace(/^\s+/, '');
  return LINE_END.test(value) ? undefined : value;
}

/**
 * A table row's outer pipes taken off (`| a | b |` gives `a | b`), with the blanks beside them:
 * what `.replace(/^\|\s*|\s*\|$/g, '')` gives, in linear time (the trailing alternative was
 * retried at every blank of a run).
 */
function withoutTablePipes(line: string): string {
  const rest = line.replace(/^\|\s*/, '');
  if (!rest.endsWith('|')) return rest;
  let end = rest.length - 1;
  while (end > 0 && /\s/.test(rest.charAt(end - 1))) end -= 1;
  return rest.slice(0, end);
}

/** Boilerplate of template texts (Markdown templates or YAML issue forms). */
export function boilerplateOf(templates: readonly string[]): Boilerplate {
  const lines = new Set<string>();
  const labels = new Set<string>();
  for (const template of templates) {
    for (const raw of template.split('\n')) {
      // YAML issue forms: `label: Text`, `description: Text`, `placeholder: Text`, `- Text`.
      const yamlValue = yamlValueOf(raw);
      const line = yamlValue ?? raw;
      const normalized = normalizeLine(withoutTablePipes(line));
      if (normalized.length > 0) lines.add(normalized);
      const label = line.match(/^\s*(?:[-*+]\s+)?\**([^:*[\]]{1,40})\**:/)?.[1];
      if (label) labels.add(normalizeLine(label));
      if (yamlValue !== undefined) labels.add(normalized);
    }
  }
  return { lines, labels };
}

/** GitHub's default templates' boilerplate. */
export const DEFAULT_BOILERPLATE: Boilerplate = boilerplateOf([GITHUB_DEFAULT_TEMPLATES]);

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

/** A Markdown code fence's opening or closing line (CommonMark: three or more backticks or tildes). */
const FENCE = /^\s{0,3}(?:`{3,}|~{3,})/;

/**
 * A report's text as an investigation reads it: the lines a template writes into every report
 * (its prompts, instructions and checkboxes, and lines learned as the project's boilerplate, such
 * as a feedback form's footer) and HTML comments dropped. What the reporter wrote stays, and so do
 * headings, `Label: value` lines (a version under `### Version` is still read as one) and
 * everything inside code fences (a trace is never cut). A template's words are the project's own
 * vocabulary (its commands, screens and options), so left in, they match its code whatever the
 * report is about; they cost tokens in a model's prompt too.
 * @param text - the report's text (Markdown or plain).
 * @returns the text without those lines; the same text when none is there.
 */
export function withoutTemplateLines(text: string, boilerplate: Boilerplate): string {
  const kept: string[] = [];
  let prose: string[] = [];
  const flush = () => {
    if (prose.length === 0) return;
    for (const line of withoutHtmlComments(prose.join('\n')).split('\n')) {
      const trimmed = line.trim();
      const template = !/^#{1,6}\s/.test(trimmed) && boilerplate.lines.has(normalizeLine(trimmed));
      if (!template) kept.push(line);
    }
    prose = [];
  };
  let fenced = false;
  for (const line of text.split('\n')) {
    if (FENCE.test(line)) {
      if (!fenced) flush();
      fenced = !fenced;
      kept.push(line);
    } else if (fenced) kept.push(line);
    else prose.push(line);
  }
  flush();
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

/** Two boilerplates as one. */
export function joinBoilerplate(a: Boilerplate, b: Boilerplate): Boilerplate {
  return {
    lines: new Set([...a.lines, ...b.lines]),
    labels: new Set([...a.labels, ...b.labels]),
    words: new Set([...(a.words ?? []), ...(b.words ?? [])]),
  };
}

/**
 * The boilerplate of a repository's own issue templates plus GitHub's defaults. A repository
 * without templates (or unreadable) gets the defaults.
 */
export async function readBoilerplate(root: string): Promise<Boilerplate> {
  const texts: string[] = [];
  const folder = path.join(root, '.github', 'ISSUE_TEMPLATE');
  const names = await readdir(folder).catch(() => [] as string[]);
  const files = [
    ...names
      .filter((name) => /\.(md|ya?ml)$/i.test(name) && name !== 'config.yml')
      .map((name) => path.join(folder, name)),
    path.join(root, '.github', 'ISSUE_TEMPLATE.md'),
  ];
  for (const file of files) {
    const text = await readFile(file, 'utf8').catch(() => undefined);
    if (text !== undefined) texts.push(text.replace(/^---\n[\s\S]*?\n---\n/, ''));
  }
  if (texts.length === 0) return DEFAULT_BOILERPLATE;
  return joinBoilerplate(DEFAULT_BOILERPLATE, boilerplateOf(texts));
}
