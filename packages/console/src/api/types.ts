/**
 * The API's shapes as the console reads them, inferred from the typed client (so from the
 * service's routes and schemas), never written by hand.
 */
import type { api } from './client.js';

/** A group with its reports and every diagnosis (`GET /api/groups/:id`). */
export type GroupDetail = Awaited<ReturnType<typeof api.group>>;
/** A group as the inbox lists it. */
export type GroupSummary = GroupDetail['group'];
/** One page of the inbox (`GET /api/groups`). */
export type InboxPage = Awaited<ReturnType<typeof api.inbox>>;
/** A group as an inbox row shows it: the summary plus culprit, root cause, trend, releases, platforms. */
export type InboxRow = InboxPage['groups'][number];
/** One stored diagnosis version. */
export type DiagnosisView = GroupDetail['diagnoses'][number];
/** A stored report, raw and parsed. */
export type ReportView = GroupDetail['reports'][number];
/** A source and its polling state. */
export type SourceView = Awaited<ReturnType<typeof api.sources>>['sources'][number];
/** A saved view. */
export type SavedViewView = Awaited<ReturnType<typeof api.views>>['views'][number];
/** A source kind and the settings and secrets it asks for. */
export type SourceKindView = Awaited<ReturnType<typeof api.sourceKinds>>['kinds'][number];
