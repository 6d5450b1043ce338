/**
 * `sightline triage FILE...`: parses one or many reports (a review export holds many) and
 * classifies each as bug, crash, feature, question or other, as a table with per-label counts or as JSON lines.
 */
import path from 'node:path';
import { openRepository, printableText } from '@sightline/codebase';
import { SightlineError } from '@sightline/core';
import {
  CLASSIFICATION_LABELS,
  type Classification,
  type ClassificationLabel,
  type ClassifyOptions,
  classify,
  decodeReportBytes,
  exceptionsCauseFirst,
  invalidBytesNote,
  parseReports,
  REPORT_FORMAT_NAMES,
  type Report,
  readExamplePool,
  reportTitle,
} from '@sightline/intake';
import { gateReport, prepareReports } from '@sightline/investigator';
import { resolveModel } from '@sightline/models';
import type { Command } from 'commander';
import { reportNoteLines } from '../format/report-notes.js';
import { fileReportInputs } from '../io/file-reports.js';
import { inputErrorMessage, readInput, readStdin, refuseRepeatedStdin } from '../io/read-input.js';
import { addFormatOptions, resolveFormat } from '../options/output-options.js';
import { quietOption } from '../options/quiet-option.js';
import { reportFormatOption } from '../options/report-format-option.js';
import { textArgument } from '../options/text-argument.js';
import { EXIT_OK, EXIT_USAGE } from '../run/exit-codes.js';
import { runAction } from '../run/run-action.js';

/** Options of {@link runTriage}. */
export interface TriageOptions {
  /** Report files; `-` reads standard input. */
  files: string[];
  /** Input format passed to `parseReports`. Default `auto` (detect). */
  format?: string;
  /** Print one JSON object per report and nothing else on stdout. Default false. */
  json?: boolean;
  /** Classify with this model (falling back to offline on any failure). Default: offline. */
  model?: ClassifyOptions['model'];
  /** Data folder whose training sets give the model labelled examples (`readExamplePool`). Default: none. */
  examples?: string;
  /** Repository whose files decide which stack frames are in-app. Default: decided per frame. */
  repo?: string;
  /** No progress on stderr (`--quiet`: a wait for a named pipe's writer). Default false. */
  quiet?: boolean;
}

/** Where {@link runTriage} reads and writes, so tests can run it without a process. */
export interface TriageIO {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Reads all of standard input. */
  readStdin(): Promise<Uint8Array>;
  /** Terminal width in characters for the table. Default 100. */
  columns?: number;
}

/** One triaged report, as printed by `--json`. */
export interface TriageRow {
  file: string;
  id: string;
  kind: Report['kind'];
  label: ClassificationLabel;
  confidence: number;
  method: Classification['method'];
  /**
   * The report's title, else its first exception, else its first line (`reportTitle`): at most
   * 200 characters (`MAX_LISTED_TITLE_CHARS`, as the service lists groups); a longer one is cut
   * to 199 and ends with `…`.
   */
  title: string;
  /**
   * The culprit frame as `file:line function`, or null: the innermost in-app frame of the root
   * cause (a chained exception's deepest cause that has one), else of the exception around it.
   */
  topFrame: string | null;
  reasons: string[];
  /** Present when the label is a guess: the report is probably in a language the offline model does not know. */
  guess?: true;
}

/**
 * Parses and classifies every report in `options.files` (`fileReportInputs`: a JSON Lines file holds one a
 * line; a review export one a row). A file that cannot be read or parsed, a line of
 * JSON Lines that is not a report, and a row of a CSV review export that cannot be read, is
 * reported on stderr (with `--json`, also as a line `{"file", "line"?, "error": {code, message,
 * exitCode}}` on stdout) and skipped; the others are still processed. What reading a file changed
 * (invalid bytes replaced, escape codes or control characters removed: `Report.notes`) is noted on
 * stderr once per file, as `investigate` notes it.
 *
 * @param options - Files, input format, output mode and optional model.
 * @param io - Output streams and stdin.
 * @returns 0, or 2 when any file failed or any line was refused.
 * @throws SightlineError `INVALID_ARGUMENT` for `examples` without `model` (as `--structurer`
 *   without `--model`) and when standard input is given twice; the readers' errors when
 *   `options.examples` has no readable training sets.
 */
