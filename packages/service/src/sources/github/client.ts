/** The REST client (Octokit) every GitHub call of Sightline goes through: polling and posting. */
import { Octokit } from '@octokit/rest';

/** Options of {@link createGitHubClient}. */
export interface GitHubClientOptions {
  /** REST API URL: `https://api.github.com`, or GitHub Enterprise's `…/api/v3`. */
  baseUrl: string;
  /** Token; absent for anonymous calls. */
  token?: string | undefined;
  fetch: typeof fetch;
  signal?: AbortSignal | undefined;
}

const silent = { debug() {}, info() {}, warn() {}, error() {} };

/** An Octokit that logs nothing and calls through `fetch`. */
export function createGitHubClient(options: GitHubClientOptions): Octokit {
  return new Octokit({
    ...(options.token ? { auth: options.token } : {}),
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    userAgent: 'sightline',
    log: silent,
    request: { fetch: options.fetch, ...(options.signal ? { signal: options.signal } : {}) },
  });
}
