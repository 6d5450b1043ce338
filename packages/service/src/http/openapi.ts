/**
 * The OpenAPI 3.1 document of the JSON API, generated from the same zod schemas the routes
 * validate with (zod 4's `z.toJSONSchema`).
 */
import { z } from 'zod';
import {
  bulkTriageSchema,
  codeContextSchema,
  codeQuerySchema,
  errorSchema,
  groupChangeSchema,
  groupDetailSchema,
  groupSummarySchema,
  healthSchema,
  inboxPageSchema,
  inboxQuerySchema,
  ingestBodySchema,
  ingestQuerySchema,
  ingestResultSchema,
  markdownQuerySchema,
  mergeSchema,
  projectViewSchema,
  reinvestigateSchema,
  savedViewCreateSchema,
  savedViewListSchema,
  savedViewSchema,
  settingsSchema,
  sourceCreateSchema,
  sourceKindSchema,
  sourceTestSchema,
  sourceViewSchema,
  statusSchema,
  tokenRotationSchema,
} from './schemas.js';

/** The media type of an answer that is not JSON, as the route's Content-Type names it. */
type TextMediaType = 'text/plain' | 'text/event-stream';

interface Operation {
  summary: string;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The body may also be plain text (what it is taken as). */
  textBody?: string;
  /** What a successful answer holds: JSON of this schema, text of this media type, or nothing (204). */
  response: z.ZodType | TextMediaType | null;
  status?: number;
  /** Default true. */
  auth?: boolean;
  /**
   * Error statuses besides those every operation of its shape can answer (see
   * {@link errorStatuses}): a 400 or 404 its handler gives for a reason of its own, 415.
   */
  errors?: readonly ErrorStatus[];
}

/** What each error status of the API means; every one answers `errorSchema`'s JSON. */
const ERROR_STATUSES = {
  400: 'The request is not valid: the message names the field and what to send',
  401: 'No API token, or not the current one (Authorization: Bearer <token>)',
  404: 'Nothing has this id (or the named project does not exist)',
  413: 'The body is larger than the service takes',
  415: 'The media type or charset of the body is not taken',
  429: 'Too many requests from this client in a minute: wait the seconds in Retry-After',
} as const;
type ErrorStatus = keyof typeof ERROR_STATUSES;

/**
 * The error statuses of an operation: 401 unless it needs no token; 429 always (the API's rate
 * limit counts every request that carries a token, one to the health check too); 400 with a
 * query or body to validate; 404 with an `{id}` in its path; 413 for a method that may carry a
 * body (the API's body limit reads any); 415 with a body (one sent as anything but JSON is refused,
 * `jsonMediaOnly`); and its own `errors`.
 */
function errorStatuses(path: string, method: string, operation: Operation): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(operation.errors ?? []);
  if (operation.auth !== false) statuses.add(401);
  statuses.add(429);
  if (operation.query || operation.body) statuses.add(400);
  if (path.includes('{id}')) statuses.add(404);
  if (['post', 'patch', 'put'].includes(method)) statuses.add(413);
  if (operation.body) statuses.add(415);
  return [...statuses].sort((a, b) => a - b);
}

const idParameter = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };

