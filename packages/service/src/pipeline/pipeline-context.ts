/** What the pipeline's jobs share: the store, the queue, caches of repository facts, the model. */
import type { LanguageModel } from 'ai';
import {
  type Boilerplate,
  type GitHistory,
  joinBoilerplate,
  type OpenGitHistoryResult,
  openGitHistory,
  openRepository,
  type Report,
  type Repository,
  readBoilerplate,
  refusedHistoryWarning,
} from '../adapters/investigator.js';
import type { JobQueue, QueuePolicy } from '../queue/index.js';
import type { ProjectRecord, Store } from '../store/index.js';
import {
  formLinesOf,
  type LineTally,
  learnBoilerplate,
  MIN_LEARNING_SAMPLE,
  tallyLines,
} from './boilerplate.js';
import { contentWords } from './group-key.js';
import { INVESTIGATE_GROUP, PIPELINE_POLICIES } from './jobs.js';
import { createModelChoice, type ModelChoice } from './model-choice.js';
import { createRevisionReader } from './revision.js';

/** Options of {@link createPipelineContext}. */
export interface PipelineContextOptions {
  store: Store;
  queue: JobQueue;
  /**
   * Turns a model spec (`anthropic:<id>`, …) into a model; investigations run offline without one.
   * Default: none (every investigation offline).
   */
  resolveModel?: (spec: string) => LanguageModel;
  /** Model spec of investigations (when a re-investigation names none) and of classification. Default: offline. */
  defaultModel?: string;
  /** Further models an API caller may choose by name (name → spec); `default` is `defaultModel`. */
  models?: Readonly<Record<string, string>>;
  /**
   * Cost cap of one investigation with a model, in US dollars (see the investigator's
   * `maxCostUsd`); a capped run stores no diagnosis and is not retried. Default: no cap.
   */
  maxCostUsd?: number;
  /**
   * Longest wait for one model call of an investigation, in ms (the investigator's
   * `stepTimeoutMs`). Default 180,000 (`DEFAULT_STEP_TIMEOUT_MS`).
   */
  stepTimeoutMs?: number;
  /**
   * Cost cap of all investigations with a model in one UTC day, in US dollars (the estimates of
   * the investigator's `stats.costUsd`, kept per run in the store). Each investigation may spend
   * at most what is left of the day; once nothing is left, investigations wait — queued, with the
   * reason in the group's investigation state — until the next UTC midnight. One that reaches
   * the cap having had the whole day's budget fails instead (a later day would stop it again).
   * Investigations running at once may overshoot it by what was left when each started.
   * Default: no cap.
   */
  maxDailyCostUsd?: number;
  /** The clock the daily cost cap reads (tests move it to the next day). Default: the system's. */
  now?: () => Date;
  /**
   * Index cache folder per repository, or false (then no commit-graph for blame is written
   * either). Default `<repo>/.sightline/cache`.
   */
  cacheDir?: string | false;
  /** Receives one line per notable event (never a credential). Default: nothing. */
  log?: (line: string) => void;
  /** The queue policies the jobs run under (give the queue the same). Default `PIPELINE_POLICIES`. */
  policies?: Record<string, QueuePolicy>;
}

/** Why an investigation is queued and, when not the default, the name of its model. */
export interface InvestigationRequest {
  reason: string;
  model?: string;
}

