/**
 * `sightline serve --repo DIR`: the triage service — HTTP API, webhooks, pollers and an in-process
 * worker — over an embedded SQLite file in the data folder, or Postgres with `--database`.
 */
import path from 'node:path';
import { builtConsoleDir } from '@sightline/console';
import { redactUrlsIn, SightlineError } from '@sightline/core';
import { resolveModel } from '@sightline/models';
import {
  checkDigestSchedule,
  describeCalls,
  describeDatabaseLocation,
  parseDatabaseLocation,
  parseModelList,
  parseSourceHosts,
  type RunningService,
  readDigestConfig,
  startService,
  tokenInShell,
} from '@sightline/service';
import { checkModels } from '../../options/check-models.js';
import { type DigestChannelFlags, digestSettings } from '../../options/digest-options.js';
import { refuseDriveFolders } from '../../options/service-location-options.js';
import { untilSignal } from '../../run/until-signal.js';
import { beginStopping, type Stopping } from './stopping.js';

/** Options of {@link runServe}, as the command line gives them. */
export interface ServeCommandOptions extends DigestChannelFlags {
  repo: string;
  data?: string;
  port: number;
  host?: string;
  database?: string;
  model?: string;
  /** `--models`: further models API callers may name, `name=spec,…`. */
  models?: string;
  /** Cost cap of one investigation, in US dollars. */
  maxCost?: number;
  /** `--timeout`: longest wait for one model call of an investigation, in seconds. */
  timeout?: number;
  /** Cap of a UTC day's investigations with a model, in US dollars. */
  maxDailyCost?: number;
  /** `--digest`: cron expression of the digest. */
  digest?: string;
  digestTimezone?: string;
  digestWebhook?: string;
  digestSmtp?: string;
  digestFrom?: string;
  digestTo?: string;
  digestLink?: string;
  project?: string;
  concurrency: number;
  /** `--rate-limit`: API requests a minute per client. */
  rateLimit?: number;
  /** `--source-hosts`: hosts a source added over the API may call, comma-separated. */
  sourceHosts?: string;
}

/** Where {@link runServe} writes and when it stops. */
export interface ServeIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: Readonly<Record<string, string | undefined>>;
  /** Whether stdout is a terminal (a person reads it) rather than a pipe or a log file. Default false. */
  stdoutIsTerminal?: boolean;
  /** Resolves when the service should stop. Default: SIGINT or SIGTERM. */
  stopped?: Promise<unknown>;
  /**
   * Whether stdout shows how to reach the service: a new API token, the console's address and
   * curl lines. Default true; the demo's `--once` stops the service as soon as it has shown its
   * inbox (and removes a temporary data folder with its token file), so they would name a
   * stopped service and a removed file (fresh-user trial 24).
   */
  callsShown?: boolean;
  /**
   * Ends the process now: on a second stop signal, or when investigations outlast the stop's
   * grace (see stopping.ts). Default: none, the process ends when their work does (tests).
   */
  exit?: (code: number) => void;
  /** Called once the service listens (tests, the demo). */
  onListening?: (service: RunningService) => void | Promise<void>;
}