const OPERATIONS: Record<string, Record<string, Operation>> = {
  '/api/health': {
    get: {
      summary: 'Health: whether the service is up (nothing more without a token)',
      response: healthSchema,
      auth: false,
    },
  },
  '/api/status': {
    get: {
      summary: 'Status: database, job and report counts',
      response: statusSchema,
    },
  },
  '/api/groups': {
    get: {
      summary: 'The inbox: groups, filtered and paged',
      query: inboxQuerySchema,
      response: inboxPageSchema,
    },
    patch: {
      summary: 'Set status, assignee or priority of several groups at once (all or none)',
      body: bulkTriageSchema,
      response: z.object({ groups: z.array(groupSummarySchema) }),
    },
  },
  '/api/groups/assignees': {
    get: {
      summary: 'Names groups are assigned to, alphabetically',
      response: z.object({ assignees: z.array(z.string()) }),
    },
  },
  '/api/groups/{id}': {
    get: {
      summary: 'One group: its reports (raw and parsed), classification, every diagnosis',
      response: groupDetailSchema,
    },
    patch: {
      summary: 'Set the triage status, assignee or priority',
      body: groupChangeSchema,
      response: groupSummarySchema,
    },
  },
  '/api/groups/{id}/merge': {
    post: {
      summary: 'Merge this group into another (its reports move; it leaves the inbox)',
      body: mergeSchema,
      response: groupSummarySchema,
    },
  },
  '/api/groups/{id}/unmerge': {
    post: {
      summary: 'Undo the merge of this group (what the merge moved comes back)',
      response: groupSummarySchema,
      errors: [400],
    },
  },
  '/api/groups/{id}/retry': {
    post: {
      summary:
        'Queue a failed investigation again, with a fresh count of attempts (400 when it has not failed)',
      response: z.object({ queued: z.boolean() }),
      status: 202,
      errors: [400],
    },
  },
  '/api/groups/{id}/markdown': {
    get: {
      summary: 'The latest diagnosis as Markdown or as a GitHub issue comment',
      query: markdownQuerySchema,
      response: 'text/plain',
    },
  },
  '/api/groups/{id}/investigate': {
    post: {
      summary: 'Investigate a group now, whatever its label (optionally with a model)',
      body: reinvestigateSchema,
      response: z.object({ queued: z.boolean() }),
      status: 202,
    },
  },
  '/api/code': {
    get: {
      summary: "±5 lines of a project's code around a line, secrets withheld",
      query: codeQuerySchema,
      response: codeContextSchema,
      errors: [404],
    },
  },
  '/api/reports': {
    post: {
      summary: 'Ingest reports (JSON, or any body as one report text)',
      query: ingestQuerySchema,
      body: ingestBodySchema,
      textBody:
        'A body sent as text/* (also application/x-ndjson or application/jsonl, or without a Content-Type): the text of one report (a crash with its stack trace, an issue, a review export) or JSON Lines of reports, in the charset its Content-Type names (any WHATWG Encoding label), else UTF-8 or UTF-16 with a byte-order mark; other media types and unknown charsets get 415',
      response: ingestResultSchema,
      status: 202,
      errors: [404, 415],
    },
  },
  '/api/projects': {
    get: {
      summary: 'Projects and their repository folders',
      response: z.object({ projects: z.array(projectViewSchema) }),
    },
  },
  '/api/sources': {
    get: {
      summary: 'Sources and their polling state',
      response: z.object({ sources: z.array(sourceViewSchema) }),
    },
    post: {
      summary: "Add a source (settings and secrets checked by its kind's module)",
      body: sourceCreateSchema,
      response: sourceViewSchema,
      status: 201,
    },
  },
  '/api/sources/kinds': {
    get: {
      summary: 'Source kinds and the settings and secrets each asks for',
      response: z.object({ kinds: z.array(sourceKindSchema) }),
    },
  },
  '/api/sources/{id}/test': {
    post: { summary: "Make the source's one authenticated call", response: sourceTestSchema },
  },
  '/api/sources/{id}': {
    delete: { summary: 'Remove a source (its reports stay)', response: null, status: 204 },
  },
  '/api/token/rotate': {
    post: {
      summary: 'Replace the API token (the old one is refused from now on)',
      response: tokenRotationSchema,
    },
  },
  '/api/views': {
    get: {
      summary: 'Saved views (named inbox filters and sort), by name',
      response: savedViewListSchema,
    },
    post: {
      summary: 'Save a view (400 when the name is taken)',
      body: savedViewCreateSchema,
      response: savedViewSchema,
      status: 201,
    },
  },
  '/api/views/{id}': {
    delete: { summary: 'Delete a saved view', response: null, status: 204 },
  },
  '/api/jobs/failed': {
    get: {
      summary: 'Jobs that failed every attempt, newest first (at most 50)',
      response: z.object({
        jobs: z.array(
          z.object({
            id: z.string(),
            queue: z.string(),
            data: z.unknown(),
            error: z.string(),
            attempts: z.number().int(),
          }),
        ),
      }),
    },
  },
  '/api/settings': {
    get: { summary: 'The model and budgets investigations use', response: settingsSchema },
  },
  '/api/events': {
    get: { summary: 'Live updates: group-updated events', response: 'text/event-stream' },
  },
};

/** The document. */
export function openApiDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [path, methods] of Object.entries(OPERATIONS)) {
    paths[path] = {};
    for (const [method, operation] of Object.entries(methods)) {
      const required = requiredQueryParameters(operation.query);
      const parameters = [
        ...(path.includes('{id}') ? [idParameter] : []),
        ...Object.entries(operation.query?.shape ?? {}).map(([name, schema]) => ({
          name,
          in: 'query',
          required: required.has(name),
          schema: z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }),
        })),
      ];
      const error = { 'application/json': { schema: json(errorSchema) } };
      (paths[path] as Record<string, unknown>)[method] = {
        summary: operation.summary,
        ...(operation.auth === false ? { security: [] } : {}),
        ...(parameters.length > 0 ? { parameters } : {}),
        ...(operation.body
          ? {
              requestBody: {
                // A request without a body is validated as `{}` (see `jsonMediaOnly`).
                required: !operation.body.safeParse({}).success,
                content: {
                  'application/json': { schema: json(operation.body, 'input') },
                  ...(operation.textBody
                    ? {
                        'text/plain': {
                          schema: { type: 'string', description: operation.textBody },
                        },
                      }
                    : {}),
                },
              },
            }
          : {}),
        responses: {
          [String(operation.status ?? 200)]: success(operation.response),
          ...Object.fromEntries(
            errorStatuses(path, method, operation).map((status) => [
              String(status),
              { description: ERROR_STATUSES[status], content: error },
            ]),
          ),
        },
      };
    }
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Sightline triage service', version: '0.1.0' },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    security: [{ bearer: [] }],
    paths,
  };
}

/**
 * The query parameters a request must give: those the route's schema refuses to miss (fresh-user
 * trial 49: every parameter was listed as optional, `path` and `line` of `GET /api/code` too).
 */
function requiredQueryParameters(query: z.ZodObject | undefined): Set<string> {
  if (!query) return new Set();
  const { required } = z.toJSONSchema(query, { io: 'input', unrepresentable: 'any' }) as {
    required?: string[];
  };
  return new Set(required);
}

function success(response: Operation['response']) {
  if (response === null) return { description: 'No content' };
  if (typeof response === 'string') {
    return { description: 'OK', content: { [response]: { schema: { type: 'string' } } } };
  }
  return { description: 'OK', content: { 'application/json': { schema: json(response) } } };
}

function json(schema: z.ZodType, io: 'input' | 'output' = 'output') {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return rest;
}
