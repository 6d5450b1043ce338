/**
 * `sightline serve` as a function: store, queue, pipeline, pollers, worker and HTTP in one process.
 * The embedded default keeps everything in one SQLite file in the data folder; with a Postgres URL
 * the store and the queue move there and `sightline worker` processes can share the work.
 */

import fs from 'node:fs';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { firstMissingFolder } from '@sightline/codebase';
import { SightlineError } from '@sightline/core';
import type { LanguageModel } from 'ai';
import { makeOwnFolder, ownFolderObstacle, resolveRoot } from './adapters/investigator.js';
import { makeDataFolder } from './data/data-folder.js';
import { acquireDataLock } from './data/data-lock.js';
import {
  checkDigestSchedule,
  type DigestConfig,
  scheduleDigest,
  sendDigest,
} from './digest/index.js';
import { createApiTokens, ensureApiToken } from './http/api-token.js';
import { createApp } from './http/app.js';
import { type ServerTimeouts, serverTimeoutOptions } from './http/server-timeouts.js';
import { createPipeline, PIPELINE_POLICIES, type Pipeline } from './pipeline/index.js';
import { INVESTIGATE_GROUP } from './pipeline/jobs.js';
import { startPoller } from './poller/poller.js';
import { type JobHandler, type JobQueue, openQueue } from './queue/index.js';
import { createBuiltInRegistry } from './sources/built-in.js';
import { createCredentialStore } from './sources/credentials.js';
import type { SourceRegistry } from './sources/registry.js';
import { parseSourceHosts } from './sources/source-addresses.js';
import type { SourceModule } from './sources/types.js';
import { type DatabaseLocation, openStore, type Store } from './store/index.js';

/** Options of {@link startService}. */
export interface ServiceOptions {
  /** Repository folder of the project. */
  repo: string;
  /** Project name. Default: the repository folder's name. */
  project?: string;
  /** Data folder (SQLite file, API token, credentials). Default `<repo>/.sightline/serve`. */
  dataDir?: string;
  /** Postgres URL or SQLite file. Default: `<dataDir>/sightline.db`. */
  database?: DatabaseLocation;
  /** Address to listen on. Default 127.0.0.1. */
  host?: string;
  /** Port; 0 picks a free one. Default 4317. */
  port?: number;
  /** Model spec for investigations; offline without one. */
  model?: string;
  resolveModel?: (spec: string) => LanguageModel;
  /** Further models API callers may choose by name (name → spec); `model` is named `default`. */
  models?: Readonly<Record<string, string>>;
  /** Cost cap of one investigation with a model, in US dollars. Default: no cap. */
  maxCostUsd?: number;
  /**
   * Longest wait for one model call of an investigation, in ms (the investigator's
   * `stepTimeoutMs`). Default 180,000 (`DEFAULT_STEP_TIMEOUT_MS`).
   */
  stepTimeoutMs?: number;
  /**
   * Cost cap of all investigations with a model in one UTC day, in US dollars: once reached,
   * investigations wait for the next day (see `PipelineContextOptions.maxDailyCostUsd`). Default: no cap.
   */
  maxDailyCostUsd?: number;
  /**
   * Sends the digest of what waits on a schedule: a cron expression (`0 8 * * *`), read in
   * `timezone` (IANA; default the machine's), to the channels of `config` (checked with
   * `readDigestConfig`; links default to this service's address). Default: no digest.
   */
  digest?: { schedule: string; timezone?: string; config: DigestConfig };
  /** Source modules besides the built-in ones (files, sentry, github, app-store, google-play). */
  sources?: SourceModule<unknown, unknown>[];
  /**
   * Hosts a source added over the API (the console) may name in its address-valued settings
   * (`baseUrl`, `token_uri`): `host` or `host:port` (see `parseSourceHosts`). Default none: such
   * a source calls its provider's own address only. Sources added with `sightline sources add`
   * are the operator's and are not limited.
   */
  sourceHosts?: readonly string[];
  /** API requests per minute per client (per token); webhooks are never limited. Default 600. */
  rateLimitPerMinute?: number;
  /**
   * Timeouts of the HTTP server (see {@link ServerTimeouts}): headers in 10 s, a whole request,
   * body included, in 60 s, else 408 and the connection closed.
   */
  timeouts?: ServerTimeouts;
  /** Jobs run at once by the in-process worker. Default 2. */
  concurrency?: number;
  /** Run the in-process worker. Default true (false: `sightline worker` processes do the work). */
  work?: boolean;
  /** How often repositories are checked for a new revision, ms. Default 30,000. */
  revisionCheckMs?: number;
  /**
   * The built console served at `/` (`builtConsoleDir()` of `@sightline/console`). Default: none,
   * and `/` says how to build it.
   */
  consoleDir?: string;
  /** Model of the console's assistant. Default: `model` resolved by `resolveModel`; none: off. */
  chatModel?: LanguageModel;
  log?: (line: string) => void;
}

