/**
 * `sightline worker --database postgres://…`: a worker process for a service on Postgres. It takes
 * jobs from the shared queue (pg-boss) and runs the pipeline; run as many as the load needs.
 */
import { redactUrl, SightlineError } from '@sightline/core';
import { resolveModel } from '@sightline/models';
import {
  createPipeline,
  openQueue,
  openStore,
  PIPELINE_POLICIES,
  parseDatabaseLocation,
  parseModelList,
} from '@sightline/service';
import { type Command, Option } from 'commander';
import { checkModels } from '../options/check-models.js';
import {
  MODELS_HELP,
  maxCostOption,
  maxDailyCostOption,
  modelTimeoutOption,
} from '../options/model-options.js';
import { textArgument } from '../options/text-argument.js';
import { wholeNumberArgument } from '../options/whole-number-argument.js';
import { runAction } from '../run/run-action.js';
import { untilSignal } from '../run/until-signal.js';

/** Options of {@link runWorker}. */
export interface WorkerCommandOptions {
  database: string;
  concurrency: number;
  model?: string;
  /** `--models`: the service's further models, `name=spec,…` (the same list as `serve --models`). */
  models?: string;
  /** Cost cap of one investigation, in US dollars. */
  maxCost?: number;
  /** `--timeout`: longest wait for one model call of an investigation, in seconds. */
  timeout?: number;
  /** Cap of a UTC day's investigations with a model, in US dollars (shared with the service). */
  maxDailyCost?: number;
}

/** Runs a worker until stopped. @throws SightlineError `INVALID_ARGUMENT` for a SQLite path. */
export async function runWorker(
  options: WorkerCommandOptions,
  io: {
    stderr: (text: string) => void;
    env: Readonly<Record<string, string | undefined>>;
    stopped?: Promise<unknown>;
  },
): Promise<number> {
  const location = parseDatabaseLocation(options.database);
  if (!('postgres' in location)) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message:
        'sightline worker needs a Postgres URL (postgres://… or postgresql://…); a SQLite store (a file path) is worked by the `sightline serve` that opened it.',
    });
  }
  const log = (line: string) => io.stderr(`sightline worker: ${line}\n`);
  const model = options.model ?? io.env.SIGHTLINE_MODEL;
  const models = options.models ? parseModelList(options.models) : undefined;
  checkModels(model, models, {
    env: io.env,
    source: options.model ? '--model' : 'SIGHTLINE_MODEL',
  });
  const store = await openStore(location);
  const queue = await openQueue(store, PIPELINE_POLICIES);
  const pipeline = createPipeline({
    store,
    queue,
    log,
    resolveModel: (spec) => resolveModel(spec, { env: io.env, source: '--model' }).model,
    ...(model ? { defaultModel: model } : {}),
    ...(models ? { models } : {}),
    ...(options.maxCost ? { maxCostUsd: options.maxCost } : {}),
    ...(options.timeout ? { stepTimeoutMs: options.timeout * 1000 } : {}),
    ...(options.maxDailyCost ? { maxDailyCostUsd: options.maxDailyCost } : {}),
  });
  // Investigations that waited for the daily cap are queued again once their day comes.
  const resume = setInterval(() => {
    pipeline
      .resumeWaiting()
      .catch((error: unknown) => log(`waiting investigations: ${String(error)}`));
  }, 30_000);
  resume.unref();
  await queue.work(pipeline.handlers, { concurrency: options.concurrency });
  log(`working ${redactUrl(options.database)}, ${options.concurrency} jobs at once`);
  try {
    await (io.stopped ?? untilSignal());
  } finally {
    clearInterval(resume);
    await queue.stop();
    await store.close();
  }
  return 0;
}

/** Registers `sightline worker` on the program. */
export function registerWorker(program: Command): void {
  program
    .command('worker')
    .description('Work the job queue of a service on Postgres (run any number, on any machine).')
    .requiredOption(
      '--database <url>',
      'the service’s Postgres URL (postgres://… or postgresql://…); not a SQLite file: a service on SQLite works its own jobs',
      textArgument('a Postgres URL'),
    )
    .addOption(
      new Option('--concurrency <n>', 'jobs run at once')
        .argParser(wholeNumberArgument({ max: 64, unit: 'concurrency' }))
        .default(2),
    )
    .option(
      '--model <spec>',
      'classify and investigate with this model (default $SIGHTLINE_MODEL; none = offline; classification falls back to offline on any model failure)',
      textArgument('a model spec (leave --model out to work offline)'),
    )
    .option('--models <list>', MODELS_HELP)
    .addOption(maxCostOption('the run is logged, not retried, and stores no diagnosis'))
    .addOption(modelTimeoutOption())
    .addOption(maxDailyCostOption())
    .addHelpText(
      'after',
      '\nExample:\n  $ sightline worker --database postgres://sightline@db/sightline --concurrency 4',
    )
    .action(
      runAction(async (flags: WorkerCommandOptions) =>
        runWorker(flags, { stderr: (text) => process.stderr.write(text), env: process.env }),
      ),
    );
}
