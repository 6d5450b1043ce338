/**
 * App-store review exports: a JSON array (or `{reviews: [...]}`), NDJSON, or CSV with a header row.
 * Columns are recognised by their usual names (App Store Connect, Google Play Console, scraper
 * exports): text/body/content/review/comment, rating/score/stars, title, date, version, locale, id.
 * CSV is read by `readCsvRecords`, which refuses a row it cannot read or whose fields do not match
 * the header by its line, and keeps the others. A CSV table of issues (a title and a text column,
 * no rating: a tracker's export, NLBSE's `title,body` files) is split into rows the same way, each
 * an issue.
 */
import { SightlineError } from '@sightline/core';
import { jsonLinesOf, type RefusedLine, readJsonLines } from '../json-lines.js';
import { splitLines } from '../lines.js';
import { isJsonObject, type JsonObject } from './json-object.js';
import { type CsvRecord, readCsvRecords } from './review-csv.js';
import type { FormatInput, ParsedReport, ReportFormat } from './types.js';

/**
 * A column name as compared: lower case, without spaces, underscores and hyphens, so `Review Text`
 * (Google Play Console's CSV), `review_text` and `reviewText` are one name.
 */
function columnKey(name: string): string {
  return name.toLowerCase().replace(/[\s_-]+/g, '');
}

const FIELD_NAMES = {
  text: ['text', 'body', 'content', 'review', 'comment', 'reviewtext', 'reviewbody', 'text_review'],
  rating: ['rating', 'score', 'stars', 'star_rating', 'reviewrating', 'star'],
  title: ['title', 'subject', 'headline', 'review_title'],
  date: [
    'date',
    'at',
    'time',
    'timestamp',
    'created_at',
    'updated',
    'submitted',
    'lastmodified',
    'reviewdate',
    'review submit date and time',
    'review last update date and time',
  ],
  version: ['version', 'appversion', 'reviewcreatedversion', 'appversionname', 'version_name'],
  locale: ['locale', 'language', 'lang', 'country', 'territory', 'reviewerlanguage'],
  id: ['id', 'reviewid', 'uuid'],
};
const FIELDS = Object.fromEntries(
  Object.entries(FIELD_NAMES).map(([field, names]) => [field, names.map(columnKey)]),
) as Record<keyof typeof FIELD_NAMES, string[]>;
const REVIEW_ONLY_NAMES = [
  'review',
  'reviewtext',
  'reviewbody',
  'reviewid',
  'rating',
  'stars',
  'score',
  'star rating',
];
const REVIEW_ONLY = REVIEW_ONLY_NAMES.map(columnKey);

function pick(row: JsonObject, names: string[]): unknown {
  for (const [key, value] of Object.entries(row)) {
    if (names.includes(columnKey(key)) && value !== null && value !== undefined && value !== '')
      return value;
  }
  return undefined;
}

const asText = (value: unknown): string | undefined =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : undefined;

/**
 * True when an object looks like one review: review text plus a rating or a review-only key.
 * @param row any parsed JSON value.
 */
export function isReviewRow(row: unknown): row is JsonObject {
  if (!isJsonObject(row)) return false;
  const keys = Object.keys(row).map(columnKey);
  const hasText = keys.some((key) => FIELDS.text.includes(key));
  return hasText && keys.some((key) => REVIEW_ONLY.includes(key));
}

function rowsOfValue(value: unknown): JsonObject[] | null {
  const list = isJsonObject(value)
    ? (value.reviews ?? value.data ?? value.items ?? [value])
    : value;
  if (!Array.isArray(list) || list.length === 0) return null;
  const rows = list.filter(isJsonObject);
  return rows.some(isReviewRow) ? rows.filter(isReviewRow) : null;
}

/**
 * The records of a review export in JSON Lines, a line that is not JSON or not a review refused by
 * its number, or null when `lines` (two or more non-blank) do not start with a JSON object or
 * hold no review.
 */