/** A running service. */
export interface RunningService {
  url: string;
  /**
   * The console's address, carrying the API token in its fragment (never sent to a server).
   * Follows a rotation of the token.
   */
  readonly consoleUrl: string;
  /** The API token in effect (follows a rotation). */
  readonly token: string;
  /** True when the token was created by this start (print it once). */
  tokenCreated: boolean;
  tokenFile: string;
  dataDir: string;
  store: Store;
  queue: JobQueue;
  pipeline: Pipeline;
  registry: SourceRegistry;
  /**
   * Investigations this process's worker is running now. One a stop left behind counts until its
   * work ends: the queue stops waiting for it (the job runs again on the next start), but the
   * process does not end before it does.
   */
  runningInvestigations(): number;
  /** Stops HTTP, pollers and the worker, then closes the store. */
  close(): Promise<void>;
}

/**
 * The handlers, the one of `queue` wrapped to count its runs until each settles.
 * @returns the handlers to work, and the count (read `running`).
 */
function countRunning(handlers: Record<string, JobHandler>, queue: string) {
  const counted = { running: 0, handlers: { ...handlers } };
  const handler = handlers[queue];
  if (handler) {
    counted.handlers[queue] = async (data, context) => {
      counted.running += 1;
      try {
        await handler(data, context);
      } finally {
        counted.running -= 1;
      }
    };
  }
  return counted;
}

/** The assistant's model: given, else the investigations' model when it resolves. */
function chatModelOption(options: ServiceOptions): { chatModel?: LanguageModel } {
  if (options.chatModel) return { chatModel: options.chatModel };
  if (!options.model || !options.resolveModel) return {};
  try {
    return { chatModel: options.resolveModel(options.model) };
  } catch (error) {
    options.log?.(`assistant off: ${error instanceof Error ? error.message : String(error)}`);
    return {};
  }
}

/** The default data folder of a repository: `<repo>/.sightline/serve`, beside its index cache. */
export function defaultDataDir(repo: string): string {
  return path.join(repo, '.sightline', 'serve');
}

/**
 * Starts the service.
 * With a SQLite store the data folder is locked for this process (see `acquireDataLock`); a failed
 * start releases everything it had opened and leaves nothing behind: a folder it created is
 * removed, and in a folder that was there, the token and database files it created.
 * @throws SightlineError `PATH_NOT_FOUND`/`NOT_A_DIRECTORY` (repo), `INVALID_ARGUMENT` (a bad
 *   `sourceHosts` entry, a public
 *   address without a token, the data folder in use by another service, the port taken — its
 *   `cause` is the listen error, code `EADDRINUSE`), `STORE_PATH_INVALID` (data folder not
 *   writable, or the default `<repo>/.sightline/serve` reached through a symbolic link),
 *   `STORE_UNAVAILABLE` (the database cannot be opened or reached).
 */
