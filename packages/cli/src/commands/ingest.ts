/**
 * `sightline ingest FILE…|-`: hands reports to the triage service — to a running one over HTTP
 * (`--url`, `--token`), or straight into its store (`--data` or `--database`), where the service's
 * worker picks them up. Each file is one report; JSON Lines files hold one per line. Every report
 * is checked with the API's schema before anything is sent or stored, whichever the way: a line
 * that is not JSON, whose `text` is empty or with a bad field (`receivedAt`, `url`, `id`) is
 * refused by its line number and the others sent.
 * Over HTTP a file's reports go in as many requests as the API's limits need; one the service
 * refuses as busy (its rate limit) is sent again after the wait it asks for (ingest-retry.ts);
 * when one fails, the message names the lines (or records) stored and those not.
 */
import { printableText } from '@sightline/codebase';
import { redactUrlsIn, SightlineError } from '@sightline/core';
import { decodeReportBytes } from '@sightline/intake';
import type { IngestResult } from '@sightline/service';
import {
  type FileReports,
  fileToRawReports,
  MAX_REPORTS_PER_REQUEST,
  refusalClause,
  reportTextProblem,
} from '@sightline/service/internal';
import type { Command } from 'commander';
import { inputErrorMessage, readInput, readStdin, refuseRepeatedStdin } from '../io/read-input.js';
import { addFormatOptions, type FormatFlags, resolveFormat } from '../options/output-options.js';
import { quietOption } from '../options/quiet-option.js';
import { reportFormatOption } from '../options/report-format-option.js';
import { withServiceLocation } from '../options/service-location-options.js';
import { textArgument } from '../options/text-argument.js';
import { EXIT_OK, EXIT_USAGE } from '../run/exit-codes.js';
import { runAction } from '../run/run-action.js';
import { httpSender, type Sender, storeSender } from './ingest-senders.js';

/** Options of {@link runIngest}. */
export interface IngestCommandOptions {
  files: string[];
  url?: string;
  token?: string;
  data?: string;
  database?: string;
  repo?: string;
  project?: string;
  /** Input format of the files. Default `auto` (detected). */
  reportFormat?: string;
  /** Print one JSON object per file. Default false. */
  json?: boolean;
  /**
   * No progress on stderr (`--quiet`: a wait for a named pipe's writer, for a busy service);
   * refusals and failures still print. Default false.
   */
  quiet?: boolean;
}

/** Where {@link runIngest} reads and writes. */
export interface IngestIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  readStdin: () => Promise<Uint8Array>;
  env: Readonly<Record<string, string | undefined>>;
  fetch?: typeof fetch;
  /** Waits `ms` milliseconds before sending to a busy service again. Default: a timer. */
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Ingests the files.
 * @returns 0, or 2 when a file could not be read or was refused, or a line of one, or a batch of
 *   its reports could not be stored.
 * @throws SightlineError `INVALID_ARGUMENT` for a bad `--url` (not a URL, not http(s), or with a
 *   user name or password: its password is never shown), `--url` with `--database`, an API token
 *   a header cannot carry, or standard input given twice.
 */
