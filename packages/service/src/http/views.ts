/** Store rows → API shapes (camelCase, JSON text decoded, never a credential). */
import type { z } from 'zod';
import type { DiagnosisRow, GroupRow, ReportRow, SourceRow } from '../store/index.js';
import type {
  diagnosisViewSchema,
  groupSummarySchema,
  reportViewSchema,
  sourceViewSchema,
} from './schemas.js';

export function groupView(row: GroupRow): z.infer<typeof groupSummarySchema> {
  return {
    id: row.id,
    projectId: row.project_id,
    label: row.label,
    status: row.status,
    title: row.title,
    count: row.count,
    firstSeen: row.first_seen,
    lastSeen: row.last_seen,
    sources: row.source_kinds.split(',').filter(Boolean),
    latestDiagnosisVersion: row.latest_diagnosis_version,
    updatedAt: row.updated_at,
  };
}

export function reportView(row: ReportRow): z.infer<typeof reportViewSchema> {
  return {
    id: row.id,
    sourceKind: row.source_kind,
    sourceId: row.source_report_id,
    receivedAt: row.received_at,
    url: row.url,
    filename: row.filename,
    stage: row.stage,
    error: row.error,
    raw: row.payload,
    parsed: row.parsed ? (JSON.parse(row.parsed) as unknown) : null,
    classification: row.classification ? JSON.parse(row.classification) : null,
    meta: JSON.parse(row.meta) as Record<string, unknown>,
  };
}

export function diagnosisView(row: DiagnosisRow): z.infer<typeof diagnosisViewSchema> {
  return {
    version: row.version,
    revision: row.revision,
    method: row.method,
    model: row.model,
    reportId: row.report_id,
    durationMs: row.duration_ms,
    createdAt: row.created_at,
    diagnosis: JSON.parse(row.diagnosis) as unknown,
    suspects: JSON.parse(row.suspects) as unknown,
    verification: JSON.parse(row.verification) as unknown,
  };
}

export function sourceView(row: SourceRow): z.infer<typeof sourceViewSchema> {
  return {
    id: row.id,
    projectId: row.project_id,
    kind: row.kind,
    name: row.name,
    config: JSON.parse(row.config) as unknown,
    enabled: row.enabled === 1,
    pollIntervalMs: row.poll_interval_ms,
    lastPollAt: row.last_poll_at,
    nextPollAt: row.next_poll_at,
    lastError: row.last_error,
    pollCount: row.poll_count,
    reportCount: row.report_count,
    webhookPath: `/webhooks/${row.id}`,
  };
}