export async function runTriage(options: TriageOptions, io: TriageIO): Promise<number> {
  if (options.examples !== undefined && !options.model) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message:
        '--examples needs --model: the labelled examples are shown to the model, and offline classification uses none. Add --model, or drop --examples.',
    });
  }
  refuseRepeatedStdin(options.files);
  const rows: TriageRow[] = [];
  let failed = 0;
  let refusedLines = 0;
  const modelFailures: string[] = [];
  const repository = options.repo ? await openRepository(options.repo) : undefined;
  const classifyOptions: ClassifyOptions = {
    ...(options.model ? { model: options.model } : {}),
    ...(options.model && options.examples
      ? { examples: await readExamplePool(options.examples) }
      : {}),
  };
  for (const file of options.files) {
    const name = file === '-' ? 'stdin' : file;
    const printNotes = (notes: string[]) => {
      for (const line of reportNoteLines(notes, name)) {
        io.stderr(printableText(`sightline triage: ${line}\n`));
      }
    };
    let reports: Report[];
    try {
      const { bytes } = await readInput(file, {
        readStandardInput: io.readStdin,
        ...(options.quiet
          ? {}
          : { onWait: (message: string) => io.stderr(`sightline triage: ${message}\n`) }),
      });
      const filename = file === '-' ? undefined : file;
      const { text, encoding, invalid } = decodeReportBytes(bytes);
      // As investigate does: triage only prints, so the report is read, with notes on stderr.
      printNotes(invalid ? [invalidBytesNote(encoding)] : []);
      const { inputs, refused } = fileReportInputs(text, filename, options.format);
      for (const { line, reason } of refused) {
        refusedLines += 1;
        io.stderr(printableText(`sightline triage: ${name} line ${line} ${reason}; skipped.\n`));
        if (options.json)
          io.stdout(
            failureLine(
              name,
              { code: 'REPORT_UNPARSEABLE', message: `line ${line} ${reason}` },
              line,
            ),
          );
      }
      reports = [];
      for (const { input, format = options.format } of inputs) {
        const parseOptions = {
          // readInput bounded the file's bytes, as ingest and the API do; its decoded text may
          // have more UTF-8 bytes (UTF-16 Japanese: 1.5 times as many).
          maxBytes: Number.POSITIVE_INFINITY,
          ...(filename ? { filename } : {}),
          ...(format && format !== 'auto' ? { format } : {}),
        };
        reports.push(
          ...(repository
            ? await prepareReports(input, repository, parseOptions)
            : await Promise.all(parseReports(input, parseOptions).map(gateReport))),
        );
      }
    } catch (error) {
      failed += 1;
      const message = describeError(error, name);
      // Escaped, as every line naming a file: a name may hold escape codes (trial 29).
      io.stderr(printableText(`sightline triage: ${message}\n`));
      if (options.json)
        io.stdout(
          failureLine(name, {
            code: SightlineError.isInstance(error) ? error.code : 'FILE_UNREADABLE',
            message,
          }),
        );
      continue;
    }
    printNotes(reports.flatMap((report) => report.notes ?? []));
    for (const report of reports) {
      const classification = await classify(report, classifyOptions);
      if (classification.modelFailure) modelFailures.push(classification.modelFailure);
      const row = toRow(name, report, classification);
      rows.push(row);
      if (options.json) io.stdout(`${JSON.stringify(row)}\n`);
    }
  }
  // Trial 31: a refused key fell back to offline labels with nothing said but the JSON's reasons.
  const [firstFailure] = modelFailures;
  if (firstFailure) {
    io.stderr(
      printableText(
        `sightline triage: --model was not used for ${modelFailures.length} of ${rows.length} report${rows.length === 1 ? '' : 's'}, classified offline instead: ${firstFailure}\n`,
      ),
    );
  }
  // When nothing could be read, the errors on stderr are the whole answer: no empty table.
  const allFailed = failed === options.files.length;
  if (!options.json && !allFailed) {
    // Escaped: titles and frames are the reports' own text (C1 and bidirectional controls too).
    io.stdout(printableText(renderTable(rows, io.columns ?? 100, options.files.length > 1)));
  }
  return failed > 0 || refusedLines > 0 ? EXIT_USAGE : EXIT_OK;
}

