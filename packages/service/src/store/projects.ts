/** Projects (a name and the repository folder its reports are investigated against). */
import { randomUUID } from 'node:crypto';
import { SightlineError } from '@sightline/core';
import type { Kysely } from 'kysely';
import type { ProjectRecord } from './records.js';
import type { Database, ProjectRow } from './schema.js';
import { nowIso } from './time.js';

/** The project store. */
export interface ProjectStore {
  /**
   * Returns the project named `name`, creating it with `repo` when absent; an existing project
   * gets `repo` as its repository (the folder may have moved).
   */
  ensure(project: { name: string; repo: string }): Promise<ProjectRecord>;
  /** All projects, by name. */
  list(): Promise<ProjectRecord[]>;
  /**
   * The project with this id or name.
   * @throws SightlineError `STORE_ENTRY_NOT_FOUND` when there is none.
   */
  get(idOrName: string): Promise<ProjectRecord>;
}

function toProject(row: ProjectRow): ProjectRecord {
  return { id: row.id, name: row.name, repo: row.repo, createdAt: row.created_at };
}

/** Creates the project store over the database. */
export function createProjectStore(db: Kysely<Database>): ProjectStore {
  return {
    async ensure({ name, repo }) {
      await db
        .insertInto('projects')
        .values({ id: randomUUID(), name, repo, created_at: nowIso() })
        .onConflict((conflict) => conflict.column('name').doUpdateSet({ repo }))
        .execute();
      const row = await db
        .selectFrom('projects')
        .selectAll()
        .where('name', '=', name)
        .executeTakeFirstOrThrow();
      return toProject(row);
    },

    async list() {
      const rows = await db.selectFrom('projects').selectAll().orderBy('name').execute();
      return rows.map(toProject);
    },

    async get(idOrName) {
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
      return toProject(row);
    },
  };
}
