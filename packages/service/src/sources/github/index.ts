/**
 * The GitHub issues source: signed `issues` webhooks and polling of a repository's issues with the
 * official client (Octokit). Polls are conditional (`If-None-Match` with the last ETag; a 304 does
 * not count against the rate limit, docs.github.com/rest/using-the-rest-api/best-practices), read
 * issues updated since the last poll, skip pull requests and honour rate limits.
 */
import type { Octokit } from '@octokit/rest';
import { z } from 'zod';
import { defineSourceModule, testConnection } from '../define-source-module.js';
import { ProviderError, retryAfterMs } from '../provider-http.js';
import {
  addressSetting,
  followUpstreamSetting,
  maxPagesSetting,
  optionalSecret,
  pollOrWebhookCredentials,
} from '../source-settings.js';
import type {
  PollOptions,
  PollResult,
  RawReport,
  Source,
  SourceContext,
  UpstreamStatus,
} from '../types.js';
import { createGitHubClient } from './client.js';
import { explainGitHubError as explain, toHeaders } from './errors.js';
import { closedAsDone, isIssue, issueReport } from './reports.js';
import { handleGitHubWebhook } from './webhook.js';

const configSchema = z.strictObject({
  owner: z.string().min(1).describe('Repository owner'),
  repo: z.string().min(1).describe('Repository name'),
  baseUrl: addressSetting('https://api.github.com', 'REST API URL (GitHub Enterprise)'),
  maxPages: maxPagesSetting(10, 'Pages of 100 issues per poll'),
  followUpstream: followUpstreamSetting(),
});
const credentialsSchema = pollOrWebhookCredentials(
  {
    token: optionalSecret('Token with issues read access, for polling'),
    webhookSecret: optionalSecret('Webhook secret'),
  },
  'Give a token (polling), a webhookSecret (webhooks), or both.',
);

export type GitHubConfig = z.output<typeof configSchema>;
export type GitHubCredentials = z.output<typeof credentialsSchema>;

/** The GitHub issues source module. */
export const githubSource = defineSourceModule({
  kind: 'github',
  description: 'GitHub issues: `issues` webhooks (secret) and polling of a repository (token).',
  configSchema,
  credentialsSchema,
  pollIntervalMs: 60_000,
  create: createGitHubSource,
});

/** The poll cursor: issues updated since `since`, and the ETag of the first page. */
interface Cursor {
  since: string | null;
  etag: string | null;
}

function createGitHubSource(context: SourceContext<GitHubConfig, GitHubCredentials>): Source {
  const { config, credentials } = context;
  const repository = `${config.owner}/${config.repo}`;
  const octokit = (signal: AbortSignal) =>
    createGitHubClient({
      baseUrl: config.baseUrl,
      token: credentials.token,
      fetch: context.fetch,
      signal,
    });
  return {
    webhook: (request) => handleGitHubWebhook(request, credentials.webhookSecret, repository),
    // Without a token it is not polled (webhooks only).
    ...(credentials.token
      ? {
          poll: ({ cursor, signal }: PollOptions) => pollIssues(octokit(signal), config, cursor),
        }
      : {}),
    async test() {
      if (!credentials.token) {
        return {
          ok: true,
          message: 'Webhooks only (no token): deliveries are checked with the secret.',
        };
      }
      return testConnection(
        async (signal) => {
          await octokit(signal).rest.repos.get({ owner: config.owner, repo: config.repo });
          return `Connected to ${repository}.`;
        },
        (error) => explain(error, config).message,
      );
    },
  };
}

function readCursor(cursor: string | null): Cursor {
  try {
    const value = JSON.parse(cursor ?? '') as Partial<Cursor>;
    return {
      since: typeof value.since === 'string' ? value.since : null,
      etag: typeof value.etag === 'string' ? value.etag : null,
    };
  } catch {
    return { since: null, etag: null };
  }
}

async function pollIssues(
  octokit: Octokit,
  config: GitHubConfig,
  cursorText: string | null,
): Promise<PollResult> {
  const cursor = readCursor(cursorText);
  const repository = `${config.owner}/${config.repo}`;
  const reports: RawReport[] = [];
  // Closed issues resolve their groups; reopening is left to the webhook's `reopened` action (an
  // open issue merely updated must not reopen a group someone resolved here).
  const upstream: UpstreamStatus[] = [];
  let since = cursor.since;
  let etag = cursor.etag;
  let wait: number | undefined;
  try {
    for (let page = 1; page <= config.maxPages; page++) {
      const response = await octokit.rest.issues.listForRepo({
        owner: config.owner,
        repo: config.repo,
        state: 'all',
        sort: 'updated',
        direction: 'asc',
        per_page: 100,
        page,
        ...(cursor.since ? { since: cursor.since } : {}),
        ...(page === 1 && cursor.etag ? { headers: { 'if-none-match': cursor.etag } } : {}),
      });
      if (!Array.isArray(response.data)) {
        throw new ProviderError('GitHub answered an issue list that is not a JSON array.', 200);
      }
      if (page === 1) etag = response.headers.etag ?? null;
      for (const item of response.data as unknown[]) {
        if (!isIssue(item)) continue;
        reports.push(issueReport(repository, item));
        if (item.state === 'closed' && closedAsDone(item)) {
          upstream.push({
            identity: `github:${repository}#${item.number}`,
            status: 'resolved',
            ...(typeof item.updated_at === 'string' ? { at: item.updated_at } : {}),
          });
        }
        if (item.updated_at && (!since || item.updated_at > since)) since = item.updated_at;
      }
      wait = retryAfterMs(toHeaders(response.headers));
      if (wait !== undefined || !/rel="next"/.test(response.headers.link ?? '')) break;
    }
  } catch (error) {
    const status = (error as { status?: unknown }).status;
    if (status === 304) return { reports: [], cursor: cursorText };
    const explained = explain(error, config);
    if (explained.retryAfterMs !== undefined) {
      return { reports, upstream, cursor: cursorText, retryAfterMs: explained.retryAfterMs };
    }
    throw explained;
  }
  const next = JSON.stringify({ since, etag } satisfies Cursor);
  return {
    reports,
    upstream,
    cursor: next,
    ...(wait !== undefined ? { retryAfterMs: wait } : {}),
  };
}
