/**
 * `sightline investigate --repo DIR --report FILE|-`: the main job. Prints a verified diagnosis
 * (Markdown by default, JSON with `--format json` or `--json`). Exit codes (run/exit-codes.ts):
 * 0 verified diagnosis, 2 bad input (a missing or refused API key too), 3 the model could not
 * produce a valid one (its report kept as `.unverified.md`), 4 a diagnosis not backed by evidence
 * (printed, marked unverified with the reasons; an offline diagnosis that ties nothing to the
 * report too), 5 stopped at `--max-cost` (`.partial.md` kept), 6 the model server could not be
 * reached, failed or did not answer in time, 7 a model found no cause and said so.
 */
import { printablePath } from '@sightline/codebase';
import { SightlineError } from '@sightline/core';
import { confidenceWords, investigate, renderDiagnosisMarkdown } from '@sightline/investigator';
import type { LanguageModel } from 'ai';
import type { Command } from 'commander';
import { describeProgress } from '../format/describe-progress.js';
import { warningLine } from '../format/warning-line.js';
import { DIAGNOSIS_OUTPUT, refuseDestructiveOut } from '../io/out-guard.js';
import { checkWritable, writeOutput } from '../io/output-file.js';
import { createProgress, type Progress } from '../io/progress.js';
import { readInput } from '../io/read-input.js';
import { refuseSeveralReports } from '../io/refuse-several-reports.js';
import { addModelOptions, maxCostOption, resolveModelFlags } from '../options/model-options.js';
import { addFormatOptions, type FormatFlags, resolveFormat } from '../options/output-options.js';
import { quietOption } from '../options/quiet-option.js';
import { reportFormatOption } from '../options/report-format-option.js';
import { textArgument } from '../options/text-argument.js';
import {
  MAX_MAP_TOKENS,
  MAX_PHASE_STEPS,
  wholeNumberArgument,
} from '../options/whole-number-argument.js';
import { exitCodeFor } from '../run/exit-code-for.js';
import {
  EXIT_COST_LIMIT,
  EXIT_MODEL,
  EXIT_MODEL_UNAVAILABLE,
  EXIT_NOT_FOUND,
  EXIT_OK,
  EXIT_UNVERIFIED,
} from '../run/exit-codes.js';
import { failsAsJson, jsonErrorLine } from '../run/json-error.js';
import { runAction } from '../run/run-action.js';
import { EXIT_CODES_HELP } from '../top-level-help.js';

/** Options of {@link runInvestigate}, as the command line gives them. */
export interface InvestigateCommandOptions {
  repo: string;
  report: string;
  model?: string;
  structurer?: string;
  format: 'md' | 'json';
  /** A format name of intake's, or `auto` (detect it, as when it is not given). */
  reportFormat?: string;
  out?: string;
  budgetExplore?: number;
  budgetDeep?: number;
  mapTokens?: number;
  /** Longest wait for one model call, in seconds. */
  timeout?: number;
  /** Cost cap of the agent, in US dollars. */
  maxCost?: number;
  cache: boolean;
  /** Read git history (suspect commits, regression window); `--no-history` turns it off. */
  history?: boolean;
  /** No progress on stderr (`--quiet`: the stages, a wait for a named pipe's writer). */
  quiet?: boolean;
}

/** Where {@link runInvestigate} writes, and what it may inject (tests pass a scripted model). */
export interface InvestigateIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  progress: Progress;
  env: Readonly<Record<string, string | undefined>>;
  readStdin?: () => Promise<Uint8Array>;
  /** Use this model instead of resolving `--model` (tests). */
  model?: LanguageModel;
}

/** The flags given that only the agent reads, as typed (`--max-cost`, the budgets, the map's). */
function agentOnly(options: InvestigateCommandOptions): string[] {
  const given: [string, unknown][] = [
    ['--budget-explore', options.budgetExplore],
    ['--budget-deep', options.budgetDeep],
    ['--map-tokens', options.mapTokens],
    ['--max-cost', options.maxCost],
  ];
  return given.flatMap(([flag, value]) => (value === undefined ? [] : [flag]));
}

/**
 * Runs the investigation for the command line.
 * @returns the exit code (0 verified diagnosis printed; 4 unverified diagnosis printed, offline
 *   ones that tie nothing to the report among them; 3 model
 *   failure or 6 model server down, the model's report, if any, kept in a `.unverified.md` file;
 *   5 stopped at the cost cap, the partial report kept in a `.partial.md` file; 7 no cause found,
 *   the "not found" diagnosis printed). Asked for JSON on stdout (`--json`, no `--out`), exits
 *   3, 5 and 6 print the error as JSON there (run/json-error.ts).
 * @throws SightlineError for bad input (exit 2 through runAction), among it a report file that
 *   holds several reports (`refuseSeveralReports`).
 */
