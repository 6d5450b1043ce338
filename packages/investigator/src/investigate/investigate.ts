/**
 * The main job: a raw bug report and a repository become a verified diagnosis.
 *
 * report ─► parseReport ─► markInAppFrames(repo) ─► classify (or a report prepared and
 * classified by the caller, e.g. the triage service's pipeline, taken as it is)
 * repo ─► indexRepository (cached) ─► localize ─► offline diagnosis, or the agent when a model is
 * given (repository map focused on the report + suspects before any tool call) ─► verifyDiagnosis.
 * See shared/ARCHITECTURE.md, "Data flow of the main job".
 */

import { setMaxListeners } from 'node:events';
import path from 'node:path';
import {
  emptyIndexNote,
  type GitHistory,
  openRepository,
  type Repository,
  type RepositoryIndex,
  renderRepositoryMap,
} from '@sightline/codebase';
import type { Report, ReportInput } from '@sightline/intake';
import {
  type Classification,
  classify,
  readBoilerplate,
  reportWithoutTemplate,
} from '@sightline/intake';
import type { LanguageModel } from 'ai';
import { throwIfAborted } from '../agent/abort.js';
import { type InvestigateWithModelProgress, investigateWithModel } from '../agent/index.js';
import type { FunnelBudgets } from '../agent/phases.js';
import { dropUnverified } from '../diagnosis/drop-unverified.js';
import { type Diagnosis, type VerificationResult, verifyDiagnosis } from '../diagnosis/index.js';
import type { Suspect } from '../diagnosis/schema.js';
import {
  collectReportSignals,
  diagnoseOffline,
  historyVectors,
  localize,
  weighsHistory,
} from '../localize/index.js';
import { prepareReport } from '../report/prepare-report.js';
import { historyLogWarning, startHistoryReads } from './history-reads.js';
import { describeHistory } from './read-history.js';
import { reportFocus } from './report-focus.js';

/** A progress event of {@link investigate}: pipeline stages, then the agent's own events. */
export type InvestigateProgress =
  | { type: 'stage-start'; stage: 'parse' | 'index' | 'localize' | 'agent' | 'verify' }
  | { type: 'index-progress'; done: number; total: number }
  | InvestigateWithModelProgress;

/**
 * A report already read against the repository (see `prepareReport`: parsed, in-app frames
 * marked) and classified (intake's `classify`, offline or with a model).
 */
export interface PreparedReport {
  report: Report;
  classification: Classification;
}

/** The report of {@link investigate}: raw (read and classified here) or prepared by the caller. */
export type InvestigateReport =
  | {
      /** The raw report: text, bytes or parsed JSON; parsed, marked and classified (offline) here. */
      report: ReportInput;
      /** File name of the report, kept in `report.source` and used for format hints. */
      filename?: string;
      /** Force a report format instead of detecting it. */
      format?: string;
      prepared?: never;
    }
  | {
      /**
       * A report the caller already read and classified: used as it is (not parsed, marked or
       * classified again), so the diagnosis carries the caller's classification.
       */
      prepared: PreparedReport;
      report?: never;
      filename?: never;
      format?: never;
    };

/** Options of {@link investigate}: the report, and how to investigate it. */
export type InvestigateOptions = InvestigateReport & InvestigateSettings;

