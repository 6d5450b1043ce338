/**
 * The one HTTP client of the console: every call carries the API token, and every failure becomes
 * an {@link ApiError} with the service's `{ error: { code, message } }` (or a sentence saying the
 * service cannot be reached), so pages can show what to do instead of a stack trace.
 */
import type {
  GroupDetail,
  GroupStatus,
  GroupSummary,
  Health,
  InboxPageView,
  InboxQueryParams,
  Settings,
  SourceView,
} from '@sightline/service';
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

/**
 * Calls the API. `path` starts with `/api/`.
 * @returns the parsed JSON body (or the text, for `text/plain` answers).
 * @throws ApiError on any failure, with a message a person can act on.
 */
export async function apiFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  const token = readToken();
  if (token) headers.set('authorization', `Bearer ${token}`);
  if (init.body) headers.set('content-type', 'application/json');
  let response: Response;
  try {
    response = await fetch(path, { ...init, headers });
  } catch {
    throw new ApiError(
      0,
      'UNREACHABLE',
      'The service does not answer. Is `sightline serve` still running? Start it again, then retry.',
    );
  }
  const type = response.headers.get('content-type') ?? '';
  const body: unknown = type.includes('json') ? await response.json() : await response.text();
  if (!response.ok) {
    const error = (body as { error?: { code?: string; message?: string } } | null)?.error;
    throw new ApiError(
      response.status,
      error?.code ?? 'HTTP_ERROR',
      error?.message ?? `The service answered ${response.status}.`,
    );
  }
  return body as T;
}

/** Query string of the defined values of `params`. */
function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The service's API, one function per route. */
export const api = {
  health: () => apiFetch<Health>('/api/health'),
  inbox: (params: InboxQueryParams) =>
    apiFetch<InboxPageView>(`/api/groups${query({ ...params })}`),
  group: (id: string) => apiFetch<GroupDetail>(`/api/groups/${encodeURIComponent(id)}`),
  setStatus: (id: string, status: GroupStatus) =>
    apiFetch<GroupSummary>(`/api/groups/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body: JSON.stringify({ status }),
    }),
  reinvestigate: (id: string) =>
    apiFetch<{ queued: boolean }>(`/api/groups/${encodeURIComponent(id)}/investigate`, {
      method: 'POST',
      body: JSON.stringify({}),
    }),
  markdown: (id: string, style: 'markdown' | 'github') =>
    apiFetch<string>(`/api/groups/${encodeURIComponent(id)}/markdown${query({ style })}`),
  settings: () => apiFetch<Settings>('/api/settings'),
  sources: () => apiFetch<{ sources: SourceView[] }>('/api/sources'),
  projects: () =>
    apiFetch<{ projects: { id: string; name: string; repo: string }[] }>('/api/projects'),
};