/** The shared state of the pipeline's jobs. */
export interface PipelineContext {
  store: Store;
  queue: JobQueue;
  resolveModel?: (spec: string) => LanguageModel;
  defaultModel?: string;
  /** The operator's models by name: the only ones a re-investigation may ask for. */
  models: ModelChoice;
  maxCostUsd?: number;
  stepTimeoutMs?: number;
  maxDailyCostUsd?: number;
  /** The clock of the daily cost cap. */
  now: () => Date;
  log: (line: string) => void;
  /** The queue policies the jobs run under. */
  policies: Record<string, QueuePolicy>;
  /** False when the pipeline keeps no cache: no index cache, and no commit-graph for blame. */
  cacheDir?: false;
  /** The repository's revision (git HEAD, cached for a few seconds). */
  revision(root: string): Promise<string>;
  /**
   * The repository opened at its current revision: its files (for in-app frames) and its index
   * (for investigations), each built once per revision and process.
   */
  repository(root: string): Promise<Repository>;
  /**
   * The repository's git history (see `openGitHistory`), opened once per revision and process;
   * `null` for a folder without history (then no investigation starts a `git` process for it).
   */
  history(root: string): Promise<GitHistory | null>;
  /**
   * Why the repository's history could not be read although it is a git checkout (git refused
   * it: another user's checkout, a time limit), as a warning saying what to do about that cause
   * (run as the owner; for a time limit, that it is tried again); undefined when it
   * was read or there is none to read. Carried into the diagnosis (`warnings`).
   */
  historyWarning(root: string): Promise<string | undefined>;
  /**
   * The project's boilerplate: its repository's issue templates (see `readBoilerplate`, read once
   * per revision) and what is learned from its latest reports (see `learnBoilerplate`, learned
   * again every {@link RELEARN_EVERY} calls, or at every call while the project has fewer than
   * `MIN_LEARNING_SAMPLE` reports). With `report`, the report being grouped is counted in at
   * once (`formLinesOf`): a form no learning knew yet is known at its third report.
   */
  boilerplate(
    project: Pick<ProjectRecord, 'id' | 'repo'>,
    report?: Pick<Report, 'title' | 'body'>,
  ): Promise<Boilerplate>;
  /**
   * The model reports are classified with: the default model, resolved once; `undefined` (offline)
   * when none is configured or it does not resolve (said once in the log).
   */
  classifyModel(): LanguageModel | undefined;
  /** Queues an investigation of a group (one waiting per group and model). */
  requestInvestigation(groupId: string, options: InvestigationRequest): Promise<void>;
  /** Queues investigations of several groups in one round trip (see `requestInvestigation`). */
  requestInvestigations(
    requests: readonly ({ groupId: string } & InvestigationRequest)[],
  ): Promise<void>;
}

/**
 * Time after which a history git refused (a time limit, another user's checkout) is opened again
 * at the same revision, in ms.
 */
export const HISTORY_RETRY_MS = 5 * 60_000;

/** Latest reports of a project its boilerplate is learned from. */
export const LEARNING_SAMPLE = 300;
/** Grouped reports between two learnings of a project's boilerplate. */
export const RELEARN_EVERY = 50;

