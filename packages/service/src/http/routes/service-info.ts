/**
 * What the service is and holds, beside the groups: health (up or not) and the OpenAPI document
 * (no token), status (database, job and report counts), settings, projects, and failed jobs.
 */
import { redactUrlsIn } from '@sightline/core';
import { DEFAULT_FUNNEL_BUDGETS } from '@sightline/investigator';
import { Hono } from 'hono';
import type { JobQueue } from '../../queue/index.js';
import type { Store } from '../../store/index.js';
import { openApiDocument } from '../openapi.js';
import { projectView } from '../views.js';

/** What the routes read. */
export interface ServiceInfoDeps {
  store: Store;
  queue: JobQueue;
  /** Model spec investigations use by default; none: offline. */
  model?: string;
  /** Names of the models a re-investigation may ask for. */
  models: readonly string[];
  /** Whether the assistant has a model. */
  chat: boolean;
}

/** The routes, to mount at `/api`. */
export function serviceInfoRoutes({ store, queue, model, models, chat }: ServiceInfoDeps) {
  return (
    new Hono()
      // Anyone may ask whether the service is up; what it holds is for token holders (`/status`).
      .get('/health', (c) => c.json({ ok: true as const }))
      .get('/status', async (c) =>
        c.json({
          ok: true,
          database: store.dialect,
          jobs: await queue.counts(),
          reports: await store.reports.counts(),
        }),
      )
      .get('/openapi.json', (c) => c.json(openApiDocument()))
      .get('/settings', (c) =>
        c.json({
          // As the start line shows it: a password or API key in the URL as *** (trial 31).
          model: model ? redactUrlsIn(model) : null,
          models: [...models],
          chat,
          database: store.dialect,
          budgets: {
            exploreSteps: DEFAULT_FUNNEL_BUDGETS.explore,
            deepDiveSteps: DEFAULT_FUNNEL_BUDGETS.deepDive,
          },
        }),
      )
      .get('/projects', async (c) =>
        c.json({ projects: (await store.projects.list()).map(projectView) }),
      )
      .get('/jobs/failed', async (c) => c.json({ jobs: await queue.failed() }))
  );
}
