/**
 * Investigations waiting for the next day's budget: the daily cost cap was reached, so the group
 * stays queued (its reason says why and until when) and is sent to the queue again once due.
 */
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/** A waiting investigation. */
export interface InvestigationWait {
  groupId: string;
  /** Why it was queued in the first place (`new-group`, `requested`, …). */
  reason: string;
  /** Name of the configured model it asked for; absent: the default. */
  model?: string;
  /** When it may run again, ISO time. */
  until: string;
}

/** The waiting investigations. */
export interface InvestigationWaitStore {
  /** Keeps a group waiting (replacing an earlier wait of the group). */
  add(wait: InvestigationWait): Promise<void>;
  /** Waits whose time has come at `now`, removed in the same statement (each is handed out once). */
  takeDue(now: Date): Promise<InvestigationWait[]>;
}

/** Creates the store of waiting investigations over the database. */
export function createInvestigationWaitStore(db: Kysely<Database>): InvestigationWaitStore {
  return {
    async add({ groupId, reason, model, until }) {
      const row = { group_id: groupId, reason, model: model ?? null, until };
      await db
        .insertInto('investigation_waits')
        .values(row)
        .onConflict((conflict) =>
          conflict.column('group_id').doUpdateSet({ reason, model: row.model, until }),
        )
        .execute();
    },

    async takeDue(now) {
      // One statement, so two takers (serve and a worker) never both get a wait.
      const rows = await db
        .deleteFrom('investigation_waits')
        .where('until', '<=', now.toISOString())
        .returningAll()
        .execute();
      return rows.map((row) => ({
        groupId: row.group_id,
        reason: row.reason,
        ...(row.model ? { model: row.model } : {}),
        until: row.until,
      }));
    },
  };
}