/**
 * Registers `sightline triage` on the program.
 *
 * @param program - The root commander program.
 */
export function registerTriage(program: Command): void {
  const command = program
    .command('triage')
    .description(
      'Classify reports (reviews, crash logs, issues) as bug, crash, feature, question or other, offline or with a model.',
    )
    .argument(
      '<files...>',
      'report files; - reads standard input; a review export, a CSV of issues (title and body columns) or a .jsonl file ({"text": …} a line) holds many reports',
    )
    .addOption(reportFormatOption('input format; auto detects it', 'auto'));
  addFormatOptions(command, {
    formats: ['text', 'json'],
    defaultFormat: 'text',
    inputFormats: REPORT_FORMAT_NAMES,
  })
    .option(
      '--repo <dir>',
      'repository whose files decide which stack frames are in-app',
      textArgument('a folder'),
    )
    .option(
      '--model <spec>',
      'classify with a model (anthropic:<id>, openai:<id>, openai-compatible:<url>#<id>); offline when it fails',
      textArgument('a model spec (leave --model out to work offline)'),
    )
    .option(
      '--examples <dir>',
      'with --model: data folder with reviews/train.jsonl and labeled/nlbse2024/issues_train.csv to show the model similar labelled reports',
      textArgument('a folder'),
    )
    .addOption(quietOption())
    .addHelpText(
      'after',
      `
Examples:
  $ sightline triage crash.txt
  $ sightline triage reviews.jsonl --format json > labels.jsonl
  $ sightline triage export.jsonl --report-format reviews
  $ pbpaste | sightline triage -
  $ sightline triage logs/*.txt issue.md
  $ sightline triage --repo ~/src/app crash.txt
  $ sightline triage issue.md --json --model openai:gpt-5-mini --examples ../shared/data

Exit codes: 0 all inputs triaged, 2 some input (a file, a line of JSON Lines, a row of a CSV\nreview export) could not be read or parsed.`,
    )
    .action(
      runAction(
        async (
          files: string[],
          flags: {
            reportFormat: string;
            format?: string;
            json?: boolean;
            repo?: string;
            model?: string;
            examples?: string;
            quiet?: boolean;
          },
        ) =>
          runTriage(
            {
              files,
              format: flags.reportFormat,
              json: resolveFormat(flags, 'text') === 'json',
              ...(flags.repo ? { repo: flags.repo } : {}),
              ...(flags.examples ? { examples: flags.examples } : {}),
              ...(flags.quiet ? { quiet: true } : {}),
              ...(flags.model
                ? { model: resolveModel(flags.model, { source: '--model' }).model }
                : {}),
            },
            {
              stdout: (text) => process.stdout.write(text),
              stderr: (text) => process.stderr.write(text),
              readStdin,
              columns: process.stdout.columns ?? 100,
            },
          ),
      ),
    );
}

function toRow(file: string, report: Report, classification: Classification): TriageRow {
  return {
    file,
    id: report.id,
    kind: report.kind,
    label: classification.label,
    confidence: Math.round(classification.confidence * 100) / 100,
    method: classification.method,
    title: reportTitle(report),
    topFrame: topInAppFrame(report),
    reasons: classification.reasons,
    ...(classification.guess ? { guess: true as const } : {}),
  };
}

/**
 * The innermost in-app frame of the first exception that has one (else of a stack trace logged
 * without an exception), as `file:line function`.
 */