export async function runInvestigate(
  options: InvestigateCommandOptions,
  io: InvestigateIO,
): Promise<number> {
  if (options.out) {
    await checkWritable(options.out);
    await refuseDestructiveOut(
      options.out,
      { repo: options.repo, report: options.report },
      DIAGNOSIS_OUTPUT,
    );
  }
  const input = await readInput(options.report, {
    ...(io.readStdin ? { readStandardInput: io.readStdin } : {}),
    ...(options.timeout ? { pipeWaitMs: options.timeout * 1000 } : {}),
    pipeWaitFlag: '--timeout SECONDS',
    ...(options.quiet ? {} : { onWait: (message) => io.stderr(`sightline: ${message}\n`) }),
  });
  refuseSeveralReports(input.bytes, input.name, options.reportFormat);
  const { model, structurer } = resolveModelFlags(
    { ...options, agentOnly: agentOnly(options) },
    io,
  );
  try {
    const { diagnosis, indexed } = await investigate({
      repo: options.repo,
      report: input.bytes,
      filename: input.name,
      ...(options.reportFormat && options.reportFormat !== 'auto'
        ? { format: options.reportFormat }
        : {}),
      ...(model ? { model } : {}),
      ...(structurer ? { structurer } : {}),
      budgets: {
        ...(options.budgetExplore ? { explore: options.budgetExplore } : {}),
        ...(options.budgetDeep ? { deepDive: options.budgetDeep } : {}),
      },
      ...(options.mapTokens ? { mapTokens: options.mapTokens } : {}),
      ...(options.timeout ? { stepTimeoutMs: options.timeout * 1000 } : {}),
      ...(options.maxCost ? { maxCostUsd: options.maxCost } : {}),
      ...(options.cache ? {} : { cacheDir: false as const }),
      ...(options.history === false ? { history: false } : {}),
      onProgress: (event) => {
        const text = describeProgress(event);
        if (text) io.progress.update(text);
      },
    });
    for (const warning of indexed.warnings) io.stderr(warningLine(warning));
    const verified = diagnosis.verification?.verified ?? false;
    const notFound = diagnosis.verification?.notFound ?? false;
    const reasons = (diagnosis.verification?.reasons ?? []).join(' ');
    // An offline diagnosis that ties nothing to the report says why (its root cause: "reads as
    // about other code", "no stack frame …"), not the check it then fails (trial 19).
    const tiedNothing = diagnosis.method === 'offline' && diagnosis.affectedFiles.length === 0;
    const what = verified
      ? `Verified diagnosis (${diagnosis.method}; confidence: ${confidenceWords(diagnosis.rootCause.confidence)})`
      : notFound
        ? `No cause found (${diagnosis.method}): ${reasons}`
        : tiedNothing
          ? `No cause found (offline): ${diagnosis.rootCause.summary}`
          : `Unverified diagnosis (${diagnosis.method}): ${reasons}`;
    const output =
      options.format === 'json'
        ? `${JSON.stringify(diagnosis, null, 2)}\n`
        : renderDiagnosisMarkdown(diagnosis);
    if (options.out) await writeOutput(options.out, output);
    else io.stdout(output.endsWith('\n') ? output : `${output}\n`);
    const where = options.out ? ` written to ${printablePath(options.out)}` : '';
    if (verified) io.progress.succeed(`${what}${where}`);
    else io.progress.fail(`${what}${where}`);
    return verified ? EXIT_OK : notFound ? EXIT_NOT_FOUND : EXIT_UNVERIFIED;
  } catch (error) {
    if (SightlineError.isInstance(error) && error.code === 'COST_LIMIT_REACHED') {
      io.progress.fail('Stopped at the cost cap');
      io.stderr(`sightline: ${error.message}\n`);
      const kept = keptBeside(options.out, 'partial');
      await writeOutput(kept, String(error.details.markdown ?? ''));
      io.stderr(
        `The partial report was kept in ${printablePath(kept)}; nothing in it was checked.\n`,
      );
      if (failsAsJson(options))
        io.stdout(jsonErrorLine({ ...failure(error, EXIT_COST_LIMIT), kept }));
      return EXIT_COST_LIMIT;
    }
    // Any model failure after the report was written (verification, the structurer's 400 or
    // network error) keeps the paid-for report.
    const code = exitCodeFor(error);
    if (
      !SightlineError.isInstance(error) ||
      (code !== EXIT_MODEL && code !== EXIT_MODEL_UNAVAILABLE)
    ) {
      throw error;
    }
    io.progress.fail('The model did not produce a verified diagnosis');
    io.stderr(`sightline: ${error.message}\n`);
    const markdown = error.details.markdown;
    let kept: string | undefined;
    if (typeof markdown === 'string' && markdown.trim() !== '') {
      kept = keptBeside(options.out, 'unverified');
      await writeOutput(kept, markdown);
      io.stderr(
        `The model's unverified report was kept in ${printablePath(kept)}; nothing in it was checked.\n`,
      );
    }
    if (failsAsJson(options))
      io.stdout(jsonErrorLine({ ...failure(error, code), ...(kept ? { kept } : {}) }));
    return code;
  }
}

