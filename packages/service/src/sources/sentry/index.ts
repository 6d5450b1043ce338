/**
 * The Sentry source: webhooks of an internal integration (signed with its client secret) and
 * polling of a project's issues and each one's latest event (with an auth token). Either
 * credential alone is enough for its half.
 */
import { z } from 'zod';
import { defineSourceModule, testConnection } from '../define-source-module.js';
import { pollPages } from '../poll-pages.js';
import {
  addressSetting,
  followUpstreamSetting,
  maxPagesSetting,
  optionalSecret,
  pollOrWebhookCredentials,
} from '../source-settings.js';
import type { PollOptions, PollResult, RawReport, Source, SourceContext } from '../types.js';
import { deliveryObject, isObject } from '../webhook-json.js';
import { createSentryApi, type SentryApi } from './api.js';
import { eventReport, issueReport } from './reports.js';
import { sentryHookTime, unpackSentryDelivery, verifySentrySignature } from './webhook.js';

const configSchema = z.strictObject({
  organization: z.string().min(1).describe('Organization slug'),
  project: z.string().min(1).describe('Project slug'),
  baseUrl: addressSetting('https://sentry.io', 'Sentry URL (region or self-hosted)'),
  query: z.string().default('is:unresolved').describe('Issue search query for polling'),
  maxPages: maxPagesSetting(5, 'Issue pages read per poll'),
  followUpstream: followUpstreamSetting(),
});
const credentialsSchema = pollOrWebhookCredentials(
  {
    authToken: optionalSecret('Auth token, for polling'),
    clientSecret: optionalSecret('Client secret, for webhooks'),
  },
  'Give an authToken (polling), a clientSecret (webhooks), or both.',
);

export type SentryConfig = z.output<typeof configSchema>;
export type SentryCredentials = z.output<typeof credentialsSchema>;

/** The Sentry source module. */
export const sentrySource = defineSourceModule({
  kind: 'sentry',
  description:
    'Sentry: integration webhooks (client secret) and polling of a project (auth token).',
  configSchema,
  credentialsSchema,
  pollIntervalMs: 60_000,
  create: createSentrySource,
});

function createSentrySource(context: SourceContext<SentryConfig, SentryCredentials>): Source {
  const { config, credentials } = context;
  const { authToken, clientSecret } = credentials;
  const apiWith = (token: string, signal?: AbortSignal) =>
    createSentryApi({
      ...config,
      authToken: token,
      fetch: context.fetch,
      ...(signal ? { signal } : {}),
    });
  const api = (signal?: AbortSignal) => (authToken ? apiWith(authToken, signal) : undefined);
  return {
    async webhook({ headers, body }) {
      if (!clientSecret) return { verified: false, reports: [] };
      if (!verifySentrySignature(body, headers['sentry-hook-signature'], clientSecret)) {
        return { verified: false, reports: [] };
      }
      const json = deliveryObject(body);
      if ('rejected' in json) return { verified: true, reports: [], rejected: json.rejected };
      const delivery = unpackSentryDelivery(headers['sentry-hook-resource'], json.object);
      if (delivery.kind === 'rejected') {
        return { verified: true, reports: [], rejected: delivery.message };
      }
      const at = sentryHookTime(headers['sentry-hook-timestamp']);
      const when = at ? { at } : {};
      if (delivery.kind === 'status') {
        return {
          verified: true,
          reports: [],
          upstream: [
            { identity: `sentry-issue:${delivery.issueId}`, status: delivery.status, ...when },
          ],
        };
      }
      if (delivery.kind === 'event') {
        const report = eventReport(delivery.event);
        if (!report) return { verified: true, reports: [], rejected: NO_EVENT_ID };
        return { verified: true, reports: [report] };
      }
      if (delivery.kind === 'none') return { verified: true, reports: [] };
      // Created or unresolved: the issue's latest event (stored once by its id), or without a token
      // the issue itself, stored only while the project holds no report of it (`issueOnly`): an
      // unresolved issue is a status change, not another occurrence.
      const reports = only(await issueWithEvent(api(), delivery.issue));
      const upstream = delivery.reopened
        ? [
            {
              identity: `sentry-issue:${String(delivery.issue.id)}`,
              status: 'reopened' as const,
              ...when,
            },
          ]
        : [];
      return { verified: true, reports, upstream };
    },
    // Without an auth token it is not polled (webhooks only).
    ...(authToken
      ? {
          poll: ({ cursor, signal }: PollOptions) =>
            pollIssues(apiWith(authToken, signal), config, cursor),
        }
      : {}),
    async test() {
      if (!authToken) {
        return {
          ok: true,
          message: 'Webhooks only (no auth token): deliveries are checked with the client secret.',
        };
      }
      return testConnection(async (signal) => {
        await api(signal)?.project();
        return `Connected to ${config.organization}/${config.project}.`;
      });
    },
  };
}

const NO_EVENT_ID =
  'The event has no id (event_id, eventID or id), so it cannot be stored once and only once; nothing was stored.';

const only = (report: RawReport | undefined): RawReport[] => (report ? [report] : []);

/** The issue's latest event when a token allows fetching it, else the issue itself. */
async function issueWithEvent(
  api: SentryApi | undefined,
  issue: Record<string, unknown>,
): Promise<RawReport | undefined> {
  if (!api) return issueReport(issue);
  // The delivery is still worth keeping without its event.
  return issueWithEventOrThrow(api, issue).catch(() => issueReport(issue));
}

/** Issues seen since the cursor (an ISO `lastSeen`), newest first (sort=date), each as its latest event. */
function pollIssues(
  api: SentryApi,
  config: SentryConfig,
  cursor: string | null,
): Promise<PollResult> {
  return pollPages<Record<string, unknown>>({
    cursor,
    maxPages: config.maxPages,
    page: async (next) => api.page(next ?? (await api.issuesUrl(config.query))),
    isItem: isObject,
    timeOf: (issue) => (typeof issue.lastSeen === 'string' ? issue.lastSeen : undefined),
    toReport: (issue) => issueWithEventOrThrow(api, issue),
  });
}

async function issueWithEventOrThrow(
  api: SentryApi,
  issue: Record<string, unknown>,
): Promise<RawReport | undefined> {
  const event = await api.latestEvent(String(issue.id));
  return (isObject(event) ? eventReport(event) : undefined) ?? issueReport(issue);
}
