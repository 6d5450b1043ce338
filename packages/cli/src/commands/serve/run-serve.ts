/**
 * `sightline serve --repo DIR`: the triage service — HTTP API, webhooks, pollers and an in-process
 * worker — over an embedded SQLite file in the data folder, or Postgres with `--database`.
 */
import { builtConsoleDir } from '@sightline/console';
import { resolveModel } from '@sightline/models';
import {
  describeCalls,
  parseDatabaseLocation,
  parseModelList,
  type RunningService,
  redactUrl,
  startService,
} from '@sightline/service';
import { untilSignal } from '../../run/until-signal.js';

/** Options of {@link runServe}, as the command line gives them. */
export interface ServeCommandOptions {
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
  project?: string;
  concurrency: number;
  /** `--rate-limit`: API requests a minute per client. */
  rateLimit?: number;
}

/** Where {@link runServe} writes and when it stops. */
export interface ServeIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: Readonly<Record<string, string | undefined>>;
  /** Resolves when the service should stop. Default: SIGINT or SIGTERM. */
  stopped?: Promise<unknown>;
  /** Called once the service listens (tests, the demo). */
  onListening?: (service: RunningService) => void | Promise<void>;
}

/** Starts the service and runs it until stopped. @returns the exit code. */
export async function runServe(options: ServeCommandOptions, io: ServeIO): Promise<number> {
  const log = (line: string) => io.stderr(`sightline serve: ${line}\n`);
  const model = options.model ?? io.env.SIGHTLINE_MODEL;
  const service = await startService({
    repo: options.repo,
    port: options.port,
    concurrency: options.concurrency,
    ...(options.rateLimit ? { rateLimitPerMinute: options.rateLimit } : {}),
    ...(options.data ? { dataDir: options.data } : {}),
    ...(options.host ? { host: options.host } : {}),
    ...(options.project ? { project: options.project } : {}),
    ...(options.database ? { database: parseDatabaseLocation(options.database) } : {}),
    ...(model ? { model } : {}),
    ...(options.models ? { models: parseModelList(options.models) } : {}),
    ...(options.maxCost ? { maxCostUsd: options.maxCost } : {}),
    resolveModel: (spec) => resolveModel(spec, { env: io.env, source: '--model' }).model,
    ...consoleOption(),
    log,
  });
  const where = options.database ? redactUrl(options.database) : `${service.dataDir}/sightline.db`;
  log(`${service.url} — store ${where}, investigations ${model ? `with ${model}` : 'offline'}`);
  if (service.tokenCreated) {
    io.stdout(`API token (shown once; kept in ${service.tokenFile}):\n${service.token}\n`);
  }
  io.stdout(`Console: ${service.consoleUrl}\n${describeCalls(service.url, service.tokenFile)}\n`);
  try {
    await io.onListening?.(service);
    await (io.stopped ?? untilSignal());
  } finally {
    await service.close();
  }
  return 0;
}

/** The built console, when there is one (`/` says how to build it otherwise). */
export function consoleOption(): { consoleDir?: string } {
  const dir = builtConsoleDir();
  return dir ? { consoleDir: dir } : {};
}