function ndjsonRecords(lines: string[]): CsvRecord[] | null {
  const nonEmpty = lines.filter((line) => line.trim() !== '');
  if (nonEmpty.length < 2 || !nonEmpty[0]?.trimStart().startsWith('{')) return null;
  const { objects, refused } = readJsonLines(lines);
  if (objects[0] === undefined || objects[0].line > (refused[0]?.line ?? Number.POSITIVE_INFINITY))
    return null;
  if (!objects.some(({ value }) => isReviewRow(value))) return null;
  const records: (CsvRecord & { line: number })[] = [
    ...refused,
    ...objects.map(({ line, value }) =>
      isReviewRow(value)
        ? { line, fields: value }
        : { line, reason: 'is not a review (it needs a text and a rating)' },
    ),
  ];
  return records
    .sort((a, b) => a.line - b.line)
    .map((record) => ('fields' in record ? { fields: record.fields } : record));
}

function csvDelimiter(header: string): string | null {
  const counts = [',', ';', '\t'].map(
    (delimiter) => [delimiter, header.split(delimiter).length - 1] as const,
  );
  const [delimiter, count] = counts.sort((a, b) => b[1] - a[1])[0] ?? [',', 0];
  return count > 0 ? delimiter : null;
}

/**
 * What a CSV header row says the rows are: reviews (a text and a review-only column such as a
 * rating), issues (a title and a text column, no review-only one), or neither (null).
 */
function csvTableOf(header: string): 'reviews' | 'issues' | null {
  const delimiter = csvDelimiter(header);
  if (!delimiter) return null;
  const names = header.split(delimiter).map((name) => columnKey(name.trim().replace(/^"|"$/g, '')));
  if (!names.some((name) => FIELDS.text.includes(name))) return null;
  if (names.some((name) => REVIEW_ONLY.includes(name))) return 'reviews';
  return names.some((name) => FIELDS.title.includes(name)) ? 'issues' : null;
}

function csvHeaderLooksLikeReviews(header: string): boolean {
  return csvTableOf(header) === 'reviews';
}

/**
 * The records of a CSV table of `table` rows, a row that cannot be read or lacks fields refused
 * by its line, or null when `input` is not one.
 */
function csvRecords(
  input: FormatInput,
  table: 'reviews' | 'issues' = 'reviews',
): CsvRecord[] | null {
  const header = input.lines.find((line) => line.trim() !== '') ?? '';
  if (csvTableOf(header) !== table) return null;
  return readCsvRecords(input.text, csvDelimiter(header) ?? ',');
}

/** The records of a review export in order: JSON, NDJSON or CSV. */
function recordsOf(input: FormatInput): CsvRecord[] | null {
  const rows = input.value === undefined ? null : rowsOfValue(input.value);
  return (
    rows?.map((fields) => ({ fields })) ??
    ndjsonRecords(jsonLinesOf(input.text)) ??
    csvRecords(input)
  );
}

function toReport(row: JsonObject): ParsedReport {
  const title = asText(pick(row, FIELDS.title));
  const body = asText(pick(row, FIELDS.text)) ?? '';
  const ratingValue = Number(pick(row, FIELDS.rating));
  const date = asText(pick(row, FIELDS.date));
  const version = asText(pick(row, FIELDS.version));
  const locale = asText(pick(row, FIELDS.locale));
  const id = asText(pick(row, FIELDS.id));
  return {
    kind: 'review',
    exceptions: [],
    body,
    ...(title ? { title } : {}),
    ...(Number.isFinite(ratingValue) && ratingValue >= 1 && ratingValue <= 5
      ? { rating: ratingValue }
      : {}),
    ...(date ? { date } : {}),
    ...(version ? { appVersion: version } : {}),
    ...(locale ? { locale } : {}),
    ...(id ? { id } : {}),
    identifierText: [title, body].filter(Boolean).join('\n'),
  };
}

/** A row of a CSV issue table as the `{title, body}` issue JSON the Markdown issue format reads. */
function issueOf(row: JsonObject): JsonObject {
  return {
    title: asText(pick(row, FIELDS.title)) ?? '',
    body: asText(pick(row, FIELDS.text)) ?? '',
  };
}