/** A failure as {@link jsonErrorLine} prints it. */
const failure = (error: SightlineError, exitCode: number) => ({
  code: error.code,
  message: error.message,
  exitCode,
});

/**
 * The file a partial or unverified report is kept in: beside `--out`, its `.md` or `.json`
 * replaced (`diagnosis.md` → `diagnosis.unverified.md`, not `diagnosis.md.unverified.md`, fresh-user
 * trial 24), else `sightline-investigation.<kind>.md` in the working folder.
 */
function keptBeside(out: string | undefined, kind: 'partial' | 'unverified'): string {
  return `${(out ?? 'sightline-investigation').replace(/\.(?:md|markdown|json)$/i, '')}.${kind}.md`;
}

/**
 * Registers `sightline investigate` on `program`.
 * @param program the root command.
 */
export function registerInvestigate(program: Command): void {
  const command = program
    .command('investigate')
    .description(
      'Investigate a bug report against a repository and print a verified diagnosis: root cause, affected files and lines, proposed change, complexity and risk.',
    )
    .requiredOption('--repo <dir>', 'repository folder to investigate', textArgument('a folder'))
    .requiredOption(
      '--report <file>',
      'one bug report (crash log, issue text, review, Sentry JSON), or - for stdin; a file of several (JSON Lines, a review export) is refused: triage it',
      textArgument('a report file, or - for standard input'),
    );
  addFormatOptions(addModelOptions(command), { formats: ['md', 'json'], defaultFormat: 'md' })
    .addOption(reportFormatOption('force the report format instead of detecting it (auto)'))
    .option(
      '--out <file>',
      'write the diagnosis to a file instead of stdout',
      textArgument('a file (leave --out out to print to stdout)'),
    )
    .option(
      '--budget-explore <n>',
      'agent steps in the explore phase (default 8)',
      wholeNumberArgument({ max: MAX_PHASE_STEPS, unit: 'steps' }),
    )
    .option(
      '--budget-deep <n>',
      'agent steps in the deep-dive phase (default 4)',
      wholeNumberArgument({ max: MAX_PHASE_STEPS, unit: 'steps' }),
    )
    .option(
      '--map-tokens <n>',
      'token budget of the repository map given to the agent (default 1024)',
      wholeNumberArgument({ max: MAX_MAP_TOKENS, unit: 'tokens' }),
    )
    .option(
      '--timeout <seconds>',
      'longest wait for one model call, or for a named pipe --report to be written, before failing (default 180)',
      wholeNumberArgument({ max: 3_600, unit: 'seconds' }),
    )
    .addOption(maxCostOption('the partial report kept, exit 5'))
    .option(
      '--no-cache',
      "do not read or write the index cache (.sightline/ in the repository), blame's commit-graph (~/.cache/sightline/commit-graph) nor the history features' commit logs (~/.cache/sightline/history-log)",
    )
    .option(
      '--no-history',
      'do not read git history (suspect commits, the regression window the report names)',
    )
    .addOption(quietOption())
    .addHelpText(
      'after',
      `
Examples:
  sightline investigate --repo . --report crash.log
  sightline investigate --repo . --report issue.md --no-history
  sightline investigate --repo ~/src/app --report issue.md --model anthropic:claude-sonnet-4-5
  cat sentry-event.json | sightline investigate --repo . --report - --json

Without a model the offline localizer writes the diagnosis (no API key needed).
In a git checkout the diagnosis also lists suspect commits (blame of the top suspect ranges) and,
when the report names versions or commits ("works in 3.1.0, fails in 3.2.0", "since e443068"),
the regression window; --no-history turns history off.

Exit codes:
${EXIT_CODES_HELP}`,
    )
    .action(
      runAction(async (options: Omit<InvestigateCommandOptions, 'format'> & FormatFlags) => {
        const format = resolveFormat(options, 'md') as InvestigateCommandOptions['format'];
        return runInvestigate(
          { ...options, format },
          {
            stdout: (text) => process.stdout.write(text),
            stderr: (text) => process.stderr.write(text),
            progress: createProgress({ quiet: options.quiet ?? false }),
            env: process.env,
          },
        );
      }),
    );
}
