/**
 * Issue templates: the lines a template puts in every report written with it (headings, prompts,
 * checkboxes, environment labels). The templates read are GitHub's default bug report and feature
 * request templates (the lines GitHub proposes when a repository adds one) and the repository's
 * own `.github/ISSUE_TEMPLATE/*` (Markdown templates and YAML issue forms) and
 * `.github/ISSUE_TEMPLATE.md`. The localizer reads a report without them
 * ({@link withoutTemplateLines}); the service's grouping also drops them and lines it learns.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { withoutHtmlComments } from '@sightline/core';
import type { Report } from './types.js';

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
   * Words so common in the project's reports that they tell none apart (lower case; learned by
   * the service's grouping from a project's reports). Default none.
   */
  words?: ReadonlySet<string>;
}

/**
 * One line as templates are compared: lower case, Markdown marks, list markers, checkboxes and
 * punctuation removed, blanks folded (`- **Steps to reproduce:**` gives `steps to reproduce`).
 * @param line - one line of a template or a report.
 * @returns the normalized line; `''` for a line of marks only.
 */
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

/**
 * The boilerplate of template texts: each normalized line (a YAML issue form's `label`,
 * `description`, `placeholder`, `value`, … values, table rows without their outer pipes) and the
 * labels of `Label: value` lines. Linear in the texts' length.
 * @param templates - template texts (Markdown templates or YAML issue forms), front matter removed.
 * @returns lines and labels; no learned words.
 */
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
 * A parsed report as an investigation reads it: its body without template lines
 * ({@link withoutTemplateLines}). A body that is a JSON document (an event or a payload) is kept
 * whole; the other fields (frames, identifiers, paths) are the parse's, unchanged.
 * @param report - the parsed report.
 * @param boilerplate - the repository's templates (see {@link readBoilerplate}), and for the
 *   service the lines it learned.
 * @returns the same report when nothing is dropped, otherwise a copy with the shorter body.
 */
export function reportWithoutTemplate(report: Report, boilerplate: Boilerplate): Report {
  if (/^\s*[{[]/.test(report.body)) return report;
  const body = withoutTemplateLines(report.body, boilerplate);
  return body === report.body ? report : { ...report, body };
}

/**
 * Two boilerplates as one: the union of their lines, labels and words.
 * @param a - one boilerplate.
 * @param b - the other.
 * @returns a new boilerplate; neither argument is changed.
 */
export function joinBoilerplate(a: Boilerplate, b: Boilerplate): Boilerplate {
  return {
    lines: new Set([...a.lines, ...b.lines]),
    labels: new Set([...a.labels, ...b.labels]),
    words: new Set([...(a.words ?? []), ...(b.words ?? [])]),
  };
}

/**
 * The boilerplate of a repository's own issue templates (`.github/ISSUE_TEMPLATE/*.md|yml|yaml`,
 * not `config.yml`, and `.github/ISSUE_TEMPLATE.md`; front matter left out) plus GitHub's
 * defaults. A repository without templates, or whose templates cannot be read, gets the
 * defaults. Reads a few small files synchronously, as the localizer reads `package.json`.
 * @param root - the repository's root folder.
 * @returns the joined boilerplate, or {@link DEFAULT_BOILERPLATE} itself; never throws (a
 *   missing or unreadable folder or file is left out).
 */
export function readBoilerplate(root: string): Boilerplate {
  const texts: string[] = [];
  const folder = path.join(root, '.github', 'ISSUE_TEMPLATE');
  let names: string[] = [];
  try {
    names = readdirSync(folder);
  } catch {
    names = [];
  }
  const files = [
    ...names
      .filter((name) => /\.(md|ya?ml)$/i.test(name) && name !== 'config.yml')
      .sort()
      .map((name) => path.join(folder, name)),
    path.join(root, '.github', 'ISSUE_TEMPLATE.md'),
  ];
  for (const file of files) {
    try {
      texts.push(readFileSync(file, 'utf8').replace(/^---\n[\s\S]*?\n---\n/, ''));
    } catch {
      // Not there, a folder or unreadable: the other templates still count.
    }
  }
  if (texts.length === 0) return DEFAULT_BOILERPLATE;
  return joinBoilerplate(DEFAULT_BOILERPLATE, boilerplateOf(texts));
}
