/** Saved views: named inbox queries (filters and sort order) to apply again later. */
import { randomUUID } from 'node:crypto';
import { SightlineError } from '@sightline/core';
import type { Kysely } from 'kysely';
import type { Database, GroupStatus, InboxSort, SavedViewRow } from './schema.js';
import { nowIso } from './time.js';

/** The filters a saved view keeps: those of the inbox (see `InboxQuery`), each optional. */
export interface SavedViewFilters {
  project?: string;
  label?: string;
  status?: GroupStatus;
  source?: string;
  q?: string;
}

/** A saved view as the store returns it (filters parsed). */
export interface SavedView {
  id: string;
  name: string;
  filters: SavedViewFilters;
  sort: InboxSort;
  createdAt: string;
}

function toView(row: SavedViewRow): SavedView {
  return {
    id: row.id,
    name: row.name,
    filters: JSON.parse(row.filters) as SavedViewFilters,
    sort: row.sort,
    createdAt: row.created_at,
  };
}

/** The saved-view store. */
export function createSavedViewStore(db: Kysely<Database>) {
  return {
    /** All saved views, by name. */
    async list(): Promise<SavedView[]> {
      const rows = await db.selectFrom('saved_views').selectAll().orderBy('name').execute();
      return rows.map(toView);
    },

    /**
     * Saves a view.
     * @throws SightlineError `INVALID_ARGUMENT` when a view of that name exists.
     */
    async create(view: { name: string; filters: SavedViewFilters; sort: InboxSort }) {
      const row: SavedViewRow = {
        id: randomUUID(),
        name: view.name,
        filters: JSON.stringify(view.filters),
        sort: view.sort,
        created_at: nowIso(),
      };
      const inserted = await db
        .insertInto('saved_views')
        .values(row)
        .onConflict((conflict) => conflict.column('name').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
        throw new SightlineError({
          code: 'INVALID_ARGUMENT',
          message: `A saved view named "${view.name}" exists. Pick another name or delete it first.`,
        });
      }
      return toView(row);
    },

    /**
     * Deletes a view.
     * @throws SightlineError `STORE_ENTRY_NOT_FOUND` when there is none with this id.
     */
    async delete(id: string): Promise<void> {
      const deleted = await db.deleteFrom('saved_views').where('id', '=', id).executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) {
        throw new SightlineError({
          code: 'STORE_ENTRY_NOT_FOUND',
          message: `No saved view "${id}". List them with GET /api/views.`,
        });
      }
    },
  };
}

export type SavedViewStore = ReturnType<typeof createSavedViewStore>;
