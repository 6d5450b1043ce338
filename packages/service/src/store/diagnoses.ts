/** Diagnoses: every investigation of a group is kept, numbered 1, 2, … per group. */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  type Diagnosis,
  SECRET_RULES_VERSION,
  type Suspect,
  type VerificationResult,
} from '../adapters/investigator.js';
import type { DiagnosisRecord } from './records.js';
import type { Database, DiagnosisRow } from './schema.js';
import { UNDER_OTHER_SECRET_RULES } from './secret-rules-column.js';
import { nowIso } from './time.js';

/** A diagnosis to store. */
export interface NewDiagnosis {
  groupId: string;
  /** Identifies the job run that made it: storing the same run twice keeps the first. */
  runKey: string;
  reportId: string;
  revision: string;
  model: string | null;
  diagnosis: Diagnosis;
  suspects: Suspect[];
  verification: VerificationResult;
  /** Wall time of the investigation, ms. */
  durationMs: number;
}

/** A stored diagnosis' texts, each JSON as stored. */
export interface StoredDiagnosisTexts {
  diagnosis: string;
  suspects: string;
  verification: string;
}

/** The diagnosis store. */
export interface DiagnosisStore {
  /**
   * Stores a diagnosis as the group's next version. Idempotent on `runKey`.
   * @returns the stored diagnosis (the earlier one when this run was already stored) and whether it is new.
   */
  add(input: NewDiagnosis): Promise<{ diagnosis: DiagnosisRecord; created: boolean }>;
  /** A group's diagnoses, newest version first. */
  listOfGroup(groupId: string): Promise<DiagnosisRecord[]>;
  /**
   * The repository revision of each group's newest diagnosis (one query, without reading the
   * diagnoses themselves); groups never diagnosed are left out.
   */
  latestRevisions(groupIds: readonly string[]): Promise<Map<string, string>>;
  /**
   * Diagnoses whose texts were gated under other secret rules than today's `SECRET_RULES_VERSION`
   * (or stored before the service gated reports), with an id after `after` (`''`: from the
   * first), at most `limit`, by id, with their stored JSON texts, for {@link regate}.
   */
  gatedUnderOtherRules(
    after: string,
    limit: number,
  ): Promise<{ id: string; texts: StoredDiagnosisTexts }[]>;
  /**
   * Keeps a diagnosis' texts gated again under today's secret rules, unless they changed since
   * `stored` was read. @returns whether it was updated.
   */
  regate(id: string, stored: StoredDiagnosisTexts, gated: StoredDiagnosisTexts): Promise<boolean>;
  /** Diagnoses stored, all groups. */
  count(): Promise<number>;
  /** Wall time of every stored investigation, ms (for service statistics and bench:serve). */
  durationsMs(): Promise<number[]>;
}

function toDiagnosis(row: DiagnosisRow): DiagnosisRecord {
  return {
    id: row.id,
    groupId: row.group_id,
    version: row.version,
    runKey: row.run_key,
    reportId: row.report_id,
    revision: row.revision,
    method: row.method as DiagnosisRecord['method'],
    model: row.model,
    diagnosis: JSON.parse(row.diagnosis) as Diagnosis,
    suspects: JSON.parse(row.suspects) as Suspect[],
    verification: JSON.parse(row.verification) as VerificationResult,
    durationMs: row.duration_ms,
    createdAt: row.created_at,
  };
}

/** Creates the diagnosis store over the database. */
export function createDiagnosisStore(db: Kysely<Database>): DiagnosisStore {
  return {
    add(input) {
      return db.transaction().execute(async (trx) => {
        const existing = await trx
          .selectFrom('diagnoses')
          .selectAll()
          .where('run_key', '=', input.runKey)
          .executeTakeFirst();
        if (existing) return { diagnosis: toDiagnosis(existing), created: false };
        const latest = await trx
          .selectFrom('diagnoses')
          .select((eb) => eb.fn.max('version').as('version'))
          .where('group_id', '=', input.groupId)
          .executeTakeFirst();
        const row: DiagnosisRow = {
          id: randomUUID(),
          group_id: input.groupId,
          version: Number(latest?.version ?? 0) + 1,
          run_key: input.runKey,
          report_id: input.reportId,
          revision: input.revision,
          method: input.diagnosis.method,
          model: input.model,
          diagnosis: JSON.stringify(input.diagnosis),
          suspects: JSON.stringify(input.suspects),
          verification: JSON.stringify(input.verification),
          secret_rules: SECRET_RULES_VERSION,
          duration_ms: Math.round(input.durationMs),
          created_at: nowIso(),
        };
        await trx.insertInto('diagnoses').values(row).execute();
        await trx
          .updateTable('groups')
          .set({ latest_diagnosis_version: row.version, updated_at: nowIso() })
          .where('id', '=', input.groupId)
          .execute();
        return { diagnosis: toDiagnosis(row), created: true };
      });
    },

    async gatedUnderOtherRules(after, limit) {
      const rows = await db
        .selectFrom('diagnoses')
        .select(['id', 'diagnosis', 'suspects', 'verification'])
        .where(UNDER_OTHER_SECRET_RULES)
        .where('id', '>', after)
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map(({ id, ...texts }) => ({ id, texts }));
    },

    async regate(id, stored, gated) {
      const updated = await db
        .updateTable('diagnoses')
        .set({ ...gated, secret_rules: SECRET_RULES_VERSION })
        .where('id', '=', id)
        .where('diagnosis', '=', stored.diagnosis)
        .where('suspects', '=', stored.suspects)
        .where('verification', '=', stored.verification)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) > 0;
    },

    async listOfGroup(groupId) {
      const rows = await db
        .selectFrom('diagnoses')
        .selectAll()
        .where('group_id', '=', groupId)
        .orderBy('version', 'desc')
        .execute();
      return rows.map(toDiagnosis);
    },

    async latestRevisions(groupIds) {
      const revisions = new Map<string, string>();
      // In slices: a statement takes a bounded number of parameters.
      for (let start = 0; start < groupIds.length; start += 1_000) {
        const rows = await db
          .selectFrom('diagnoses')
          .innerJoin('groups', (join) =>
            join
              .onRef('groups.id', '=', 'diagnoses.group_id')
              .onRef('groups.latest_diagnosis_version', '=', 'diagnoses.version'),
          )
          .select(['diagnoses.group_id', 'diagnoses.revision'])
          .where('diagnoses.group_id', 'in', groupIds.slice(start, start + 1_000))
          .execute();
        for (const row of rows) revisions.set(row.group_id, row.revision);
      }
      return revisions;
    },

    async durationsMs() {
      const rows = await db.selectFrom('diagnoses').select('duration_ms').execute();
      return rows.map((row) => Number(row.duration_ms));
    },
    async count() {
      const row = await db
        .selectFrom('diagnoses')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
