/**
 * The Sentry REST API calls a Sentry source makes: a project's issues (paged by `Link` headers with
 * `rel="next"; results="true"`, docs.sentry.io/api/pagination) and an issue's latest event, with a
 * bearer auth token. Errors say what to fix and carry the provider's requested wait.
 */
import type { ProviderPage } from '../poll-pages.js';
import { getProviderJson, ProviderError } from '../provider-http.js';

/** Where and how to call Sentry. */
export interface SentryApiOptions {
  /** `https://sentry.io`, a region (`https://de.sentry.io`) or a self-hosted URL. */
  baseUrl: string;
  organization: string;
  project: string;
  authToken: string;
  fetch: typeof fetch;
  signal?: AbortSignal;
}

const seg = encodeURIComponent;

/** The Sentry API client of one source. */
export function createSentryApi(options: SentryApiOptions) {
  const base = options.baseUrl.replace(/\/+$/, '');
  const get = (url: string) =>
    getProviderJson(url, {
      provider: 'Sentry',
      fetch: options.fetch,
      headers: { authorization: `Bearer ${options.authToken}` },
      signal: options.signal,
      explain: (status) => explain(status, options),
    });
  const projectPath = `/api/0/projects/${seg(options.organization)}/${seg(options.project)}`;
  const project = async () => (await get(`${base}${projectPath}/`)).json;
  return {
    /**
     * The first page of the project's issues matching `query` (Sentry search syntax), from the
     * organization's issue list filtered by the project's numeric id — Sentry's current endpoint
     * (docs.sentry.io/api/events/list-an-organizations-issues/); the project issue list
     * (`/projects/{org}/{project}/issues/`) is deprecated. Reads the project once for its id.
     * @throws ProviderError when the project cannot be read or has no id.
     */
    async issuesUrl(query: string): Promise<string> {
      const id = (await project()) as { id?: unknown };
      if (typeof id?.id !== 'string' && typeof id?.id !== 'number') {
        throw new ProviderError(
          `Sentry answered the project ${options.organization}/${options.project} without its id.`,
          200,
        );
      }
      return `${base}/api/0/organizations/${seg(options.organization)}/issues/?project=${seg(String(id.id))}&query=${seg(query)}&sort=date&statsPeriod=14d`;
    },
    /** One page of a list call. @throws ProviderError */
    async page(url: string): Promise<ProviderPage<unknown>> {
      const { json, headers } = await get(url);
      if (!Array.isArray(json)) {
        throw new ProviderError('Sentry answered an issue list that is not a JSON array.', 200);
      }
      return { items: json, next: nextLink(headers.get('link')) };
    },
    /** The latest event of an issue. @throws ProviderError */
    async latestEvent(issueId: string): Promise<unknown> {
      const url = `${base}/api/0/organizations/${seg(options.organization)}/issues/${seg(issueId)}/events/latest/`;
      return (await get(url)).json;
    },
    /** The project itself (the call `test()` makes). @throws ProviderError */
    project,
  };
}

export type SentryApi = ReturnType<typeof createSentryApi>;

function explain(status: number, options: SentryApiOptions): string | undefined {
  if (status === 401) {
    return 'Sentry refused the auth token (401). Create an internal integration token with project:read and event:read, and store it again.';
  }
  if (status === 403)
    return 'The auth token lacks a scope (403): it needs project:read and event:read.';
  if (status === 404) {
    return `Sentry knows no project "${options.organization}/${options.project}" (404). Check the organization and project slugs.`;
  }
  return undefined;
}

/** The `rel="next"` URL of a Sentry `Link` header, when it says more results exist. */
export function nextLink(link: string | null): string | null {
  if (!link) return null;
  for (const part of link.split(/,(?=\s*<)/)) {
    const url = /<([^>]+)>/.exec(part)?.[1];
    if (!url || !/rel="?next"?/.test(part)) continue;
    return /results="false"/.test(part) ? null : url;
  }
  return null;
}
