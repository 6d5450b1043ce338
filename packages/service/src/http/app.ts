/**
 * The service's HTTP app (Hono): the JSON API under `/api` (bearer token), webhooks under
 * `/webhooks/:sourceId` (provider signatures), saved views, live updates, health and the OpenAPI document.
 * Routes validate, call one function of the pipeline or the store, and shape the answer.
 */
import { zValidator } from '@hono/zod-validator';
import { DEFAULT_FUNNEL_BUDGETS } from '@sightline/investigator';
import type { LanguageModel } from 'ai';
import { Hono } from 'hono';
import { bearerAuth } from 'hono/bearer-auth';
import { bodyLimit } from 'hono/body-limit';
import { rateLimiter } from 'hono-rate-limiter';
import type { Pipeline } from '../pipeline/index.js';
import type { JobQueue } from '../queue/index.js';
import type { CredentialStore } from '../sources/credentials.js';
import type { SourceRegistry } from '../sources/registry.js';
import type { Store } from '../store/index.js';
import { chatBodySchema, createChatHandler } from './chat-route.js';
import { mountConsole } from './console-route.js';
import { errorResponse, handleError } from './errors.js';
import { handleEvents } from './events-route.js';
import { handleIngest } from './ingest-route.js';
import { groupMarkdown } from './markdown-route.js';
import { openApiDocument } from './openapi.js';
import { mountSavedViews } from './saved-views-route.js';
import {
  inboxQuerySchema,
  markdownQuerySchema,
  reinvestigateSchema,
  statusChangeSchema,
} from './schemas.js';
import { diagnosisView, groupView, reportView, sourceView } from './views.js';
import { handleWebhook } from './webhook-route.js';

/** Limits of the app. */
export interface AppLimits {
  /** Largest `POST /api/reports` body, bytes. Default 10 MiB (intake's largest report). */
  reportBodyBytes?: number;
  /** Largest webhook body, bytes. Default 1 MiB. */
  webhookBodyBytes?: number;
  /** Requests per minute per source (webhooks) and per client (`POST /api/reports`). Default 600. */
  perMinute?: number;
}

/** Options of {@link createApp}. */
export interface AppOptions {
  store: Store;
  queue: JobQueue;
  pipeline: Pipeline;
  registry: SourceRegistry;
  credentials: CredentialStore;
  /** The API token (bearer). */
  token: string;
  limits?: AppLimits;
  /** HTTP client handed to sources. Default: global fetch. */
  fetch?: typeof fetch;
  /** How often live updates read the store, ms. Default 1,000. */
  eventsPollMs?: number;
  log?: (line: string) => void;
  /**
   * The built console (Vite output) served at `/`. Default: none, and `/` answers 404
   * (the API alone); `null` serves a page saying how to build the console.
   */
  consoleDir?: string | null;
  /** Model spec investigations use by default (shown by `GET /api/settings`); none: offline. */
  model?: string;
  /** Model of the console's assistant (`POST /api/chat`); none: the route says how to set one. */
  chatModel?: LanguageModel;
}

