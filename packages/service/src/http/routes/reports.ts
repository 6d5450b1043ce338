/**
 * `POST /api/reports`: reports handed over by HTTP. A JSON body (`application/json` or a `+json`
 * type) `{ project?, reports: [...] }`
 * (see `ingestBodySchema`), or a text body (`text/*`, JSON Lines as `application/x-ndjson` or
 * `application/jsonl`, or no Content-Type) as the text of one report or a file of them
 * (`?project=&format=&filename=`), read in the charset it declares (body-text.ts); any other
 * media type, or a charset not known, is refused with 415.
 * `?format=` and `?project=` are checked before the body is read, and for a JSON body are the
 * defaults of reports (and the request) that do not name their own.
 */
import { type Context, Hono } from 'hono';
import type { Pipeline } from '../../pipeline/index.js';
import { apiReportToRawReport, fileToRawReports, refusalClause } from '../../sources/files.js';
import { jsonReportProblem, reportTextProblem } from '../../sources/report-text-problem.js';
import type { RawReport } from '../../sources/types.js';
import type { Store } from '../../store/index.js';
import { resolveProject } from '../../store/resolve-project.js';
import { bodyMedia, bodyText, jsonCharsetProblem } from '../body-text.js';
import { errorResponse } from '../middleware/errors.js';
import { isJsonMedia } from '../middleware/json-media.js';
import { type AppLimits, bodyBytesLimit, DEFAULT_LIMITS } from '../middleware/limits.js';
import { ingestBodySchema, ingestQuerySchema } from '../schemas.js';
import { ingestBodyProblem } from './ingest-body-problem.js';

/** What to do with a report too large to take. */
const TOO_LARGE_HINT =
  ' Cut the report down to the part that matters (the error, its stack trace, the steps), or send a review export in several parts.';

/** The ingest route, to mount at `/api/reports` (size-limited; the API's rate limit applies). */
export function reportRoutes(deps: { store: Store; pipeline: Pipeline; limits: AppLimits }) {
  const { reportBodyBytes } = { ...DEFAULT_LIMITS, ...deps.limits };
  return new Hono().post('/', bodyBytesLimit(reportBodyBytes, TOO_LARGE_HINT), (c) =>
    handleIngest(c, deps.store, deps.pipeline),
  );
}

/** Media types of a text body besides `text/*`: JSON Lines. */
const TEXT_MEDIA_TYPES = ['application/x-ndjson', 'application/jsonl'];

/**
 * How a body of this media type is read: `json` for JSON (`application/json` and `+json` types, as
 * the other JSON routes; trial 19: this route alone refused them), `text` for `text/*`,
 * JSON Lines and no Content-Type (a client that names none), null for any other media type.
 */
function bodyKind(media: string): 'json' | 'text' | null {
  if (isJsonMedia(media)) return 'json';
  if (media === '' || media.startsWith('text/') || TEXT_MEDIA_TYPES.includes(media)) return 'text';
  return null;
}

/** Handles one ingest request. */
async function handleIngest(c: Context, store: Store, pipeline: Pipeline) {
  const contentType = c.req.header('content-type');
  let projectName: string | undefined;
  let reports: RawReport[];
  const now = new Date().toISOString();
  // The query's one closed field, checked with the schema the OpenAPI document shows.
  const format = ingestQuerySchema.shape.format.safeParse(c.req.query('format'));
  if (!format.success) {
    return errorResponse(
      c,
      400,
      'INVALID_ARGUMENT',
      `format: ${format.error.issues[0]?.message ?? 'unknown format'}.`,
    );
  }
  const defaultFormat = format.data ?? 'auto';
  const declared = bodyMedia(contentType);
  const kind = bodyKind(declared.media);
  if (kind === null) {
    return errorResponse(
      c,
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      `Content-Type ${JSON.stringify(contentType?.slice(0, 100))} is not taken. Send {"reports":[{"text":"…"}]} as application/json, or the text of a report as text/plain (any text/* type; JSON Lines also as application/x-ndjson or application/jsonl), e.g. curl -H "Content-Type: text/plain" --data-binary @crash.txt.`,
    );
  }
  const jsonCharset = kind === 'json' ? jsonCharsetProblem(declared.charset) : undefined;
  if (jsonCharset) return errorResponse(c, 415, 'UNSUPPORTED_MEDIA_TYPE', jsonCharset);
  // A text body in the charset it declares; else (and JSON always) UTF-8, or UTF-16 with a
  // byte-order mark, as every command reads a file (binary data says so below).
  const decoded = bodyText(
    new Uint8Array(await c.req.arrayBuffer()),
    kind === 'text' ? declared.charset : undefined,
  );
  if ('status' in decoded) {
    const code = decoded.status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'INVALID_ARGUMENT';
    return errorResponse(c, decoded.status, code, decoded.message);
  }
  const { text } = decoded;
  if (kind === 'json') {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return errorResponse(
        c,
        400,
        'INVALID_ARGUMENT',
        'The body is not JSON. Send {"reports":[{"text":"…"}]}.',
      );
    }
    const parsed = ingestBodySchema.safeParse(body);
    if (!parsed.success) {
      const message = ingestBodyProblem(body, text, parsed.error.issues);
      return errorResponse(c, 400, 'INVALID_ARGUMENT', message);
    }
    for (const [index, report] of parsed.data.reports.entries()) {
      // Every field but the text (its own check below names the character): `json`, and the id,
      // file name and address a lone surrogate also made three U+FFFD of (fresh-user trial 19).
      for (const [field, value] of Object.entries(report)) {
        const lone = field === 'text' || value === undefined ? undefined : jsonReportProblem(value);
        if (lone) {
          return errorResponse(c, 400, 'INVALID_ARGUMENT', `reports.${index}.${field}: ${lone}`);
        }
      }
      if (report.text === undefined) continue;
      const problem = reportTextProblem(report.text);
      if (problem) {
        return errorResponse(c, 400, problem.code, `reports.${index}.text: ${problem.message}`);
      }
    }
    projectName = parsed.data.project ?? c.req.query('project');
    reports = parsed.data.reports.map((report) =>
      apiReportToRawReport(report, { receivedAt: now, format: defaultFormat }),
    );
  } else {
    const problem = reportTextProblem(text);
    if (problem) return errorResponse(c, 400, problem.code, `The body ${problem.message}`);
    projectName = c.req.query('project');
    const filename = c.req.query('filename');
    const file = fileToRawReports(text, {
      ...(filename ? { filename } : {}),
      format: defaultFormat,
      receivedAt: now,
    });
    // As a JSON body with one bad report: nothing is stored, and every bad line is named.
    if (file.refused.length > 0) {
      const refused = file.refused
        .map((refusal) => refusalClause(file.numberedBy, refusal))
        .join('; ');
      return errorResponse(
        c,
        400,
        'INVALID_ARGUMENT',
        `The body holds reports that cannot be taken: ${refused}. Fix or remove them and send it again.`,
      );
    }
    reports = file.reports;
  }
  const project = await resolveProject(store, projectName, {
    how: 'the "project" field of a JSON body or ?project=NAME in the address',
  });
  const result = await pipeline.ingest(reports, { projectId: project.id, sourceId: null });
  return c.json(result, 202);
}