/** Options of {@link investigate} besides the report. */
export interface InvestigateSettings {
  /** The repository: its folder, or a repository already open (see `openRepository`). */
  repo: string | Repository;
  /** The investigating model; without one the offline localizer writes the diagnosis. */
  model?: LanguageModel;
  /** Model for stage 2 (Markdown → JSON). Default: `model`. */
  structurer?: LanguageModel;
  /** Agent budgets. Default `{ explore: 8, deepDive: 4, toolCalls: 14 }`. */
  budgets?: Partial<FunnelBudgets>;
  /** Token budget of the repository map given to the agent. Default 1,024. */
  mapTokens?: number;
  /**
   * A prebuilt index of `repo` (e.g. one a server keeps fresh), used instead of indexing here; the
   * `index` stage and its progress events are then skipped; unused when `repo` is a repository
   * already open. Default: indexed here, with the cache.
   */
  index?: RepositoryIndex;
  /**
   * Index cache folder, or `false` for none; for the index unused with `index` or an open
   * repository. Default `<repo>/.sightline/cache`. In a git checkout it also places blame's
   * commit-graph, always: `<cacheDir>/commit-graph`, none with `false`, and by default
   * `~/.cache/sightline/commit-graph/<repository hash>` (see `prepareCommitGraph`); and the
   * history features' logs, one file per repository folder for its latest HEAD:
   * `<cacheDir>/history-log`, none with `false`, by default `~/.cache/sightline/history-log`
   * (see `cachedHistoryLog`).
   */
  cacheDir?: string | false;
  /**
   * Cost cap of the agent in US dollars (see `InvestigateWithModelOptions.maxCostUsd`); reaching
   * it throws `COST_LIMIT_REACHED` with the partial report. Unused offline. Default: no cap.
   */
  maxCostUsd?: number;
  /** Longest wait for one model call, in ms. Default 180,000 (see `DEFAULT_STEP_TIMEOUT_MS`). */
  stepTimeoutMs?: number;
  /** Suspects computed by the localizer. Default 10. */
  suspectLimit?: number;
  /**
   * Read the repository's git history (suspect commits, the regression window the report names
   * and its commits touching the suspects). Read-only and bounded; a folder without history is
   * investigated without it. `true` opens it here (a few `git` processes); a history already
   * open (`openGitHistory` of the same folder, e.g. one a server keeps per revision) is read as
   * it is; `false` or `null` (a folder known to have none) skip it. Default true.
   */
  history?: boolean | GitHistory | null;
  /**
   * Warnings the caller found before the investigation, one sentence each (e.g. git refused the
   * history it opened and passes as `null`): reported with the investigation's own, in
   * `indexed.warnings` and the diagnosis' `warnings`.
   */
  warnings?: readonly string[];
  /**
   * When the failure was first reported; commits after it are not suspects. Default: the report's
   * own date when it gives one (a review export's date column), else HEAD's commit time.
   */
  reportedAt?: Date;
  /** Receives progress events; must not throw. */
  onProgress?: (event: InvestigateProgress) => void;
  /**
   * Cancels the investigation: checked before each stage and passed to every model call, so a
   * fired signal ends the work within one stage (offline) or at once (model calls). Default: never.
   */
  abortSignal?: AbortSignal;
}

/** What {@link investigate} returns. */
export interface InvestigateResult {
  report: Report;
  classification: Classification;
  suspects: Suspect[];
  /**
   * The diagnosis, free of invented paths, ranges and quotes; `diagnosis.verification.verified`
   * says whether evidence backs it (see `verifyDiagnosis`).
   */
  diagnosis: Diagnosis;
  /** The agent's own Markdown report (stage 1); absent offline. */
  agentMarkdown?: string;
  verification: VerificationResult;
  /**
   * What the index holds: files indexed and files skipped (binary, generated, vendored, too large,
   * secret), and warnings about what could not be read: the index's (the file-count cap reached, a
   * language without a grammar), a git history git refused to read, and what reading the report
   * changed or could not read (`the report: …`, its `notes`: cut short, bytes replaced) when
   * `investigate` read it (not a `prepared` one, whose caller has its notes).
   * With `files` 0 nothing can back a diagnosis, which is then always unverified.
   */
  indexed: { files: number; skipped: number; warnings: string[] };
}

/** When the failure was first reported, in ms since the epoch, if anything says. */
function reportTime(given: Date | undefined, written: string | undefined): number | undefined {
  const time = given?.getTime() ?? (written === undefined ? Number.NaN : Date.parse(written));
  return Number.isFinite(time) ? time : undefined;
}

/** Reads and classifies (offline) a raw report. */
async function prepare(
  { report, filename, format }: { report: ReportInput; filename?: string; format?: string },
  repository: Repository,
): Promise<PreparedReport> {
  const prepared = await prepareReport(report, repository, {
    ...(filename ? { filename } : {}),
    ...(format ? { format } : {}),
  });
  // Classified with the template's words (a bug or feature template's prompts say which it is);
  // localized and prompted without them, as the service does.
  return {
    report: reportWithoutTemplate(prepared, readBoilerplate(repository.root)),
    classification: await classify(prepared),
  };
}