export async function runIngest(options: IngestCommandOptions, io: IngestIO): Promise<number> {
  if (options.url && options.database) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message:
        '--url sends the reports to a running service; --database writes them into a store directly. Give one of the two.',
      details: { url: options.url },
    });
  }
  const shownUrl = options.url === undefined ? undefined : redactUrlsIn(options.url);
  if (options.url && !URL.canParse(options.url)) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: `--url ${JSON.stringify(shownUrl)} is not a URL. Give the service's address, e.g. --url http://127.0.0.1:4317.`,
      details: { url: shownUrl },
    });
  }
  const url = options.url ? new URL(options.url) : undefined;
  if (url && !/^https?:$/.test(url.protocol)) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      // Its scheme only: `ops:pw@127.0.0.1` parses as scheme `ops:` with the password in its path.
      message: `--url is not an http(s) address (its scheme is ${JSON.stringify(url.protocol)}). The service listens on HTTP: give e.g. --url http://127.0.0.1:4317.`,
      details: { scheme: url.protocol },
    });
  }
  // Fresh-user trial 31: fetch refuses such a URL with an error that quotes it whole.
  if (url && (url.username || url.password)) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: `--url holds a user name or password (user:password@ before ${url.host}), which the service does not read and errors would show. It takes its API token from --token or SIGHTLINE_API_TOKEN: give --url ${url.protocol}//${url.host}.`,
      details: { url: `${url.protocol}//${url.host}` },
    });
  }
  refuseRepeatedStdin(options.files);
  const files: ReadFile[] = [];
  let failed = 0;
  for (const file of options.files) {
    const name = file === '-' ? 'stdin' : file;
    try {
      const { bytes } = await readInput(file, {
        readStandardInput: io.readStdin,
        ...(options.quiet
          ? {}
          : { onWait: (message: string) => io.stderr(`sightline ingest: ${message}\n`) }),
      });
      const { text, invalid, encoding } = decodeReportBytes(bytes);
      // Refused here as the API refuses it (text in another encoding too: it would be stored with
      // U+FFFD in place of its accented letters), so --data and --database store no bad report.
      const problem = reportTextProblem(text, { invalid, encoding });
      if (problem) {
        throw new SightlineError({
          code: problem.code,
          message: `${name} ${problem.message}`,
          details: { file: name },
        });
      }
      const reports = fileToRawReports(text, {
        ...(file === '-' ? {} : { filename: file }),
        format: options.reportFormat ?? 'auto',
      });
      for (const refusal of reports.refused) {
        const clause = refusalClause(reports.numberedBy, refusal);
        io.stderr(printableText(`sightline ingest: ${name} ${clause}; not ingested.\n`));
      }
      if (reports.refused.length > 0) failed += 1;
      // A text that is not empty holds a report or a refused one (reportTextProblem, fileToRawReports).
      if (reports.reports.length > 0) files.push({ name, ...reports });
    } catch (error) {
      if (!SightlineError.isInstance(error)) throw error;
      failed += 1;
      io.stderr(printableText(`sightline ingest: ${inputErrorMessage(error, name)}\n`));
    }
  }
  // Nothing readable: say only why, without opening a store or reaching a service for nothing.
  if (files.length === 0) return failed > 0 ? EXIT_USAGE : EXIT_OK;
  const send = options.url
    ? httpSender(
        { ...options, url: options.url },
        options.quiet ? { ...io, stderr: undefined } : io,
      )
    : await storeSender(options);
  try {
    for (const file of files) {
      const { result, sent, failure } = await sendFile(send, file);
      if (failure) {
        failed += 1;
        io.stderr(printableText(`sightline ingest: ${file.name}: ${failure}\n`));
      }
      // Escaped: a file name may hold escape codes (fresh-user trial 28); JSON escapes its own.
      if (sent > 0) io.stdout(printableText(summary(file, result, sent, options.json)));
    }
  } finally {
    await send.close();
  }
  return failed > 0 ? EXIT_USAGE : EXIT_OK;
}

/** A file's reports, read and ready to send. */
interface ReadFile extends FileReports {
  /** The file as given, `stdin` for `-`. */
  name: string;
}

/**
 * Sends a file's reports batch by batch, in order, up to the first batch that fails.
 * @returns what the batches sent did, the number of reports they held (stored now or before),
 *   and, when a batch failed, a message saying which reports are stored and which not.
 */
async function sendFile(
  send: Sender,
  file: ReadFile,
): Promise<{ result: IngestResult; sent: number; failure?: string }> {
  const result: IngestResult = { stored: 0, duplicates: 0, revised: 0, reportIds: [] };
  const batches = send.batches(file.reports);
  for (const [index, [start, end]] of batches.entries()) {
    try {
      const batch = await send.ingest(file.reports.slice(start, end));
      result.stored += batch.stored;
      result.duplicates += batch.duplicates;
      result.revised += batch.revised;
      result.reportIds.push(...batch.reportIds);
    } catch (error) {
      if (!SightlineError.isInstance(error)) throw error;
      if (batches.length === 1) return { result, sent: 0, failure: error.message };
      const because = /[.!?]$/.test(error.message) ? error.message : `${error.message}.`;
      const stored = start > 0 ? `${whichReports(file, 0, start)} stored; ` : '';
      const again =
        start > 0
          ? ' Ingest the file again to send the rest: what is stored already is not stored twice.'
          : '';
      return {
        result,
        sent: start,
        failure: `${stored}${whichReports(file, start, file.reports.length)} not stored, as request ${index + 1} of ${batches.length} (${whichReports(file, start, end)}) failed: ${because}${again}`,
      };
    }
  }
  return { result, sent: file.reports.length };
}

