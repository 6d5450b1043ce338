/**
 * The service's HTTP app (Hono), laid out as Hono's guides do: a route group per file mounted
 * with `app.route`, middleware (token, limits, errors) in their own files. The JSON API lives
 * under `/api` (bearer token), webhooks under `/webhooks/:sourceId` (provider signatures), the
 * console at `/`. Routes validate, call one function of the pipeline or the store, and shape the
 * answer. `AppType` types the console's client (Hono's `hc`).
 */
import type { LanguageModel } from 'ai';
import { Hono } from 'hono';
import type { Pipeline } from '../pipeline/index.js';
import type { JobQueue } from '../queue/index.js';
import type { CredentialStore } from '../sources/credentials.js';
import type { SourceRegistry } from '../sources/registry.js';
import type { Store } from '../store/index.js';
import { type ApiTokens, isLoopback } from './api-token.js';
import { apiTokenAuth } from './middleware/auth.js';
import { handleError } from './middleware/errors.js';
import { browserHardening, loopbackHostCheck } from './middleware/hardening.js';
import {
  type AppLimits,
  apiBodyBytesLimit,
  DEFAULT_LIMITS,
  perClientLimit,
} from './middleware/limits.js';
import { createNotFoundHandler } from './middleware/method-not-allowed.js';
import { chatRoutes } from './routes/chat.js';
import { codeRoutes } from './routes/code.js';
import { mountConsole, type TokenLocation } from './routes/console.js';
import { eventRoutes } from './routes/events.js';
import { groupRoutes } from './routes/groups.js';
import { reportRoutes } from './routes/reports.js';
import { savedViewRoutes } from './routes/saved-views.js';
import { serviceInfoRoutes } from './routes/service-info.js';
import { sourceRoutes } from './routes/sources.js';
import { tokenRoutes } from './routes/token.js';
import { webhookRoutes } from './routes/webhooks.js';

export type { AppLimits } from './middleware/limits.js';

/** Options of {@link createApp}. */
export interface AppOptions {
  store: Store;
  queue: JobQueue;
  pipeline: Pipeline;
  registry: SourceRegistry;
  credentials: CredentialStore;
  /**
   * The API token (bearer), one per API client (each with its own rate limit), or a token that
   * can be rotated (`POST /api/token/rotate`).
   */
  token: string | readonly string[] | ApiTokens;
  /**
   * The address the service listens on. Default 127.0.0.1. On loopback, requests whose `Host`
   * names anything but this machine are refused (DNS rebinding).
   */
  host?: string;
  limits?: AppLimits;
  /** HTTP client handed to sources. Default: global fetch. */
  fetch?: typeof fetch;
  /**
   * Hosts a source added over the API may name in its address-valued settings (`baseUrl`,
   * `token_uri`), as `parseSourceHosts` reads them. Default none: only the providers' own.
   */
  sourceHosts?: readonly string[];
  /** How often live updates read the store, ms. Default 1,000. */
  eventsPollMs?: number;
  log?: (line: string) => void;
  /**
   * The built console (Vite output) served at `/`. Default: none, and `/` answers 404
   * (the API alone); `null` serves a page saying how to build the console.
   */
  consoleDir?: string | null;
  /**
   * Where the API token is (its file, or the environment variable it came from), named on the
   * console's sign-in page; never the token. Default: the page names the data folder's `api-token`.
   */
  tokenLocation?: TokenLocation;
  /** Model spec investigations use by default (shown by `GET /api/settings`); none: offline. */
  model?: string;
  /** Model of the console's assistant (`POST /api/chat`); none: the route says how to set one. */
  chatModel?: LanguageModel;
}

/** Builds the app. Serve it with `@hono/node-server` or call `app.request(...)` in tests. */
export function createApp(options: AppOptions) {
  const { store, pipeline, limits = {}, log = () => {} } = options;
  const app = new Hono();
  app.onError((error, c) => handleError(error, c, log));
  app.notFound(createNotFoundHandler(() => app.routes));
  app.use('*', browserHardening());
  if (isLoopback(options.host ?? '127.0.0.1')) app.use('*', loopbackHostCheck());
  app.use('/api/*', apiTokenAuth(options.token));
  app.use('/api/*', perClientLimit(limits.perMinute ?? DEFAULT_LIMITS.perMinute));
  app.use('/api/*', apiBodyBytesLimit(limits.apiBodyBytes ?? DEFAULT_LIMITS.apiBodyBytes));
  const routes = app
    .route(
      '/api',
      serviceInfoRoutes({
        ...options,
        models: pipeline.context.models.names,
        chat: options.chatModel !== undefined,
      }),
    )
    .route('/api/groups', groupRoutes({ store, pipeline }))
    .route(
      '/api/sources',
      sourceRoutes({
        ...options,
        fetch: options.fetch ?? fetch,
        sourceHosts: options.sourceHosts ?? [],
      }),
    )
    .route('/api/token', tokenRoutes({ tokens: options.token }))
    .route('/api/code', codeRoutes({ store }))
    .route('/api/views', savedViewRoutes({ store }))
    .route('/api/reports', reportRoutes({ store, pipeline, limits }))
    .route('/api/events', eventRoutes({ store, pollMs: options.eventsPollMs ?? 1_000 }))
    .route('/api/chat', chatRoutes({ model: options.chatModel }))
    .route(
      '/webhooks',
      webhookRoutes({ ...options, pipeline, limits, fetch: options.fetch ?? fetch }),
    );
  if (options.consoleDir !== undefined) {
    mountConsole(app, options.consoleDir ?? undefined, {
      ...(options.tokenLocation ? { tokenLocation: options.tokenLocation } : {}),
    });
  }
  return routes;
}

/** The app's routes as a type, for Hono's typed client: `hc<AppType>(baseUrl)`. */
export type AppType = ReturnType<typeof createApp>;
