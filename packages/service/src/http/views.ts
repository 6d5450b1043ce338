/** Store records → API shapes (never a credential). */
import type { z } from 'zod';
import { groupInvestigation } from '../pipeline/investigation-state.js';
import {
  type DiagnosisRecord,
  type GroupRecord,
  type InboxRowFacts,
  type ProjectRecord,
  payloadText,
  type ReportRecord,
  type SourceRecord,
} from '../store/index.js';
import type {
  diagnosisViewSchema,
  groupSummarySchema,
  inboxRowSchema,
  projectViewSchema,
  reportViewSchema,
  sourceViewSchema,
} from './schemas.js';

export function projectView(project: ProjectRecord): z.infer<typeof projectViewSchema> {
  return { id: project.id, name: project.name, repo: project.repo, createdAt: project.createdAt };
}

export function groupView(group: GroupRecord): z.infer<typeof groupSummarySchema> {
  return {
    id: group.id,
    projectId: group.projectId,
    label: group.label,
    status: group.status,
    title: group.title,
    count: group.count,
    firstSeen: group.firstSeen,
    lastSeen: group.lastSeen,
    sources: group.sourceKinds,
    latestDiagnosisVersion: group.latestDiagnosisVersion,
    investigation: groupInvestigation(group),
    mergedInto: group.mergedInto,
    resolvedInRelease: group.resolvedInRelease,
    assignee: group.assignee,
    priority: group.priority,
    updatedAt: group.updatedAt,
  };
}

/** A group as an inbox row (facts missing for it: an empty row, never an error). */
export function inboxRowView(
  group: GroupRecord,
  facts: Map<string, InboxRowFacts>,
): z.infer<typeof inboxRowSchema> {
  const row = facts.get(group.id);
  return {
    ...groupView(group),
    culprit: row?.culprit ?? null,
    rootCause: row?.rootCause ?? null,
    diagnosisOutcome: row?.diagnosisOutcome ?? null,
    diagnosisConfidence: row?.diagnosisConfidence ?? null,
    trend: row?.trend ?? [],
    releases: row?.releases ?? [],
    platforms: row?.platforms ?? [],
    environments: row?.environments ?? [],
  };
}

export function reportView(report: ReportRecord): z.infer<typeof reportViewSchema> {
  return {
    id: report.id,
    sourceKind: report.sourceKind,
    sourceId: report.sourceReportId,
    receivedAt: report.receivedAt,
    url: report.url,
    filename: report.filename,
    stage: report.stage,
    error: report.error,
    raw: payloadText(report.payload),
    parsed: report.analysis?.report ?? null,
    classification: report.analysis?.classification ?? null,
    meta: report.meta,
  };
}

export function diagnosisView(record: DiagnosisRecord): z.infer<typeof diagnosisViewSchema> {
  return {
    version: record.version,
    revision: record.revision,
    method: record.method,
    model: record.model,
    reportId: record.reportId,
    durationMs: record.durationMs,
    createdAt: record.createdAt,
    diagnosis: record.diagnosis,
    suspects: record.suspects,
    verification: record.verification,
  };
}

export function sourceView(source: SourceRecord): z.infer<typeof sourceViewSchema> {
  return {
    id: source.id,
    projectId: source.projectId,
    kind: source.kind,
    name: source.name,
    config: source.config,
    enabled: source.enabled,
    pollIntervalMs: source.pollIntervalMs,
    lastPollAt: source.lastPollAt,
    nextPollAt: source.nextPollAt,
    lastError: source.lastError,
    pollCount: source.pollCount,
    reportCount: source.reportCount,
    webhookPath: `/webhooks/${source.id}`,
  };
}