/**
 * Investigates a bug report against a repository.
 * @returns the diagnosis (verified, or unverified with the reasons in `diagnosis.verification`)
 *   with the parsed report, its classification and the suspects.
 * @throws SightlineError `PATH_NOT_FOUND`/`NOT_A_DIRECTORY` (bad repo), `REPORT_EMPTY`/
 *   `REPORT_TOO_LARGE` (bad report), `MODEL_CALL_FAILED`, `MODEL_OUTPUT_INVALID` (the model could
 *   not produce a verified diagnosis; `details.markdown` keeps its report), `COST_LIMIT_REACHED`
 *   (`maxCostUsd` reached; `details.markdown` keeps the partial report), `ABORTED` (the
 *   `abortSignal` fired), `INVALID_ARGUMENT` (`index` is of another repository).
 * @example const { diagnosis } = await investigate({ repo: '.', report: crashLogText });
 * @example const { diagnosis } = await investigate({ repo, prepared: { report, classification } });
 */
export async function investigate(options: InvestigateOptions): Promise<InvestigateResult> {
  // Stops the git processes still running for this investigation (blame, the commit-graph's
  // write) when it fails or is cancelled: they would outlive it otherwise.
  const stopGit = new AbortController();
  // Every git child listens on it while it runs: blames of the suspect ranges and one ancestry
  // check per blamed commit run at once, more than Node's default 10 (trial 49's warning).
  setMaxListeners(0, stopGit.signal);
  const forward = () => stopGit.abort();
  options.abortSignal?.addEventListener('abort', forward, { once: true });
  try {
    return await investigateUntil(options, stopGit.signal);
  } catch (error) {
    stopGit.abort();
    throw error;
  } finally {
    options.abortSignal?.removeEventListener('abort', forward);
  }
}

