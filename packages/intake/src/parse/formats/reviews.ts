/**
 * App-store review exports: a JSON array (or `{reviews: [...]}`), NDJSON, or CSV with a header row.
 * Columns are recognised by their usual names (App Store Connect, Google Play Console, scraper
 * exports): text/body/content/review/comment, rating/score/stars, title, date, version, locale, id.
 * CSV is read with csv-parse (csv.js.org/parse).
 */
import { SightlineError } from '@sightline/core';
import { parse as parseCsv } from 'csv-parse/sync';
import { jsonLinesOf, readJsonLines } from '../json-lines.js';
import { splitLines } from '../lines.js';
import { isJsonObject, type JsonObject } from './json-object.js';
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

function ndjsonRows(lines: string[]): JsonObject[] | null {
  const nonEmpty = lines.filter((line) => line.trim() !== '');
  if (nonEmpty.length < 2 || !nonEmpty[0]?.trimStart().startsWith('{')) return null;
  const { objects } = readJsonLines(nonEmpty);
  if (objects[0]?.line !== 1) return null;
  const rows = objects.map(({ value }) => value).filter(isReviewRow);
  return rows.length > 0 ? rows : null;
}

function csvDelimiter(header: string): string | null {
  const counts = [',', ';', '\t'].map(
    (delimiter) => [delimiter, header.split(delimiter).length - 1] as const,
  );
  const [delimiter, count] = counts.sort((a, b) => b[1] - a[1])[0] ?? [',', 0];
  return count > 0 ? delimiter : null;
}

function csvHeaderLooksLikeReviews(header: string): boolean {
  const delimiter = csvDelimiter(header);
  if (!delimiter) return false;
  const names = header.split(delimiter).map((name) => columnKey(name.trim().replace(/^"|"$/g, '')));
  return (
    names.some((name) => FIELDS.text.includes(name)) &&
    names.some((name) => REVIEW_ONLY.includes(name))
  );
}

function csvRows(input: FormatInput): JsonObject[] | null {
  const header = input.lines.find((line) => line.trim() !== '') ?? '';
  if (!csvHeaderLooksLikeReviews(header)) return null;
  try {
    const rows = parseCsv(input.text, {
      columns: true,
      bom: true,
      delimiter: csvDelimiter(header) ?? ',',
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
      max_record_size: 1_000_000,
    }) as JsonObject[];
    return rows.filter(isReviewRow);
  } catch {
    return null;
  }
}

function rowsOf(input: FormatInput): JsonObject[] | null {
  return (
    (input.value === undefined ? null : rowsOfValue(input.value)) ??
    ndjsonRows(jsonLinesOf(input.text)) ??
    null
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

/** The review-export format (JSON, NDJSON, CSV); forced on any other text, that text is one review. */
export const reviewsFormat: ReportFormat = {
  name: 'reviews',
  detect: (input) => {
    if (input.value !== undefined) return rowsOfValue(input.value) ? 95 : 0;
    if (ndjsonRows(jsonLinesOf(input.text).slice(0, 5))) return 95;
    return csvHeaderLooksLikeReviews(input.lines.find((line) => line.trim() !== '') ?? '') ? 90 : 0;
  },
  parse: (input) => {
    const rows = rowsOf(input) ?? csvRows(input) ?? [];
    if (rows.length > 0) return rows.map(toReport);
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
 * One row of a review export: its fields keyed by column name, and the review's own id when a
 * column holds one (`id`, `reviewId`, `review_id`, `uuid`).
 */
export interface ReviewExportRow {
  id: string | undefined;
  fields: JsonObject;
}

/**
 * The rows of a review export (JSON array or `{reviews: [...]}`, NDJSON, or CSV with a header row
 * naming review-like columns), for callers that keep one report per review (the triage service's
 * file ingest). Each row parses on its own as a `reviews` report.
 * @returns the review rows, or null when `text` is not a review export.
 */
export function reviewExportRows(text: string): ReviewExportRow[] | null {
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
  if (reviewsFormat.detect(input) === 0) return null;
  const rows = rowsOf(input) ?? csvRows(input);
  return (
    rows?.map((fields) => ({ id: asText(pick(fields, FIELDS.id)) || undefined, fields })) ?? null
  );
}