/** Creates the pipeline's shared state. */
export function createPipelineContext(options: PipelineContextOptions): PipelineContext {
  const revision = createRevisionReader();
  const repositories = new Map<string, Promise<Repository>>();
  const boilerplates = new Map<string, Promise<Boilerplate>>();
  const learned = new Map<
    string,
    {
      learning: Promise<{ boilerplate: Boilerplate; tally: LineTally }>;
      uses: number;
      sample: number;
    }
  >();
  const learn = async (projectId: string, template: Boilerplate) => {
    const texts = await options.store.reports.recentTexts(projectId, LEARNING_SAMPLE);
    const tally = tallyLines(texts);
    return {
      texts: texts.length,
      tally,
      boilerplate: learnBoilerplate(texts, (text) => contentWords(text, template), tally),
    };
  };
  const histories = new Map<string, Promise<OpenGitHistoryResult>>();
  // One entry per repository: the value of its latest revision only, so memory stays flat.
  const perRevision = async <T>(
    cache: Map<string, Promise<T>>,
    root: string,
    make: () => Promise<T>,
  ) => {
    const key = `${root}\0${await revision(root)}`;
    let value = cache.get(key);
    if (!value) {
      for (const old of cache.keys()) if (old.startsWith(`${root}\0`)) cache.delete(old);
      value = make();
      value.catch(() => cache.delete(key));
      cache.set(key, value);
    }
    return value;
  };
  // A refusal is asked again after HISTORY_RETRY_MS even at the same revision: git timing out
  // once must not turn history off until HEAD moves.
  const refusedAt = new Map<string, number>();
  const clock = () => (options.now?.() ?? new Date()).getTime();
  const openHistory = (root: string) => {
    const since = refusedAt.get(root);
    if (since !== undefined && clock() - since >= HISTORY_RETRY_MS) {
      refusedAt.delete(root);
      for (const key of histories.keys()) if (key.startsWith(`${root}\0`)) histories.delete(key);
    }
    return perRevision(histories, root, async () => {
      const opened = await openGitHistory(root);
      if (!opened.history && opened.refused) refusedAt.set(root, clock());
      // A revision that opens fine ends the retry: nothing is left to ask again.
      if (opened.history) refusedAt.delete(root);
      return opened;
    });
  };
  const log = options.log ?? (() => {});
  let classifyModel: { model?: LanguageModel } | undefined;
  const resolveClassifyModel = (): { model?: LanguageModel } => {
    const { resolveModel, defaultModel } = options;
    if (!resolveModel || !defaultModel) return {};
    try {
      return { model: resolveModel(defaultModel) };
    } catch (error) {
      log(`reports are classified offline: ${error instanceof Error ? error.message : error}`);
      return {};
    }
  };
  const requestInvestigations: PipelineContext['requestInvestigations'] = async (requests) => {
    await options.queue.sendMany(
      INVESTIGATE_GROUP,
      requests.map(({ groupId, reason, model }) => ({
        data: { groupId, reason, ...(model ? { model } : {}) },
        options: { singletonKey: `${groupId}:${model ?? 'default'}` },
      })),
    );
    for (const { groupId, reason } of requests) {
      await options.store.groups.setInvestigation(groupId, {
        state: 'queued',
        detail: reason,
        attempts: 0,
      });
    }
  };
  return {
    store: options.store,
    queue: options.queue,
    ...(options.resolveModel ? { resolveModel: options.resolveModel } : {}),
    ...(options.defaultModel ? { defaultModel: options.defaultModel } : {}),
    models: createModelChoice(options.defaultModel, options.models),
    ...(options.maxCostUsd !== undefined ? { maxCostUsd: options.maxCostUsd } : {}),
    ...(options.stepTimeoutMs !== undefined ? { stepTimeoutMs: options.stepTimeoutMs } : {}),
    ...(options.maxDailyCostUsd !== undefined ? { maxDailyCostUsd: options.maxDailyCostUsd } : {}),
    now: options.now ?? (() => new Date()),
    ...(options.cacheDir === false ? { cacheDir: false as const } : {}),
    log,
    policies: options.policies ?? PIPELINE_POLICIES,
    revision,
    classifyModel() {
      classifyModel ??= resolveClassifyModel();
      return classifyModel.model;
    },
    repository: (root) =>
      perRevision(repositories, root, () =>
        openRepository(root, options.cacheDir !== undefined ? { cacheDir: options.cacheDir } : {}),
      ),
    history: async (root) => (await openHistory(root)).history,
    async historyWarning(root) {
      const opened = await openHistory(root);
      if (opened.history || !opened.refused) return undefined;
      return refusedHistoryWarning(opened, {
        access:
          "Run the service as the user who owns the checkout, or trust it with `git config --global --add safe.directory DIR` as the service's user.",
        timeLimit: `Git ran out of time reading it (a busy machine or a slow disk); the service tries again ${HISTORY_RETRY_MS / 60_000} minutes after.`,
      });
    },
    async boilerplate({ id, repo }, report) {
      const template = await perRevision(boilerplates, repo, async () => readBoilerplate(repo));
      let entry = learned.get(id);
      const due = entry
        ? entry.uses >= (entry.sample < MIN_LEARNING_SAMPLE ? 1 : RELEARN_EVERY)
        : true;
      if (!entry || due) {
        const fresh = learn(id, template);
        entry = {
          learning: fresh,
          uses: 0,
          // Until this learning ends, taken for a large project: calls meanwhile use its result.
          sample: entry?.sample ?? LEARNING_SAMPLE,
        };
        const current = entry;
        fresh.then(
          (result) => {
            current.sample = result.texts;
          },
          () => learned.delete(id),
        );
        learned.set(id, entry);
      }
      entry.uses += 1;
      const { boilerplate, tally } = await entry.learning;
      if (!report) return joinBoilerplate(template, boilerplate);
      // The report counts at once: a new form's lines are known at its third report.
      const lines = formLinesOf(tally, `${report.title ?? ''}\n${report.body}`);
      return joinBoilerplate(template, {
        ...boilerplate,
        lines: new Set([...boilerplate.lines, ...lines]),
      });
    },
    requestInvestigation: (groupId, request) => requestInvestigations([{ groupId, ...request }]),
    requestInvestigations,
  };
}
