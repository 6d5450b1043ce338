/** Projects (a name and the repository folder its reports are investigated against). */
import { randomUUID } from 'node:crypto';
import { SightlineError } from '@sightline/core';
import type { Kysely } from 'kysely';
import type { Database, ProjectRow } from './schema.js';
import { nowIso } from './time.js';

/** The project store. */
export function createProjectStore(db: Kysely<Database>) {
  return {
    /**
     * Returns the project named `name`, creating it with `repo` when absent; an existing project
     * gets `repo` as its repository (the folder may have moved).
     */
    async ensure({ name, repo }: { name: string; repo: string }): Promise<ProjectRow> {
      await db
        .insertInto('projects')
        .values({ id: randomUUID(), name, repo, created_at: nowIso() })
        .onConflict((conflict) => conflict.column('name').doUpdateSet({ repo }))
        .execute();
      return db
        .selectFrom('projects')
        .selectAll()
        .where('name', '=', name)
        .executeTakeFirstOrThrow();
    },

    /** All projects, by name. */
    list(): Promise<ProjectRow[]> {
      return db.selectFrom('projects').selectAll().orderBy('name').execute();
    },

    /**
     * The project with this id or name.
     * @throws SightlineError `STORE_ENTRY_NOT_FOUND` when there is none.
     */
    async get(idOrName: string): Promise<ProjectRow> {
      const row = await db
        .selectFrom('projects')
        .selectAll()
        .where((where) => where.or([where('id', '=', idOrName), where('name', '=', idOrName)]))
        .executeTakeFirst();
      if (!row) {
        throw new SightlineError({
          code: 'STORE_ENTRY_NOT_FOUND',
          message: `No project "${idOrName}". List the projects with GET /api/projects.`,
        });
      }
      return row;
    },
  };
}

export type ProjectStore = ReturnType<typeof createProjectStore>;