export async function startService(options: ServiceOptions): Promise<RunningService> {
  const { host = '127.0.0.1', log = () => {} } = options;
  if (options.digest) checkDigestSchedule(options.digest.schedule, options.digest.timezone);
  const sourceHosts = parseSourceHosts(options.sourceHosts ?? []);
  const serverOptions = serverTimeoutOptions(options.timeouts);
  const repo = await resolveRoot(options.repo);
  const dataDir = path.resolve(options.dataDir ?? defaultDataDir(repo));
  // A failed start removes what it made: the topmost folder it created, else the files it wrote.
  const createdFolder = firstMissingFolder(dataDir);
  // The default folder is the repository's own: a `.sightline` or `serve` that is a symbolic link
  // (a hostile repository's) would put the store and the API token wherever it points.
  // Without a link or file in the way, the folder could not be made (permissions): makeDataFolder
  // below says so with what to do (fresh-user trial 28: a repository the user may not write
  // blamed a link).
  if (
    options.dataDir === undefined &&
    !(await makeOwnFolder(repo, dataDir, { mode: 0o700 })) &&
    (await ownFolderObstacle(repo, dataDir)) !== undefined
  ) {
    throw new SightlineError({
      code: 'STORE_PATH_INVALID',
      message: `The data folder ${dataDir} is reached through a symbolic link or is not a folder, so it is not used: nothing is written outside the repository through a link. Remove the link, or pick a folder with --data.`,
    });
  }
  makeDataFolder(dataDir);
  const location = options.database ?? { sqlite: path.join(dataDir, 'sightline.db') };
  const lock = 'sqlite' in location ? acquireDataLock(dataDir) : undefined;
  // What a failed start must undo, last opened first; then what it wrote is removed.
  const undo: (() => Promise<void> | void)[] = [() => lock?.release()];
  const written: string[] = [];
  try {
    const { token, created, file } = ensureApiToken(dataDir, host);
    if (created) written.push(file);
    const tokens = createApiTokens({ token, file });
    if ('sqlite' in location && !fs.existsSync(location.sqlite)) {
      written.push(...['', '-wal', '-shm', '-journal'].map((suffix) => location.sqlite + suffix));
    }
    const store = await openStore(location);
    undo.unshift(() => store.close());
    await store.projects.ensure({ name: options.project ?? path.basename(repo), repo });
    const queue = await openQueue(store, PIPELINE_POLICIES);
    undo.unshift(() => queue.stop());
    const pipeline = createPipeline({
      store,
      queue,
      log,
      ...(options.resolveModel ? { resolveModel: options.resolveModel } : {}),
      ...(options.model ? { defaultModel: options.model } : {}),
      ...(options.models ? { models: options.models } : {}),
      ...(options.maxCostUsd !== undefined ? { maxCostUsd: options.maxCostUsd } : {}),
      ...(options.stepTimeoutMs !== undefined ? { stepTimeoutMs: options.stepTimeoutMs } : {}),
      ...(options.maxDailyCostUsd !== undefined
        ? { maxDailyCostUsd: options.maxDailyCostUsd }
        : {}),
    });
    // Before anything is worked on or served: no analysis shows what today's secret rules withhold.
    await pipeline.regateStored();
    const investigating = countRunning(pipeline.handlers, INVESTIGATE_GROUP);
    if (options.work !== false)
      await queue.work(investigating.handlers, { concurrency: options.concurrency ?? 2 });
    const registry = createBuiltInRegistry(options.sources);
    const credentials = createCredentialStore(dataDir);
    const poller = startPoller({ store, pipeline, registry, credentials, log });
    undo.unshift(() => poller.stop());
    const revisions = setInterval(() => {
      pipeline
        .refreshStaleDiagnoses()
        .catch((error: unknown) => log(`revision check: ${String(error)}`));
      pipeline
        .resumeWaiting()
        .catch((error: unknown) => log(`waiting investigations: ${String(error)}`));
    }, options.revisionCheckMs ?? 30_000);
    revisions.unref();
    undo.unshift(() => clearInterval(revisions));
    const app = createApp({
      store,
      queue,
      pipeline,
      registry,
      credentials,
      token: tokens,
      host,
      ...(options.rateLimitPerMinute ? { limits: { perMinute: options.rateLimitPerMinute } } : {}),
      sourceHosts,
      log,
      consoleDir: options.consoleDir ?? null,
      tokenLocation: process.env.SIGHTLINE_API_TOKEN
        ? { environment: 'SIGHTLINE_API_TOKEN' }
        : { file },
      ...(options.model ? { model: options.model } : {}),
      ...chatModelOption(options),
    });
    const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
      const started = serve(
        {
          fetch: app.fetch,
          hostname: host,
          port: options.port ?? 4317,
          serverOptions,
        },
        () => resolve(started),
      );
      started.once('error', reject);
    });
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : options.port;
    const shownHost = host.includes(':') ? `[${host}]` : host;
    const url = `http://${shownHost}:${port}`;
    const digest = options.digest && startDigest(store, options.digest, url, log);
    undo.unshift(() => digest?.stop());
    return {
      url,
      get consoleUrl() {
        return `${url}/#token=${encodeURIComponent(tokens.current()[0] ?? token)}`;
      },
      get token() {
        return tokens.current()[0] ?? token;
      },
      tokenCreated: created,
      tokenFile: file,
      dataDir,
      store,
      queue,
      pipeline,
      registry,
      runningInvestigations: () => investigating.running,
      async close() {
        clearInterval(revisions);
        digest?.stop();
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        // Live-update streams stay open until their clients leave: end them.
        (server as import('node:http').Server).closeAllConnections?.();
        await closed;
        await poller.stop();
        await queue.stop();
        await store.close();
        lock?.release();
      },
    };
  } catch (error) {
    for (const step of undo) await Promise.resolve(step()).catch(() => {});
    if (createdFolder) fs.rmSync(createdFolder, { recursive: true, force: true });
    else for (const file of written) fs.rmSync(file, { force: true });
    throw listenError(error, host, options.port ?? 4317);
  }
}