/** The reports `start` to `end` (exclusive) of a file by their numbers: `lines 1-1000`, `record 7`. */
function whichReports(file: ReadFile, start: number, end: number): string {
  if (file.numberedBy === 'file') return 'the report';
  const first = file.numbers[start];
  const last = file.numbers[end - 1];
  return first === last ? `${file.numberedBy} ${first}` : `${file.numberedBy}s ${first}-${last}`;
}

/** A file's line of output: what was stored or updated, what was refused, what was not sent. */
function summary(file: ReadFile, result: IngestResult, sent: number, json = false): string {
  const refused = file.refused.length;
  const notStored = file.reports.length - sent;
  if (json) {
    return `${JSON.stringify({
      file: file.name,
      ...result,
      ...(refused > 0 ? { refusedLines: refused } : {}),
      ...(notStored > 0 ? { notStored } : {}),
    })}\n`;
  }
  // An edit of a report already there (same id, new text) is stored as its new revision (trial 20:
  // "0 stored, 0 already there" read as nothing done).
  const updated =
    result.revised > 0 ? `, ${result.revised} updated (a new text of a report already there)` : '';
  return `${file.name}: ${result.stored} stored${updated}, ${result.duplicates} already there${refused > 0 ? `, ${refused} ${file.numberedBy}${refused === 1 ? '' : 's'} refused` : ''}${notStored > 0 ? `, ${notStored} not stored` : ''}\n`;
}

/** Registers `sightline ingest` on the program. */
export function registerIngest(program: Command): void {
  const command = withServiceLocation(
    program
      .command('ingest')
      .description(
        'Hand reports to the triage service: over HTTP (--url) or straight into its store.',
      )
      .argument(
        '<files...>',
        'report files; - reads standard input; .jsonl/.ndjson hold one report per line',
      )
      .option(
        '--url <url>',
        'a running service, e.g. http://127.0.0.1:4317',
        textArgument('the service’s address'),
      )
      .option(
        '--token <token>',
        'its API token (default $SIGHTLINE_API_TOKEN, else the data folder’s api-token)',
        textArgument('an API token'),
      ),
  )
    .option(
      '--project <name>',
      'project the reports belong to (default: the only one)',
      textArgument('a project name'),
    )
    .addOption(reportFormatOption('input format of the files (default: detected)'))
    .addOption(quietOption());
  addFormatOptions(command, { formats: ['text', 'json'], defaultFormat: 'text' })
    .addHelpText(
      'after',
      `
Examples:
  $ sightline ingest crash.txt reviews.jsonl --url http://127.0.0.1:4317
  $ pbpaste | sightline ingest - --repo ~/src/app
  $ sightline ingest issue.md --database postgres://sightline@db/sightline --project app

A file of many reports goes to --url in several requests (at most ${MAX_REPORTS_PER_REQUEST} reports
each). A request refused by the service's rate limit (429, or 503 with Retry-After) is sent
again after the wait it asks for, up to 3 times and 60 s of waiting. If one fails, the lines
stored and those not are named: ingest the file again to send the rest (a report already
stored is not stored twice).

Exit codes: 0 all ingested, 2 some input (a file, a line of JSON Lines) could not be read or was
refused or not stored, or --url was given with --database.`,
    )
    .action(
      runAction(
        async (
          files: string[],
          flags: Omit<IngestCommandOptions, 'files' | 'json'> & FormatFlags,
        ) =>
          runIngest(
            { files, ...flags, json: resolveFormat(flags, 'text') === 'json' },
            {
              stdout: (text) => process.stdout.write(text),
              stderr: (text) => process.stderr.write(text),
              readStdin,
              env: process.env,
            },
          ),
      ),
    );
}
