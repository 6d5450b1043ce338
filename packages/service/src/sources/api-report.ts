/**
 * One report as `POST /api/reports` takes it: the API's schema of a report, which is also the one
 * check of the reports `sightline ingest` reads from files, whether it sends them to the API or
 * stores them directly, so the two ways take and refuse the same reports.
 */
import { SightlineError } from '@sightline/core';
import {
  jsonNestsDeeperThan,
  MAX_JSON_DEPTH,
  parseReports,
  REPORT_FORMAT_NAMES,
} from '@sightline/intake';
import { z } from 'zod';
import type { RawReport } from './types.js';

/** Formats a report may be sent in: `auto` (detected) or one of intake's. */
export const INGEST_FORMATS: readonly [string, ...string[]] = ['auto', ...REPORT_FORMAT_NAMES];

/** A report's `format`: one of {@link INGEST_FORMATS}, refused with the list otherwise. */
export const reportFormatSchema = z.enum(INGEST_FORMATS, {
  error: (issue) =>
    `unknown format ${JSON.stringify(issue.input)}; use one of ${INGEST_FORMATS.join(', ')}`,
});

/** Longest id of a report, characters. */
const MAX_ID_CHARS = 200;

/** A receive time: ISO 8601 with `Z` or a UTC offset (`date -Iseconds` prints `+01:00`). */
const receivedAtSchema = z.iso.datetime({
  offset: true,
  error:
    'not a date and time in ISO 8601; give one with Z or an offset (e.g. 2026-12-01T09:30:00Z or 2026-12-01T10:30:00+01:00), or none',
});

/**
 * A receive time as it is stored, in UTC (`2026-12-01T09:30:00.000Z`), so reports sort and compare
 * by it whatever offset they came with. The one place the API's reports and the files' lines are
 * normalised (`apiReportToRawReport`).
 * @param receivedAt a receive time as given.
 * @returns it in UTC when {@link apiReportSchema} takes it; else unchanged, for the check to refuse.
 */
export function utcReceivedAt(receivedAt: string): string {
  return receivedAtSchema.safeParse(receivedAt).success
    ? new Date(receivedAt).toISOString()
    : receivedAt;
}

/** A report of a `POST /api/reports` JSON body: its text or its JSON, and optional fields. */
export const apiReportSchema = z
  .object({
    id: z
      .string()
      .min(1, 'empty; give an id, or none (the content identifies the report then)')
      .max(
        MAX_ID_CHARS,
        `longer than ${MAX_ID_CHARS} characters; give a shorter one, or none (the content identifies the report then)`,
      )
      .optional()
      .describe('Your id; default: a hash of the content'),
    text: z.string().optional(),
    // Refused past intake's depth before anything walks it (JSON.stringify overflowed the stack).
    json: z
      .unknown()
      .refine((json) => typeof json === 'object' && json !== null, {
        message:
          'not a JSON object or array; give the report as one (a Sentry event, an issue {"title": "…", "body": "…"}, review rows), or its text as "text"',
        abort: true,
      })
      .refine((json) => !jsonNestsDeeperThan(json), {
        message: `nests deeper than ${MAX_JSON_DEPTH} levels of objects and arrays, and no report needs that many; send it with its nesting cut down, or as {"text": "…"}`,
        abort: true,
      })
      .optional()
      .describe(
        'The report as a JSON object or array (a Sentry event, an issue {title, body}, review rows)',
      ),
    format: reportFormatSchema.optional().describe('Intake format, default auto'),
    filename: z.string().optional(),
    receivedAt: receivedAtSchema.optional(),
    // http(s) only: the console links to it ("Open at the source").
    url: z
      .httpUrl({
        error: 'not an http(s) address; give one (e.g. https://example.com/issues/1), or none',
      })
      .optional()
      .describe('Where the report lives upstream (http or https)'),
  })
  .strict()
  .refine((report) => (report.text === undefined) !== (report.json === undefined), {
    message:
      'give exactly one of "text" (the report as text) and "json" (as a JSON object or array)',
  })
  .superRefine((report, context) => {
    const problem = formatMismatch(report.text ?? report.json, report.format);
    if (problem) context.addIssue({ code: 'custom', path: ['format'], message: problem });
  });

/**
 * Why a report is not in the format it names (`sentry` on text that is no Sentry event: intake's
 * `parseReports` refuses it), so it is refused when it arrives rather than failing in the
 * pipeline; undefined for `auto`, a format that fits, or a report the pipeline refuses anyway
 * (one over intake's size bound is refused there, unparsed here).
 */
function formatMismatch(input: unknown, format: string | undefined): string | undefined {
  if (format === undefined || format === 'auto' || input === undefined) return undefined;
  try {
    parseReports(input as string | object, { format });
  } catch (error) {
    if (SightlineError.isInstance(error) && error.details.format === format) return error.message;
  }
  return undefined;
}

/** A raw report as an item of a `POST /api/reports` JSON body (what `sightline ingest --url` sends). */
export function rawReportToApiReport(report: RawReport): z.input<typeof apiReportSchema> {
  return {
    id: report.sourceId,
    ...('text' in report.payload ? { text: report.payload.text } : { json: report.payload.json }),
    format: report.format,
    ...(report.filename ? { filename: report.filename } : {}),
    ...(report.url ? { url: report.url } : {}),
    receivedAt: report.receivedAt,
  };
}

/**
 * Why the API would refuse a raw report, checked with {@link apiReportSchema}: a sentence
 * fragment to follow its place, e.g. `has a bad "url": not an http(s) address (…)`.
 * @returns the fragment, naming every bad field; undefined when the report is taken.
 */
export function rawReportProblem(report: RawReport): string | undefined {
  const parsed = apiReportSchema.safeParse(rawReportToApiReport(report));
  if (parsed.success) return undefined;
  const fields = parsed.error.issues.map((issue) => {
    const [field] = issue.path;
    return field === undefined
      ? issue.message
      : `a bad ${JSON.stringify(String(field))}: ${issue.message}`;
  });
  return `has ${fields.join('; ')}`;
}