/** Starts the service and runs it until stopped. @returns the exit code. */
export async function runServe(options: ServeCommandOptions, io: ServeIO): Promise<number> {
  const log = (line: string) => io.stderr(`sightline serve: ${line}\n`);
  const model = options.model ?? io.env.SIGHTLINE_MODEL;
  const models = options.models ? parseModelList(options.models) : undefined;
  checkModels(model, models, {
    env: io.env,
    source: options.model ? '--model' : 'SIGHTLINE_MODEL',
  });
  const digest = digestOption(options, io.env);
  refuseDriveFolders(options);
  const database = options.database ? parseDatabaseLocation(options.database) : undefined;
  // Ctrl-C is heard from before the service starts, and while `onListening` runs (the demo posts
  // its reports then): the service closes and what it made goes (trials 47 and 48: a Ctrl-C then
  // left the demo's folder, with its API token, behind).
  const listening = new AbortController();
  const signal = untilSignal(listening.signal);
  let signalled = false;
  let service: RunningService | undefined;
  let stopping: Stopping | undefined;
  void signal.then((name) => {
    signalled = true;
    stopping = beginStopping(name, {
      log,
      running: () => service?.runningInvestigations() ?? 0,
      exit: io.exit,
    });
  });
  try {
    service = await startService({
      repo: options.repo,
      port: options.port,
      concurrency: options.concurrency,
      ...(options.rateLimit ? { rateLimitPerMinute: options.rateLimit } : {}),
      ...(options.sourceHosts ? { sourceHosts: parseSourceHosts(options.sourceHosts) } : {}),
      ...(options.data ? { dataDir: options.data } : {}),
      ...(options.host ? { host: options.host } : {}),
      ...(options.project ? { project: options.project } : {}),
      ...(database ? { database } : {}),
      ...(model ? { model } : {}),
      ...(models ? { models } : {}),
      ...(options.maxCost ? { maxCostUsd: options.maxCost } : {}),
      ...(options.timeout ? { stepTimeoutMs: options.timeout * 1000 } : {}),
      ...(options.maxDailyCost ? { maxDailyCostUsd: options.maxDailyCost } : {}),
      ...(digest ? { digest } : {}),
      resolveModel: (spec) => resolveModel(spec, { env: io.env, source: '--model' }).model,
      ...consoleOption(),
      log,
    });
  } catch (error) {
    listening.abort();
    stopping?.closed();
    throw error;
  }
  try {
    if (signalled) return 0;
    const store = describeDatabaseLocation(
      database ?? { sqlite: path.join(service.dataDir, 'sightline.db') },
    );
    log(
      `${service.url} — store: ${store}, investigations ${model ? `with ${redactUrlsIn(model)}` : 'offline'}`,
    );
    if (io.callsShown !== false) {
      if (service.tokenCreated) {
        io.stdout(`API token (shown once; kept in ${service.tokenFile}):\n${service.token}\n`);
      }
      io.stdout(
        `${consoleLine(service, io)}\n${describeCalls(service.url, tokenInShell(service.tokenFile, io.env))}\n`,
      );
    }
    const started = io.onListening?.(service) ?? Promise.resolve();
    const early = await Promise.race([started.then(() => false), signal.then(() => true)]);
    // Stopped mid-way: what `onListening` was doing fails as the service closes.
    if (early) started.catch(() => {});
    else await Promise.race([io.stopped ?? signal, signal]);
  } finally {
    listening.abort();
    await service.close();
    stopping?.closed();
  }
  return 0;
}

/**
 * The `Console: …` line. The URL carries the API token in its fragment only when a person reads
 * the line (stdout is a terminal) or the token was created by this start (printed once anyway);
 * otherwise stdout is usually a service log, so the line gives the bare URL and where the token is.
 */
export function consoleLine(
  service: Pick<RunningService, 'url' | 'consoleUrl' | 'tokenCreated' | 'tokenFile'>,
  io: Pick<ServeIO, 'env' | 'stdoutIsTerminal'>,
): string {
  if (service.tokenCreated || io.stdoutIsTerminal) return `Console: ${service.consoleUrl}`;
  const where = io.env.SIGHTLINE_API_TOKEN ? '$SIGHTLINE_API_TOKEN' : service.tokenFile;
  return `Console: ${service.url}/ (sign in with the API token in ${where})`;
}

/**
 * The digest's schedule and channels, checked before the service starts.
 * @throws SightlineError `INVALID_ARGUMENT` for a bad expression, time zone or channel setting,
 *   or channel settings without `--digest`.
 */
export function digestOption(
  options: ServeCommandOptions,
  env: Readonly<Record<string, string | undefined>>,
) {
  const settings = digestSettings(options);
  if (!options.digest) {
    if (Object.values(settings).some(Boolean) || options.digestTimezone) {
      throw new SightlineError({
        code: 'INVALID_ARGUMENT',
        message:
          'The digest settings need a schedule: add --digest "0 8 * * *" (a cron expression), or send one now with `sightline digest`.',
      });
    }
    return undefined;
  }
  checkDigestSchedule(options.digest, options.digestTimezone);
  return {
    schedule: options.digest,
    ...(options.digestTimezone ? { timezone: options.digestTimezone } : {}),
    config: readDigestConfig(settings, env, {
      otherwise: 'or see one first with `sightline digest --dry-run`',
    }),
  };
}

/** The built console, when there is one (`/` says how to build it otherwise). */
export function consoleOption(): { consoleDir?: string } {
  const dir = builtConsoleDir();
  return dir ? { consoleDir: dir } : {};
}
