/** Saved views: named inbox queries (filters and sort order) to apply again later. */
import { randomUUID } from 'node:crypto';
import { SightlineError } from '@sightline/core';
import type { Kysely } from 'kysely';
import type { InboxSort } from '../vocabulary.js';
import type { SavedView, SavedViewFilters } from './records.js';
import type { Database, SavedViewRow } from './schema.js';
import { nowIso } from './time.js';

/** The saved-view store. */
export interface SavedViewStore {
  /** All saved views, by name. */
  list(): Promise<SavedView[]>;
  /**
   * Saves a view.
   * @throws SightlineError `INVALID_ARGUMENT` when a view of that name exists.
   */
  create(view: { name: string; filters: SavedViewFilters; sort: InboxSort }): Promise<SavedView>;
  /**
   * Deletes a view.
   * @throws SightlineError `STORE_ENTRY_NOT_FOUND` when there is none with this id.
   */
  delete(id: string): Promise<void>;
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

/** Creates the saved-view store over the database. */
export function createSavedViewStore(db: Kysely<Database>): SavedViewStore {
  return {
    async list() {
      const rows = await db.selectFrom('saved_views').selectAll().orderBy('name').execute();
      return rows.map(toView);
    },

    async create(view) {
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

    async delete(id) {
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