/** The review-export format (JSON, NDJSON, CSV); forced on any other text, that text is one review. */
export const reviewsFormat: ReportFormat = {
  name: 'reviews',
  detect: (input) => {
    if (input.value !== undefined) return rowsOfValue(input.value) ? 95 : 0;
    if (ndjsonRecords(jsonLinesOf(input.text).slice(0, 5))) return 95;
    return csvHeaderLooksLikeReviews(input.lines.find((line) => line.trim() !== '') ?? '') ? 90 : 0;
  },
  parse: (input) => {
    const records = recordsOf(input) ?? [];
    const rows = records.flatMap((record) => ('fields' in record ? [record.fields] : []));
    const refused = records.filter((record) => 'line' in record);
    if (rows.length > 0) {
      const notes = refused.map(({ line, reason }) => `line ${line} ${reason}; skipped`);
      return rows.map((row) => ({ ...toReport(row), ...(notes.length > 0 ? { notes } : {}) }));
    }
    if (refused.length > 0) {
      throw new SightlineError({
        code: 'REPORT_UNPARSEABLE',
        message: `No row of the review export can be read: ${refused.map(({ line, reason }) => `line ${line} ${reason}`).join('; ')}. Fix those rows (a quote inside a field is written twice, ""; every row has the header's fields, and a field with the delimiter in it is quoted), or export again.`,
      });
    }
    const nonBlank = input.lines.filter((line) => line.trim() !== '');
    if (nonBlank.length === 1 && csvHeaderLooksLikeReviews(nonBlank[0] ?? '')) {
      throw new SightlineError({
        code: 'REPORT_EMPTY',
        message:
          'The review export has a header row but no reviews. Export again with the reviews in it, or pass a report with some text.',
      });
    }
    // Not an export but the text of one review (a line of JSON Lines read as `reviews`).
    return input.text.trim() === '' ? [] : [toReport({ text: input.text })];
  },
};

/**
 * One row of a review export or CSV issue table: its 1-based record number, its fields (a
 * review's keyed by column name; an issue's as `{title, body}` issue JSON), the format that reads
 * them as one report, and the row's own id when a column holds one (`id`, `reviewId`,
 * `review_id`, `uuid`).
 */
export interface ReviewExportRow {
  record: number;
  id: string | undefined;
  fields: JsonObject;
  format: 'reviews' | 'markdown-issue';
}

/** A record of a CSV review export that could not be read: its record number, line and why. */
export interface RefusedReviewRow extends RefusedLine {
  record: number;
}

/** The rows of a review export and the records refused, each in order; records are numbered together. */
export interface ReviewExport {
  rows: ReviewExportRow[];
  refused: RefusedReviewRow[];
}

/**
 * The rows of a review export (JSON array or `{reviews: [...]}`, NDJSON, or CSV with a header row
 * naming review-like columns) or of a CSV issue table (a header naming a title and a text column,
 * whatever the file's name), for callers that keep one report per row (`sightline triage`, the
 * triage service's file ingest, `sightline investigate` refusing a file of several). Each row
 * parses on its own in its `format` (a review as `reviews`, an issue as `markdown-issue`); a CSV
 * record csv-parse cannot read is refused by its line, and the others kept.
 * @returns the rows and refused records, or null when `text` is neither.
 */
export function reviewExportRows(text: string): ReviewExport | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  const input: FormatInput = {
    text,
    lines: splitLines(text),
    ...(value !== undefined ? { value } : {}),
  };
  const issues = reviewsFormat.detect(input) === 0 ? csvRecords(input, 'issues') : null;
  const records = issues ?? (reviewsFormat.detect(input) === 0 ? null : recordsOf(input));
  if (!records) return null;
  const rows: ReviewExportRow[] = [];
  const refused: RefusedReviewRow[] = [];
  records.forEach((entry, index) => {
    const record = index + 1;
    if ('line' in entry) refused.push({ record, ...entry });
    else
      rows.push({
        record,
        id: asText(pick(entry.fields, FIELDS.id)) || undefined,
        ...(issues
          ? { fields: issueOf(entry.fields), format: 'markdown-issue' as const }
          : { fields: entry.fields, format: 'reviews' as const }),
      });
  });
  return { rows, refused };
}
