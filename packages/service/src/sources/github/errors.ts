/** Octokit's errors as {@link ProviderError}s that say what to fix, for polling and posting alike. */
import { ProviderError, retryAfterMs } from '../provider-http.js';

/** Octokit's response headers as a `Headers`. */
export function toHeaders(headers: Record<string, unknown> | undefined): Headers {
  const result = new Headers();
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (typeof value === 'string' || typeof value === 'number') result.set(name, String(value));
  }
  return result;
}

/** An Octokit error as a {@link ProviderError} that says what to fix. */
export function explainGitHubError(
  error: unknown,
  config: { baseUrl: string; owner: string; repo: string },
): ProviderError {
  if (error instanceof ProviderError) return error;
  const { status, response } = error as {
    status?: number;
    response?: { headers?: Record<string, unknown> };
  };
  if (typeof status !== 'number' || (status === 500 && !response)) {
    return new ProviderError(
      `GitHub at ${config.baseUrl} cannot be reached (${(error as Error).message}). Check the base URL.`,
      0,
    );
  }
  const wait = retryAfterMs(toHeaders(response?.headers));
  if (status === 401) {
    return new ProviderError(
      'GitHub refused the token (401). Create a token with issues read access and store it again.',
      status,
    );
  }
  if ((status === 403 || status === 429) && wait !== undefined) {
    return new ProviderError(`GitHub is rate limiting this source (${status}).`, status, wait);
  }
  if (status === 403) {
    return new ProviderError("The token may not read this repository's issues (403).", status);
  }
  if (status === 404) {
    return new ProviderError(
      `GitHub knows no repository "${config.owner}/${config.repo}" the token can see (404). Check owner and repo.`,
      status,
    );
  }
  return new ProviderError(`GitHub at ${config.baseUrl} answered ${status}.`, status, wait);
}
