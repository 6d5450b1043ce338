/**
 * The one HTTP client of the console, derived from the service's routes (Hono's typed client `hc`
 * over the service's `AppType`): paths, parameters and answers are the server's own types, so a
 * field renamed on the server (the diagnosis' included: the API uses the investigator's schema)
 * fails the console's type-check. Every call carries the API token, and every failure becomes an
 * {@link ApiError} with the service's `{ error: { code, message } }` (or a sentence saying the
 * service cannot be reached), so pages can show what to do instead of a stack trace.
 */
import type { AppType, InboxQueryParams, SavedViewCreate } from '@sightline/service';
import type { GroupPriority, GroupStatus } from '@sightline/service/vocabulary';
import { hc } from 'hono/client';
import { readToken } from './token.js';

/** A failed API call: the service's error code and message, and the HTTP status (0: no answer). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The service's routes, typed: `client.api.groups[':id'].$get({ param: idParam(id) })`. */
const client = hc<AppType>('/', {
  headers: (): Record<string, string> => {
    const token = readToken();
    return token ? { authorization: `Bearer ${token}` } : {};
  },
});

/**
 * Sends a request of the typed client.
 * @returns the response (status 2xx), to read with its typed `json()` or `text()`; the routes'
 *   error answers are left out of its type.
 * @throws ApiError on any failure, with a message a person can act on.
 */
async function send<R extends Response>(
  request: () => Promise<R>,
): Promise<Exclude<R, { ok: false }>> {
  let response: R;
  try {
    response = await request();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(
      0,
      'UNREACHABLE',
      'The service does not answer. Is `sightline serve` still running? Start it again, then retry.',
    );
  }
  if (!response.ok) {
    const type = response.headers.get('content-type') ?? '';
    const body: unknown = type.includes('json') ? await response.json().catch(() => null) : null;
    const error = (body as { error?: { code?: string; message?: string } } | null)?.error;
    throw new ApiError(
      response.status,
      error?.code ?? 'HTTP_ERROR',
      error?.message ?? `The service answered ${response.status}.`,
    );
  }
  return response as Exclude<R, { ok: false }>;
}

/**
 * The `:id` of a route, encoded as one path segment (Hono's client puts it in as it is). A group's
 * id comes from the page's address, decoded: `..%2Fsources` would otherwise ask for /api/sources.
 * @throws ApiError `STORE_ENTRY_NOT_FOUND` (404) for `.` and `..`, which no request can carry.
 */
function idParam(id: string): { id: string } {
  // '.' and '..' are dot segments however they are encoded (a URL parser resolves '%2e' too), so
  // no request can carry them; no group has such an id.
  if (id === '.' || id === '..') {
    throw new ApiError(404, 'STORE_ENTRY_NOT_FOUND', `There is no group ${id}.`);
  }
  return { id: encodeURIComponent(id) };
}

/** The query of `GET /api/groups` as strings, without the empty filters. */
function inboxQuery(params: InboxQueryParams): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') query[key] = String(value);
  }
  return query;
}

/** A triage change: each field given is set; null (or an empty assignee) clears it. */
export interface TriageChange {
  status?: GroupStatus;
  assignee?: string | null;
  priority?: GroupPriority | null;
}

/** A source to add: its kind, a unique name, its settings and its secrets. */
export interface SourceCreate {
  kind: string;
  name: string;
  settings: Record<string, unknown>;
  secrets: Record<string, string>;
}

/** The service's API, one function per route. */
export const api = {
  status: async () => (await send(() => client.api.status.$get())).json(),
  inbox: async (params: InboxQueryParams) =>
    (await send(() => client.api.groups.$get({ query: inboxQuery(params) }))).json(),
  group: async (id: string) =>
    (await send(() => client.api.groups[':id'].$get({ param: idParam(id) }))).json(),
  triageGroup: async (id: string, change: TriageChange) =>
    (
      await send(() => client.api.groups[':id'].$patch({ param: idParam(id), json: change }))
    ).json(),
  triage: async (ids: string[], change: TriageChange) =>
    (await send(() => client.api.groups.$patch({ json: { ids, ...change } }))).json(),
  assignees: async () => (await send(() => client.api.groups.assignees.$get())).json(),
  merge: async (id: string, into: string) =>
    (
      await send(() => client.api.groups[':id'].merge.$post({ param: idParam(id), json: { into } }))
    ).json(),
  unmerge: async (id: string) =>
    (await send(() => client.api.groups[':id'].unmerge.$post({ param: idParam(id) }))).json(),
  reinvestigate: async (id: string) =>
    (
      await send(() => client.api.groups[':id'].investigate.$post({ param: idParam(id), json: {} }))
    ).json(),
  retry: async (id: string) =>
    (await send(() => client.api.groups[':id'].retry.$post({ param: idParam(id) }))).json(),
  markdown: async (id: string, style: 'markdown' | 'github') =>
    (
      await send(() =>
        client.api.groups[':id'].markdown.$get({ param: idParam(id), query: { style } }),
      )
    ).text(),
  code: async (project: string, path: string, line: number) =>
    (
      await send(() => client.api.code.$get({ query: { project, path, line: String(line) } }))
    ).json(),
  settings: async () => (await send(() => client.api.settings.$get())).json(),
  sources: async () => (await send(() => client.api.sources.$get())).json(),
  sourceKinds: async () => (await send(() => client.api.sources.kinds.$get())).json(),
  addSource: async (source: SourceCreate) =>
    (await send(() => client.api.sources.$post({ json: source }))).json(),
  testSource: async (id: string) =>
    (await send(() => client.api.sources[':id'].test.$post({ param: idParam(id) }))).json(),
  removeSource: async (id: string) => {
    await send(() => client.api.sources[':id'].$delete({ param: idParam(id) }));
  },
  rotateToken: async () => (await send(() => client.api.token.rotate.$post())).json(),
  views: async () => (await send(() => client.api.views.$get())).json(),
  createView: async (view: SavedViewCreate) =>
    (await send(() => client.api.views.$post({ json: view }))).json(),
  deleteView: async (id: string) => {
    await send(() => client.api.views[':id'].$delete({ param: idParam(id) }));
  },
  projects: async () => (await send(() => client.api.projects.$get())).json(),
};