/** Schedules the digest; each run's outcome (or failure) is one line of the log. */
function startDigest(
  store: Store,
  { schedule, timezone, config }: NonNullable<ServiceOptions['digest']>,
  url: string,
  log: (line: string) => void,
) {
  const withLinks = { consoleUrl: url, ...config };
  const job = scheduleDigest(
    schedule,
    async () => {
      const { outcome, channels, digest } = await sendDigest(store, { config: withLinks });
      const what = `${digest.newGroups.total} new, ${digest.regressions.total} regressed, ${digest.diagnoses.total} diagnosed`;
      log(
        outcome === 'sent'
          ? `digest sent by ${channels.join(' and ')}: ${what}`
          : outcome === 'empty'
            ? 'digest: nothing new since the last one; nothing sent'
            : 'digest: another service is sending this one',
      );
    },
    {
      ...(timezone ? { timezone } : {}),
      onError: (error) =>
        log(`digest not sent: ${error instanceof Error ? error.message : String(error)}`),
    },
  );
  log(`digest scheduled "${schedule}"; next ${job.nextRun()?.toISOString() ?? 'never'}`);
  return job;
}

/** A port that cannot be listened on is the user's to change: a clear error, not a stack trace. */
function listenError(error: unknown, host: string, port: number): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  if (code !== 'EADDRINUSE' && code !== 'EACCES' && code !== 'EADDRNOTAVAIL') return error;
  const why =
    code === 'EADDRINUSE'
      ? 'is in use by another process'
      : code === 'EACCES'
        ? 'needs privileges this process lacks'
        : 'is not an address of this machine';
  return new SightlineError({
    code: 'INVALID_ARGUMENT',
    message: `Cannot listen on ${host}:${port}: the ${code === 'EADDRNOTAVAIL' ? 'address' : 'port'} ${why}. Pick another with --port (0: any free port) or --host.`,
    cause: error,
  });
}
