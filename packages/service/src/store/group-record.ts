/** A group's row as the store's record, and the small reads every group module shares. */
import { SightlineError } from '@sightline/core';
import type { Transaction } from 'kysely';
import type { ReportLabel } from '../vocabulary.js';
import type { GroupRecord, InvestigationProgress } from './records.js';
import type { Database, GroupRow } from './schema.js';

/** A group row as a record. */
export function toGroup(row: GroupRow): GroupRecord {
  return {
    id: row.id,
    projectId: row.project_id,
    label: row.label as ReportLabel,
    status: row.status,
    title: row.title,
    signature: row.signature,
    count: row.count,
    firstSeen: row.first_seen,
    lastSeen: row.last_seen,
    sourceKinds: row.source_kinds.split(',').filter(Boolean),
    representativeReportId: row.representative_report_id,
    latestDiagnosisVersion: row.latest_diagnosis_version,
    investigation: row.investigation_state
      ? {
          state: row.investigation_state as InvestigationProgress['state'],
          detail: row.investigation_detail,
          attempts: row.investigation_attempts,
        }
      : null,
    mergedInto: row.merged_into,
    resolvedInRelease: row.resolved_release,
    assignee: row.assignee,
    priority: row.priority,
    updatedAt: row.updated_at,
  };
}

/** A group's row. @throws Error when there is none (a broken reference inside a transaction). */
export function groupRow(trx: Transaction<Database>, id: string): Promise<GroupRow> {
  return trx.selectFrom('groups').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The error for an unknown group id. */
export function groupNotFound(id: string): SightlineError {
  return new SightlineError({
    code: 'STORE_ENTRY_NOT_FOUND',
    message: `No group "${id}". List the groups with GET /api/groups.`,
  });
}

/** True for a crash fingerprint of any version (`crash:` … `crash4:`), false for `text:` keys. */
export function isCrashSignature(signature: string): boolean {
  return /^crash\d*:/.test(signature);
}
