/** What investigations with a model cost, per UTC day: what the service's daily cost cap sums. */
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';
import { nowIso } from './time.js';

/** One investigation's cost to record. */
export interface ModelSpend {
  /** The investigation job's run key: recording a run twice counts it once. */
  runKey: string;
  groupId: string;
  /** The model spec that ran. */
  model: string;
  /** Estimated cost from the model's list prices, US dollars. */
  costUsd: number;
  /** When it was spent. Default: now. */
  at?: Date;
}

/** The spend store. */
export interface ModelSpendStore {
  /** Records an investigation's cost (idempotent on `runKey`). */
  add(spend: ModelSpend): Promise<void>;
  /** US dollars spent on the UTC day of `at` (to the millionth of a dollar). */
  ofDay(at: Date): Promise<number>;
}

/** The UTC day of a time, `YYYY-MM-DD`. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** Creates the spend store over the database. */
export function createModelSpendStore(db: Kysely<Database>): ModelSpendStore {
  return {
    async add({ runKey, groupId, model, costUsd, at = new Date() }) {
      await db
        .insertInto('model_spend')
        .values({
          run_key: runKey,
          group_id: groupId,
          model,
          day: utcDay(at),
          cost_micro_usd: Math.round(costUsd * 1_000_000),
          created_at: nowIso(),
        })
        .onConflict((conflict) => conflict.column('run_key').doNothing())
        .execute();
    },

    async ofDay(at) {
      const row = await db
        .selectFrom('model_spend')
        .select((eb) => eb.fn.sum<number | string | null>('cost_micro_usd').as('total'))
        .where('day', '=', utcDay(at))
        .executeTakeFirst();
      return Number(row?.total ?? 0) / 1_000_000;
    },
  };
}
