/**
 * Reads the agent's Markdown report (the format of `REPORT_TEMPLATE`) into the model's part of a
 * diagnosis without a model: `path:start-end` locations with symbol and role, `path:line` quotes
 * in fenced blocks, the diff of the proposed change, the levels and the confidence. What cannot be
 * read is listed, and a structurer model fills it in.
 */

import { checkedLocations, fencedDiff, fencedQuotes, locationBullets } from './report-scan.js';
import { NOT_FOUND_SECTIONS, REPORT_SECTIONS, type ReportSection } from './report-template.js';
import { type ModelDiagnosis, NOT_FOUND_PREFIX } from './schema.js';

/** What {@link parseReportMarkdown} read. */
export interface ParsedReport {
  /** The model part, when every field could be read. */
  diagnosis?: ModelDiagnosis;
  /** Fields that could not be read (e.g. `confidence`), empty when `diagnosis` is set. */
  missing: string[];
  /**
   * What could be read, field by field of the model part (also when some are missing), so a
   * structurer is asked only for the rest.
   */
  fields: Partial<ModelDiagnosis>;
  /**
   * True for a "not found" report (its `## Not found` section): `diagnosis` then says no cause
   * was established (confidence 0), lists the places checked as `related`, proposes no change,
   * and rates complexity and risk `unknown`.
   */
  notFound?: boolean;
}

type AffectedFile = ModelDiagnosis['affectedFiles'][number];
type Level = ModelDiagnosis['complexity'];

const LEVEL = /^\W*(low|medium|high)\b\W*([\s\S]*)$/i;

/**
 * Parses a report.
 * @param markdown - the agent's report.
 * @returns the model part when complete, and the fields that were missing otherwise.
 */
export function parseReportMarkdown(markdown: string): ParsedReport {
  const sections = splitSections(markdown);
  const notFound = sections.get('Not found');
  if (notFound !== undefined) return readNotFound(notFound, sections);
  const missing: string[] = [];
  const need = <T>(field: string, value: T | undefined): T | undefined => {
    if (value === undefined) missing.push(field);
    return value;
  };
  const rootCause = need('rootCause', readRootCause(sections.get('Root cause')));
  const confidence = need('confidence', readConfidence(sections.get('Confidence')));
  const affectedFiles = need(
    'affectedFiles',
    readAffectedFiles(sections.get('Affected files'), sections.get('Evidence')),
  );
  const complexity = need('complexity', readLevel(sections.get('Complexity')));
  const risk = need('risk', readLevel(sections.get('Risk')));
  if (risk?.rationale === '') missing.push('riskRationale');
  const fields: Partial<ModelDiagnosis> = {
    ...(rootCause && confidence !== undefined ? { rootCause: { ...rootCause, confidence } } : {}),
    ...(affectedFiles ? { affectedFiles } : {}),
    ...(sections.has('Proposed change')
      ? { proposedChange: readProposedChange(sections.get('Proposed change')) }
      : {}),
    ...(complexity ? { complexity: complexity.level } : {}),
    ...(risk ? { risk: risk.level } : {}),
    ...(risk && risk.rationale !== '' ? { riskRationale: risk.rationale } : {}),
  };
  if (!rootCause || confidence === undefined || !affectedFiles || !complexity || !risk) {
    return { missing, fields };
  }
  if (missing.length > 0) return { missing, fields };
  return {
    diagnosis: {
      rootCause: { ...rootCause, confidence },
      affectedFiles,
      proposedChange: fields.proposedChange ?? null,
      complexity: complexity.level,
      risk: risk.level,
      riskRationale: risk.rationale,
    },
    missing: [],
    fields,
  };
}

/**
 * True when `markdown` is a report in the template's format rather than a remark: it has at least
 * one of the template's section headings.
 */
export function looksLikeReport(markdown: string): boolean {
  return splitSections(markdown).size > 0;
}

/** Whether a character is a line terminator (what `.` does not match and `$` stops before). */
const isTerminator = (char: string | undefined) =>
  char === '\n' || char === '\r' || char === '\u2028' || char === '\u2029';
