/**
 * Which project a request or command means: the one it names, else the store's only one. The
 * HTTP API (`POST /api/reports`, `POST /api/sources`, `GET /api/code`) and the command line
 * (`sightline ingest`, `sightline sources add --project`) share it, so each says the same thing
 * when a name is needed.
 */
import { SightlineError } from '@sightline/core';
import type { ProjectStore } from './projects.js';
import type { ProjectRecord } from './records.js';

/** How {@link resolveProject} words its error. */
export interface ResolveProjectOptions {
  /** Where the caller names a project. Default `the "project" field`. */
  how?: string;
  /** What holds the projects, to begin the sentence. Default `This service`. */
  holder?: string;
}

/**
 * The named project, or the store's only one when no name is given.
 * @param name - a project's id or name; empty or undefined: the only project.
 * @returns the project.
 * @throws SightlineError `STORE_ENTRY_NOT_FOUND` for an unknown name; `INVALID_ARGUMENT` when
 *   no name is given and the store holds several projects (named in the message) or none.
 */
export async function resolveProject(
  store: { projects: ProjectStore },
  name: string | undefined,
  { how = 'the "project" field', holder = 'This service' }: ResolveProjectOptions = {},
): Promise<ProjectRecord> {
  if (name) return store.projects.get(name);
  const projects = await store.projects.list();
  const [only] = projects;
  if (only && projects.length === 1) return only;
  throw new SightlineError({
    code: 'INVALID_ARGUMENT',
    message:
      projects.length === 0
        ? `${holder} has no projects yet (\`sightline serve --repo DIR\` makes one, named after DIR).`
        : `${holder} has ${projects.length} projects; say which one with ${how} (${projects.map((project) => project.name).join(', ')}).`,
  });
}