/** Builds the app. Serve it with `@hono/node-server` or call `app.request(...)` in tests. */
export function createApp(options: AppOptions): Hono {
  const { store, queue, pipeline, limits = {}, log = () => {} } = options;
  const perMinute = limits.perMinute ?? 600;
  const invalid = (
    result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } },
    c: Parameters<typeof errorResponse>[0],
  ) => {
    if (result.success) return undefined;
    const issues = (result.error?.issues ?? []).map(
      (issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`,
    );
    return errorResponse(c, 400, 'INVALID_ARGUMENT', `Invalid request: ${issues.join('; ')}`);
  };
  const tooLarge =
    (bytes: number, hint = '') =>
    (c: Parameters<typeof errorResponse>[0]) =>
      errorResponse(c, 413, 'REPORT_TOO_LARGE', `The body is larger than ${bytes} bytes.${hint}`);

  const app = new Hono();
  app.onError((error, c) => handleError(error, c, log));
  app.notFound((c) =>
    errorResponse(c, 404, 'NOT_FOUND', `No route ${c.req.method} ${c.req.path}.`),
  );

  app.get('/api/health', async (c) =>
    c.json({
      ok: true,
      database: store.dialect,
      jobs: await queue.counts(),
      reports: await store.reports.counts(),
    }),
  );
  app.get('/api/openapi.json', (c) => c.json(openApiDocument()));

  app.use('/api/*', async (c, next) => {
    if (c.req.path === '/api/health' || c.req.path === '/api/openapi.json') return next();
    return bearerAuth({
      token: options.token,
      noAuthenticationHeader: {
        message: {
          error: {
            code: 'UNAUTHORIZED',
            message:
              'Send the API token as "Authorization: Bearer <token>" (it is in the data folder, file api-token).',
          },
        },
      },
      invalidToken: {
        message: { error: { code: 'UNAUTHORIZED', message: 'The API token is wrong.' } },
      },
      invalidAuthenticationHeader: {
        message: {
          error: { code: 'UNAUTHORIZED', message: 'Send "Authorization: Bearer <token>".' },
        },
      },
    })(c, next);
  });

  app.get('/api/projects', async (c) => c.json({ projects: await store.projects.list() }));
  app.get('/api/groups', zValidator('query', inboxQuerySchema, invalid), async (c) => {
    const page = await store.inbox(c.req.valid('query'));
    return c.json({ ...page, groups: page.groups.map(groupView) });
  });
  app.get('/api/groups/:id', async (c) => {
    const group = await store.groups.get(c.req.param('id'));
    const [reports, diagnoses] = await Promise.all([
      store.reports.listOfGroup(group.id),
      store.diagnoses.listOfGroup(group.id),
    ]);
    return c.json({
      group: groupView(group),
      reports: reports.map(reportView),
      diagnoses: diagnoses.map(diagnosisView),
    });
  });
  app.get(
    '/api/groups/:id/markdown',
    zValidator('query', markdownQuerySchema, invalid),
    async (c) =>
      c.text(
        await groupMarkdown(store, c.req.param('id'), c.req.valid('query').style ?? 'markdown'),
      ),
  );
  app.patch('/api/groups/:id', zValidator('json', statusChangeSchema, invalid), async (c) => {
    const group = await store.groups.setStatus(c.req.param('id'), c.req.valid('json').status);
    return c.json(groupView(group));
  });
  app.post(
    '/api/groups/:id/investigate',
    zValidator('json', reinvestigateSchema, invalid),
    async (c) => {
      const { model } = c.req.valid('json');
      await pipeline.reinvestigate(c.req.param('id'), model ? { model } : {});
      return c.json({ queued: true }, 202);
    },
  );
  mountSavedViews(app, store, invalid);
  app.get('/api/settings', (c) =>
    c.json({
      model: options.model ?? null,
      chat: options.chatModel !== undefined,
      database: store.dialect,
      budgets: {
        exploreSteps: DEFAULT_FUNNEL_BUDGETS.explore,
        deepDiveSteps: DEFAULT_FUNNEL_BUDGETS.deepDive,
      },
    }),
  );
  const chat = createChatHandler(options.chatModel);
  app.post(
    '/api/chat',
    bodyLimit({ maxSize: 4 * 1024 * 1024, onError: tooLarge(4 * 1024 * 1024) }),
    zValidator('json', chatBodySchema, invalid),
    (c) => chat.handle(c, c.req.valid('json')),
  );
  app.get('/api/sources', async (c) =>
    c.json({ sources: (await store.sources.list()).map(sourceView) }),
  );
  app.get('/api/jobs/failed', async (c) => c.json({ jobs: await queue.failed() }));
  app.get('/api/events', (c) => handleEvents(c, store, options.eventsPollMs ?? 1_000));

  const reportBytes = limits.reportBodyBytes ?? 10 * 1024 * 1024;
  app.post(
    '/api/reports',
    rateLimiter({
      windowMs: 60_000,
      limit: perMinute,
      keyGenerator: () => 'api-reports',
      standardHeaders: 'draft-7',
    }),
    bodyLimit({
      maxSize: reportBytes,
      onError: tooLarge(
        reportBytes,
        ' Cut the report down to the part that matters (the error, its stack trace, the steps), or send a review export in several parts.',
      ),
    }),
    (c) => handleIngest(c, store, pipeline),
  );

  const webhookBytes = limits.webhookBodyBytes ?? 1024 * 1024;
  app.post(
    '/webhooks/:sourceId',
    rateLimiter({
      windowMs: 60_000,
      limit: perMinute,
      keyGenerator: (c) => `webhook:${c.req.param('sourceId')}`,
      standardHeaders: 'draft-7',
    }),
    bodyLimit({ maxSize: webhookBytes, onError: tooLarge(webhookBytes) }),
    (c) => handleWebhook(c, { ...options, fetch: options.fetch ?? fetch, log }),
  );
  if (options.consoleDir !== undefined) mountConsole(app, options.consoleDir ?? undefined);
  return app;
}