/** Whether a character is in `\s`. */
const isSpace = (char: string | undefined) => char !== undefined && /\s/.test(char);
/** A heading's end after its title: spaces, closing `#`s, spaces, then the end of a line. */
const HEADING_END = /\s*(?:#+\s*)?$/my;

/**
 * The matches of `/^#{1,3}\s+(.+?)\s*#*\s*$/gm` (start, end and title), in linear time. The pattern
 * tried every end of its lazy title against every split of the spaces after it (4 KiB of tabs in
 * a heading took 39 s); here whether a heading's end can start at a position is computed once for
 * every position, from the last one back, and the title is the shortest that reaches one.
 */
function* markdownHeadings(text: string): Generator<{ index: number; end: number; title: string }> {
  const length = text.length;
  // canEnd[e]: `\s*(?:#+\s*)?$` matches at e; spacesToEnd / hashesToEnd: `\s*$` / `#+\s*$` do.
  const canEnd = new Uint8Array(length + 1);
  let spacesToEnd = true;
  let hashesToEnd = false;
  canEnd[length] = 1;
  for (let at = length - 1; at >= 0; at--) {
    const char = text[at];
    const space = isSpace(char);
    const lineEnd = isTerminator(char);
    hashesToEnd = char === '#' && (spacesToEnd || hashesToEnd);
    spacesToEnd = lineEnd || (space && spacesToEnd);
    canEnd[at] = spacesToEnd || hashesToEnd || (space && canEnd[at + 1] === 1) ? 1 : 0;
  }
  // nextEnd[i]: the first e >= i where a heading's end can start; nextLineEnd[i]: the first
  // terminator (or the text's end) at or after i.
  const nextEnd = new Int32Array(length + 2).fill(-1);
  const nextLineEnd = new Int32Array(length + 1);
  nextLineEnd[length] = length;
  nextEnd[length] = length;
  for (let at = length - 1; at >= 0; at--) {
    nextEnd[at] = canEnd[at] === 1 ? at : (nextEnd[at + 1] ?? -1);
    nextLineEnd[at] = isTerminator(text[at]) ? at : (nextLineEnd[at + 1] ?? length);
  }
  let from = 0;
  while (from < length) {
    let lineStart = from;
    if (lineStart > 0 && !isTerminator(text[lineStart - 1])) {
      lineStart = nextLineEnd[lineStart] ?? length;
      if (lineStart >= length) return;
      lineStart++;
    }
    from = lineStart + 1;
    let hashes = 0;
    while (hashes < 3 && text[lineStart + hashes] === '#') hashes++;
    if (hashes === 0) continue;
    let spacesEnd = lineStart + hashes;
    while (spacesEnd < length && isSpace(text[spacesEnd])) spacesEnd++;
    // `\s+` takes the most spaces it can and gives them back one by one.
    for (let titleStart = spacesEnd; titleStart > lineStart + hashes; titleStart--) {
      if (titleStart >= length || isTerminator(text[titleStart])) continue;
      const titleEnd = nextEnd[titleStart + 1] ?? -1;
      if (titleEnd === -1 || titleEnd > (nextLineEnd[titleStart] ?? length)) continue;
      HEADING_END.lastIndex = titleEnd;
      HEADING_END.exec(text);
      yield {
        index: lineStart,
        end: HEADING_END.lastIndex,
        title: text.slice(titleStart, titleEnd),
      };
      from = HEADING_END.lastIndex;
      break;
    }
  }
}

/** Section bodies by heading (`## Heading`), for the headings of the template only. */
function splitSections(markdown: string): Map<ReportSection, string> {
  const sections = new Map<ReportSection, string>();
  const headings = [...markdownHeadings(markdown)];
  headings.forEach((heading, position) => {
    const title = [...REPORT_SECTIONS, ...NOT_FOUND_SECTIONS].find(
      (section) => section.toLowerCase() === heading.title.trim().toLowerCase(),
    );
    if (!title || sections.has(title)) return;
    const start = heading.end;
    const end = headings[position + 1]?.index ?? markdown.length;
    sections.set(title, markdown.slice(start, end).trim());
  });
  return sections;
}

/** A "not found" report as a diagnosis that claims no cause. */
function readNotFound(text: string, sections: Map<ReportSection, string>): ParsedReport {
  const summary = text.replace(/\s+/g, ' ').trim() || 'The code read does not establish a cause.';
  const missing = sections.get('Missing information')?.trim();
  const checked = checkedLocations(sections.get('Checked') ?? '').map((location): AffectedFile => {
    const start = Number(location.start);
    return {
      path: location.path,
      lines: [start, Math.max(start, Number(location.end ?? start))],
      symbol: null,
      role: 'related',
      evidence: [],
    };
  });
  return {
    diagnosis: {
      rootCause: {
        summary: `${NOT_FOUND_PREFIX} ${summary}`,
        explanation: missing ? `${summary}\n\nWhat would settle it: ${missing}` : summary,
        confidence: 0,
      },
      affectedFiles: checked,
      proposedChange: null,
      complexity: 'unknown',
      risk: 'unknown',
      riskRationale: 'Unknown until a cause is found.',
    },
    missing: [],
    fields: {},
    notFound: true,
  };
}

function readRootCause(text: string | undefined) {
  if (!text) return undefined;
  const [first = '', ...rest] = text.split(/\n\s*\n/);
  const summary = first.replace(/\s+/g, ' ').trim();
  const explanation = rest.join('\n\n').trim() || summary;
  return summary === '' ? undefined : { summary, explanation };
}

/**
 * A confidence given in words, as a probability: the "words of estimative probability" of Kent
 * (1964, CIA Studies in Intelligence): "probable" about 75 %, "chances about even" 50 %,
 * "probably not" about 30 %.
 */
const CONFIDENCE_WORDS: Record<string, number> = { high: 0.75, medium: 0.5, low: 0.3 };

function readConfidence(text: string | undefined): number | undefined {
  const word = text ? /^\W*(high|medium|low)\b/i.exec(text.trim()) : null;
  if (word?.[1]) return CONFIDENCE_WORDS[word[1].toLowerCase()];
  const match = text ? /(\d+(?:\.\d+)?)\s*(%?)/.exec(text) : null;
  if (!match) return undefined;
  const value = Number(match[1]) / (match[2] === '%' ? 100 : 1);
  return value >= 0 && value <= 1 ? value : undefined;
}

function readAffectedFiles(
  locations: string | undefined,
  evidence: string | undefined,
): AffectedFile[] | undefined {
  if (locations === undefined) return undefined;
  const files: AffectedFile[] = locationBullets(locations).map((bullet) => {
    const start = Number(bullet.start);
    const symbol = bullet.symbol?.trim();
    return {
      path: bullet.path,
      lines: [start, Number(bullet.end ?? start)] as [number, number],
      symbol: symbol && symbol !== '-' ? symbol : null,
      role: bullet.role,
      evidence: [],
    };
  });
  // A section with locations none of which could be read is not read (a structurer reads it).
  const text = locations.trim();
  if (files.length === 0 && text !== '' && !/^(none|n\/a|-)\b/i.test(text)) return undefined;
  for (const fenced of fencedQuotes(evidence ?? '')) {
    const quote = { path: fenced.path, line: Number(fenced.line), quote: fenced.quote };
    if (quote.quote.trim() === '') continue;
    const samePath = files.filter((file) => file.path === quote.path);
    const holder =
      samePath.find(({ lines: [start, end] }) => quote.line >= start && quote.line <= end) ??
      samePath[0];
    holder?.evidence.push(quote);
  }
  return files;
}

function readLevel(text: string | undefined): { level: Level; rationale: string } | undefined {
  const match = text ? LEVEL.exec(text.trim()) : null;
  if (!match) return undefined;
  return {
    level: (match[1] ?? '').toLowerCase() as Level,
    rationale: (match[2] ?? '').replace(/\s+/g, ' ').trim(),
  };
}

function readProposedChange(text: string | undefined): ModelDiagnosis['proposedChange'] {
  if (!text) return null;
  const diff = fencedDiff(text);
  const description = (diff ? text.replace(diff.block, '') : text).trim();
  const patch = diff?.patch ? `${diff.patch}\n` : null;
  if (description === '' && patch === null) return null;
  if (/^(none|no change)\b/i.test(description) && patch === null) return null;
  return { description: description || 'Apply the patch below.', patch };
}
