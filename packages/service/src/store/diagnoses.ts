/** Diagnoses: every investigation of a group is kept, numbered 1, 2, … per group. */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, DiagnosisRow } from './schema.js';
import { nowIso } from './time.js';

/** A diagnosis to store. */
export interface NewDiagnosis {
  groupId: string;
  /** Identifies the job run that made it: storing the same run twice keeps the first. */
  runKey: string;
  reportId: string;
  revision: string;
  method: string;
  model: string | null;
  diagnosis: unknown;
  suspects: unknown;
  verification: unknown;
  durationMs: number;
}

/** The diagnosis store. */
export function createDiagnosisStore(db: Kysely<Database>) {
  return {
    /**
     * Stores a diagnosis as the group's next version. Idempotent on `runKey`.
     * @returns the stored row (the earlier one when this run was already stored) and whether it is new.
     */
    add(input: NewDiagnosis): Promise<{ diagnosis: DiagnosisRow; created: boolean }> {
      return db.transaction().execute(async (trx) => {
        const existing = await trx
          .selectFrom('diagnoses')
          .selectAll()
          .where('run_key', '=', input.runKey)
          .executeTakeFirst();
        if (existing) return { diagnosis: existing, created: false };
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
          method: input.method,
          model: input.model,
          diagnosis: JSON.stringify(input.diagnosis),
          suspects: JSON.stringify(input.suspects),
          verification: JSON.stringify(input.verification),
          duration_ms: Math.round(input.durationMs),
          created_at: nowIso(),
        };
        await trx.insertInto('diagnoses').values(row).execute();
        await trx
          .updateTable('groups')
          .set({ latest_diagnosis_version: row.version, updated_at: nowIso() })
          .where('id', '=', input.groupId)
          .execute();
        return { diagnosis: row, created: true };
      });
    },

    /** A group's diagnoses, newest version first. */
    listOfGroup(groupId: string): Promise<DiagnosisRow[]> {
      return db
        .selectFrom('diagnoses')
        .selectAll()
        .where('group_id', '=', groupId)
        .orderBy('version', 'desc')
        .execute();
    },

    /** The newest diagnosis of a group, or undefined. */
    latest(groupId: string): Promise<DiagnosisRow | undefined> {
      return db
        .selectFrom('diagnoses')
        .selectAll()
        .where('group_id', '=', groupId)
        .orderBy('version', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** Diagnoses stored, all groups. */
    async count(): Promise<number> {
      const row = await db
        .selectFrom('diagnoses')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type DiagnosisStore = ReturnType<typeof createDiagnosisStore>;