/** The culprit frame: the first in-app frame of the root cause on out (`exceptionsCauseFirst`). */
function topInAppFrame(report: Report): string | null {
  const frames = exceptionsCauseFirst(report.exceptions).flatMap((exception) => exception.frames);
  const frame = [...frames, ...(report.stack ?? [])].find((candidate) => candidate.inApp);
  if (!frame) return null;
  const location = [frame.file ?? frame.module, frame.line]
    .filter((part) => part !== undefined)
    .join(':');
  return [location, frame.function].filter(Boolean).join(' ') || frame.raw;
}

/** Widest FILE column: enough for most file names, cut with an ellipsis beyond. */
const MAX_FILE_WIDTH = 24;

function renderTable(rows: readonly TriageRow[], columns: number, showFile: boolean): string {
  const files = rows.map((row) => path.basename(row.file));
  const labels = rows.map((row) => (row.guess ? `${row.label}?` : row.label));
  // As wide as the widest label shown ("question?" is 9), so CONF never runs into it.
  const labelWidth = Math.max('LABEL'.length, ...labels.map((label) => label.length));
  const fileWidth = showFile
    ? Math.min(MAX_FILE_WIDTH, Math.max(4, ...files.map((file) => file.length)))
    : 0;
  const fileColumn = showFile ? fileWidth + 2 : 0;
  // LABEL + 2 spaces + CONF (4) + 2 spaces, [FILE + 2 spaces,] then title and frame separated by a space.
  const fixed = labelWidth + 8 + fileColumn + 1;
  const longestFrame = Math.max(5, ...rows.map((row) => row.topFrame?.length ?? 1));
  const frameWidth = Math.max(5, Math.min(longestFrame, 50, columns - fixed - 20));
  const titleWidth = Math.max(20, columns - fixed - frameWidth);
  const line = (label: string, confidence: string, file: string, title: string, frame: string) =>
    `${label.padEnd(labelWidth)}  ${confidence.padStart(4)}  ${showFile ? `${cut(file, fileWidth).padEnd(fileWidth)}  ` : ''}${cut(title, titleWidth).padEnd(titleWidth)} ${cut(frame, frameWidth)}`.trimEnd();
  const lines = [line('LABEL', 'CONF', 'FILE', 'TITLE', 'FRAME')];
  rows.forEach((row, index) => {
    lines.push(
      line(
        labels[index] ?? row.label,
        row.confidence.toFixed(2),
        files[index] ?? '',
        row.title,
        row.topFrame ?? '-',
      ),
    );
  });
  const counts = CLASSIFICATION_LABELS.map(
    (label) => `${label} ${rows.filter((row) => row.label === label).length}`,
  );
  lines.push('', `${counts.join(' · ')} (${rows.length} report${rows.length === 1 ? '' : 's'})`);
  if (rows.some((row) => row.guess)) {
    lines.push(
      '? a guess: the report is probably in a language the offline classifier was not trained on (--json says why; --model reads any language)',
    );
  }
  return `${lines.join('\n')}\n`;
}

function cut(text: string, width: number): string {
  const single = text.replace(/\s+/g, ' ');
  return single.length <= width ? single : `${single.slice(0, width - 1)}…`;
}

/**
 * The `--json` line of a file, or a line of a file, that could not be triaged: a script reading
 * the rows learns which input is missing from them and why, as stderr says it.
 * @returns `{"file":…,"line":…,"error":{"code":…,"message":…,"exitCode":2}}` and a newline
 *   (`line` 1-based, only for a line of a JSON Lines file or a CSV export that was refused).
 */
function failureLine(
  file: string,
  { code, message }: { code: string; message: string },
  line?: number,
): string {
  const error = { code, message, exitCode: EXIT_USAGE };
  return `${JSON.stringify({ file, ...(line === undefined ? {} : { line }), error })}\n`;
}

function describeError(error: unknown, file: string): string {
  if (SightlineError.isInstance(error)) return inputErrorMessage(error, file);
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EACCES') return `${file}: permission denied.`;
  return `${file}: ${error instanceof Error ? error.message : String(error)}`;
}
