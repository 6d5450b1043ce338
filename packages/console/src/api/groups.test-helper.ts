/**
 * Groups as the API sends them, for the console's tests: one new crash group seen once on
 * 2026-12-01, queued for investigation; each test changes only the fields it is about.
 */
import type { GroupSummary, InboxRow } from './types.js';

const SEEN = '2026-12-01T10:00:00.000Z';

/** A group summary (`GET /api/groups/:id`'s `group`), with `changes` applied. */
export function groupSummary(changes: Partial<GroupSummary> = {}): GroupSummary {
  return {
    id: 'g1',
    projectId: 'p1',
    label: 'crash',
    status: 'new',
    title: 'TypeError: boom',
    count: 1,
    firstSeen: SEEN,
    lastSeen: SEEN,
    sources: ['files'],
    latestDiagnosisVersion: 0,
    investigation: { state: 'queued', reason: null, attempts: 0 },
    mergedInto: null,
    resolvedInRelease: null,
    assignee: null,
    priority: null,
    updatedAt: SEEN,
    ...changes,
  };
}

/** An inbox row (`GET /api/inbox`'s `groups[]`): the summary and no culprit, trend or releases. */
export function inboxRow(changes: Partial<InboxRow> = {}): InboxRow {
  return {
    ...groupSummary(),
    culprit: null,
    rootCause: null,
    diagnosisOutcome: null,
    diagnosisConfidence: null,
    trend: [],
    releases: [],
    platforms: [],
    environments: [],
    ...changes,
  };
}