/** {@link investigate}, its git processes stopped by `stopGit`. */
async function investigateUntil(
  options: InvestigateOptions,
  stopGit: AbortSignal,
): Promise<InvestigateResult> {
  const { onProgress = () => {}, abortSignal } = options;
  const stage = (name: Extract<InvestigateProgress, { type: 'stage-start' }>['stage']) => {
    throwIfAborted(abortSignal);
    onProgress({ type: 'stage-start', stage: name });
  };
  const started = Date.now();
  const repository = await openRepository(options.repo, {
    ...(options.index ? { index: options.index } : {}),
    ...(options.cacheDir !== undefined ? { cacheDir: options.cacheDir } : {}),
  });

  stage('parse');
  const { report, classification } =
    options.prepared === undefined ? await prepare(options, repository) : options.prepared;
  const { label, confidence, margin } = classification;
  const labelCertainty = { confidence, ...(margin === undefined ? {} : { margin }) };

  // Started before indexing: git reads in child processes while the index is built here.
  const historyReads = startHistoryReads(repository.root, report, {
    ...(options.history !== undefined ? { history: options.history } : {}),
    ...(options.cacheDir !== undefined
      ? {
          cacheDir: options.cacheDir,
          commitGraphDir:
            options.cacheDir === false ? false : path.join(options.cacheDir, 'commit-graph'),
        }
      : {}),
    features: weighsHistory(),
    signal: stopGit,
  });

  if (!options.index) stage('index');
  const index = await repository.index({
    onProgress: (done, total) => onProgress({ type: 'index-progress', done, total }),
  });

  // What reading the report changed travels with the diagnosis, not only on the CLI's stderr
  // (fresh-user trial 25: a JSON diagnosis of a cut-short report did not say so).
  const readingNotes =
    options.prepared === undefined
      ? [...new Set(report.notes ?? [])].map((note) => `the report: ${note}`)
      : [];
  const indexed = {
    files: index.files.size,
    skipped: index.skipped.length,
    warnings: [...readingNotes, ...(index.warnings ?? []), ...(options.warnings ?? [])],
  };
  // In the diagnosis too, not only on the CLI's stderr (fresh-user trial 24).
  const noCode = emptyIndexNote(
    repository.root,
    index,
    index.files.size === 0
      ? 'no code can back the diagnosis, so it is unverified'
      : 'no code can back the diagnosis',
  );
  if (noCode) indexed.warnings.push(noCode);

  stage('localize');
  // Frames, paths and names of the report, collected once for the suspects, the map and the diagnosis.
  const signals = collectReportSignals(report, index, { packageName: repository.packageName });
  const limit = options.suspectLimit ?? 10;
  const read = await historyReads.read;
  indexed.warnings.push(...historyReads.warnings);
  const historyLog = await historyReads.log;
  const logWarning = historyLog && historyLogWarning(historyLog, options.cacheDir);
  if (logWarning) indexed.warnings.push(logWarning);
  // The regression window is shown, not ranked on: its files, weighted by a fit on held-out
  // Acc@1 and MRR (bench:history), do not rank the fixed file higher (fitted weight 0).
  const suspects = localize(report, index, {
    limit,
    signals,
    ...(historyLog
      ? { history: historyVectors(historyLog, [report.title ?? '', report.body].join('\n')) }
      : {}),
  });
  // Blame of the suspects runs in git processes while the diagnosis is written (and verified)
  // here; when it ended counts in the run's duration.
  let described = started;
  const describing = read
    ? describeHistory(read, suspects, {
        reportedAt: reportTime(options.reportedAt, report.date),
        commitGraph: historyReads.graph,
        signal: stopGit,
      }).then((part) => {
        described = Date.now();
        return part;
      })
    : Promise.resolve(undefined);
  describing.catch(() => undefined);

  if (options.model) {
    stage('agent');
    const repoMap = renderRepositoryMap(index, {
      focus: reportFocus(signals),
      tokens: options.mapTokens ?? 1024,
    });
    // The agent verifies its diagnosis itself (once, with the re-ask); it is not checked again.
    const { diagnosis, verification, markdown } = await investigateWithModel({
      report,
      repository,
      model: options.model,
      ...(options.structurer ? { structurer: options.structurer } : {}),
      suspects,
      repoMap: repoMap.text,
      ...(options.budgets ? { budgets: options.budgets } : {}),
      label,
      labelCertainty,
      onProgress,
      ...(options.stepTimeoutMs ? { stepTimeoutMs: options.stepTimeoutMs } : {}),
      ...(options.maxCostUsd !== undefined ? { maxCostUsd: options.maxCostUsd } : {}),
      ...(abortSignal ? { abortSignal } : {}),
    });
    return {
      report,
      classification,
      suspects,
      diagnosis: withReading(diagnosis, await describing, indexed.warnings),
      agentMarkdown: markdown,
      verification,
      indexed,
    };
  }

  const offline = await diagnoseOffline(report, index, {
    label,
    labelCertainty,
    suspects,
    signals,
  });
  const diagnosed = Date.now();
  stage('verify');
  let verification = await verifyDiagnosis(offline, repository, { index });
  if (!verification.ok) {
    // The offline diagnosis quotes the repository itself; a location that still fails (an empty
    // file, a file changed since it was indexed) is left out with a note, and the rest stands.
    const kept = dropUnverified(offline, verification.errors);
    verification = await verifyDiagnosis(kept.diagnosis, repository, { index });
  }
  if (!verification.ok || !verification.diagnosis) {
    const errors = verification.errors.map((error) => `${error.path}: ${error.message}`).join('; ');
    // What verification still rejects after that is a Sightline bug.
    throw new Error(`The offline diagnosis failed verification (a Sightline bug): ${errors}`);
  }
  const diagnosis = withReading(verification.diagnosis, await describing, indexed.warnings);
  // Until the diagnosis and its history part were both written: verification counts only while
  // blame still ran beside it.
  diagnosis.stats.durationMs = Math.max(diagnosed, described) - started;
  return {
    report,
    classification,
    // The suspects that failed verification were left out of the diagnosis.
    suspects: diagnosis.suspects,
    diagnosis,
    verification,
    indexed,
  };
}

/**
 * The diagnosis with what the investigation read besides the code: its history part, and the
 * warnings about what it could not read (shown wherever the diagnosis is: the MCP tool, the
 * service, the issue comment, not only the CLI's stderr).
 */
function withReading(
  diagnosis: Diagnosis,
  history: Diagnosis['history'],
  warnings: readonly string[],
): Diagnosis {
  // Nothing to add: the very diagnosis (the agent's is its verification's, the same object).
  if (!history && warnings.length === 0) return diagnosis;
  return {
    ...diagnosis,
    ...(history ? { history } : {}),
    ...(warnings.length > 0 ? { warnings: [...warnings] } : {}),
  };
}
