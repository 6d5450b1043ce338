/** Sentry events and issues as raw reports: one report per event, identified by its event id. */
import type { RawReport } from '../types.js';

const str = (value: unknown): string | undefined =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;

/**
 * A Sentry event (webhook `data.event`/`data.error` or the API's latest event) as a raw report.
 * Undefined when it has no event id.
 */
export function eventReport(event: Record<string, unknown>): RawReport | undefined {
  const id = str(event.event_id) ?? str(event.eventID) ?? str(event.id);
  if (!id) return undefined;
  const url = str(event.web_url) ?? str(event.url);
  const meta: NonNullable<RawReport['meta']> = {};
  for (const [key, value] of [
    ['issueId', str(event.issue_id) ?? str(event.groupID)],
    ['level', str(event.level)],
    ['platform', str(event.platform)],
    ['release', str(event.release)],
    ['environment', str(event.environment)],
    ['culprit', str(event.culprit)],
  ] as const) {
    if (value !== undefined) meta[key] = value;
  }
  return {
    sourceKind: 'sentry',
    sourceId: id,
    receivedAt: str(event.datetime) ?? str(event.dateCreated) ?? new Date().toISOString(),
    format: 'sentry',
    payload: { json: event },
    ...(url?.startsWith('http') ? { url } : {}),
    meta,
  };
}

/**
 * An issue without its event (no auth token to fetch it): identified by the issue id, and stored
 * only while the project holds no report of the issue (`issueOnly`): it is no occurrence itself.
 */
export function issueReport(issue: Record<string, unknown>): RawReport | undefined {
  const id = str(issue.id);
  if (!id) return undefined;
  const url = str(issue.permalink) ?? str(issue.web_url);
  return {
    sourceKind: 'sentry',
    sourceId: `issue-${id}`,
    receivedAt: str(issue.lastSeen) ?? str(issue.firstSeen) ?? new Date().toISOString(),
    format: 'auto',
    payload: { json: issue },
    ...(url?.startsWith('http') ? { url } : {}),
    meta: { issueId: id, ...(str(issue.level) ? { level: str(issue.level) ?? null } : {}) },
    issueOnly: `sentry-issue:${id}`,
  };
}
