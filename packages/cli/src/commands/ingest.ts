/**
 * `sightline ingest FILE…|-`: hands reports to the triage service — to a running one over HTTP
 * (`--url`, `--token`), or straight into its store (`--data` or `--database`), where the service's
 * worker picks them up. Each file is one report; JSON Lines files hold one per line (a line that
 * is not JSON, or whose `text` is empty, is refused by its line number and the others sent).
 */
import fs from 'node:fs';
import path from 'node:path';
import { SightlineError } from '@sightline/core';
import { decodeReportBytes } from '@sightline/intake';
import {
  createPipeline,
  type IngestResult,
  openQueue,
  PIPELINE_POLICIES,
  type RawReport,
  TOKEN_FILE,
} from '@sightline/service';
import {
  fileToRawReports,
  ingestResultSchema,
  reportTextProblem,
} from '@sightline/service/internal';
import type { Command } from 'commander';
import { readInput, readStdin } from '../io/read-input.js';
import { addFormatOptions, type FormatFlags, resolveFormat } from '../options/output-options.js';
import { withServiceLocation } from '../options/service-location-options.js';
import { openServiceStore, pickProject, serviceDataDir } from '../options/service-store.js';
import { textArgument } from '../options/text-argument.js';
import { EXIT_OK, EXIT_USAGE } from '../run/exit-codes.js';
import { runAction } from '../run/run-action.js';

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
}

/** Where {@link runIngest} reads and writes. */
export interface IngestIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  readStdin: () => Promise<Uint8Array>;
  env: Readonly<Record<string, string | undefined>>;
  fetch?: typeof fetch;
}

/** Ingests the files. @returns 0, or 2 when a file could not be read or was refused, or a line of one. */
export async function runIngest(options: IngestCommandOptions, io: IngestIO): Promise<number> {
  if (options.url && options.database) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message:
        '--url sends the reports to a running service; --database writes them into a store directly. Give one of the two.',
      details: { url: options.url },
    });
  }
  if (options.url && !URL.canParse(options.url)) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: `--url ${JSON.stringify(options.url)} is not a URL. Give the service's address, e.g. --url http://127.0.0.1:4317.`,
      details: { url: options.url },
    });
  }
  if (options.url && !/^https?:$/.test(new URL(options.url).protocol)) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: `--url ${JSON.stringify(options.url)} is not an http(s) address. The service listens on HTTP: give e.g. --url http://127.0.0.1:4317.`,
      details: { url: options.url },
    });
  }
  const batches: { name: string; reports: RawReport[]; refused: number }[] = [];
  let failed = 0;
  for (const file of options.files) {
    try {
      const { bytes, name } = await readInput(file, {
        readStandardInput: io.readStdin,
        onPipeWait: (message) => io.stderr(`sightline ingest: ${message}\n`),
      });
      const { text, invalid } = decodeReportBytes(bytes);
      // Refused here as the API refuses it (text in another encoding too: it would be stored with
      // U+FFFD in place of its accented letters), so --data and --database store no bad report.
      const problem = reportTextProblem(text, { invalidBytes: invalid });
      if (problem) {
        throw new SightlineError({ code: problem.code, message: `${name} ${problem.message}` });
      }
      const { reports, refused } = fileToRawReports(text, {
        ...(file === '-' ? {} : { filename: file }),
        format: options.reportFormat ?? 'auto',
      });
      for (const { line, reason } of refused) {
        io.stderr(`sightline ingest: ${name} line ${line} ${reason}; not ingested.\n`);
      }
      if (refused.length > 0) failed += 1;
      if (reports.length > 0) batches.push({ name, reports, refused: refused.length });
      else io.stderr(`sightline ingest: ${name} holds no report to ingest.\n`);
    } catch (error) {
      if (!SightlineError.isInstance(error)) throw error;
      failed += 1;
      io.stderr(`sightline ingest: ${error.message}\n`);
    }
  }
  // Nothing readable: say only why, without opening a store or reaching a service for nothing.
  if (batches.length === 0) return failed > 0 ? EXIT_USAGE : EXIT_OK;
  const send = options.url ? await httpSender(options, io) : await storeSender(options);
  try {
    for (const batch of batches) {
      try {
        const result = await send.ingest(batch.reports);
        const refused = batch.refused > 0 ? { refusedLines: batch.refused } : {};
        io.stdout(
          options.json
            ? `${JSON.stringify({ file: batch.name, ...result, ...refused })}\n`
            : `${batch.name}: ${result.stored} stored, ${result.duplicates} already there${batch.refused > 0 ? `, ${batch.refused} line${batch.refused === 1 ? '' : 's'} refused` : ''}\n`,
        );
      } catch (error) {
        if (!SightlineError.isInstance(error)) throw error;
        failed += 1;
        io.stderr(`sightline ingest: ${batch.name}: ${error.message}\n`);
      }
    }
  } finally {
    await send.close();
  }
  return failed > 0 ? EXIT_USAGE : EXIT_OK;
}

interface Sender {
  ingest(reports: RawReport[]): Promise<IngestResult>;
  close(): Promise<void>;
}

async function httpSender(options: IngestCommandOptions, io: IngestIO): Promise<Sender> {
  const token = options.token ?? io.env.SIGHTLINE_API_TOKEN ?? readTokenFile(options);
  const endpoint = new URL('/api/reports', options.url);
  return {
    async ingest(reports) {
      const body = {
        ...(options.project ? { project: options.project } : {}),
        reports: reports.map((report) => ({
          id: report.sourceId,
          ...('text' in report.payload
            ? { text: report.payload.text }
            : { json: report.payload.json }),
          format: report.format,
          ...(report.filename ? { filename: report.filename } : {}),
          ...(report.url ? { url: report.url } : {}),
          receivedAt: report.receivedAt,
        })),
      };
      let response: Response;
      try {
        response = await (io.fetch ?? fetch)(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify(body),
        });
      } catch (error) {
        throw new SightlineError({
          code: 'INVALID_ARGUMENT',
          message: `Cannot reach ${endpoint.origin}: ${error instanceof Error ? error.message : String(error)}. Is \`sightline serve\` running there?`,
        });
      }
      const answer: unknown = await response.json().catch(() => ({}));
      if (!response.ok) {
        const refusal = (answer as { error?: { message?: string } }).error?.message;
        throw new SightlineError({
          code: 'INVALID_ARGUMENT',
          message: `The service refused the reports (${response.status}): ${refusal ?? response.statusText}`,
        });
      }
      // The API's own answer shape, so --json prints over --url what it prints with --data.
      const result = ingestResultSchema.safeParse(answer);
      if (!result.success) {
        throw new SightlineError({
          code: 'INVALID_ARGUMENT',
          message: `${endpoint.origin} answered ${response.status} but not with the stored reports (no stored, duplicates, revised and reportIds). Is it a Sightline service of this version?`,
        });
      }
      return result.data;
    },
    close: async () => {},
  };
}

function readTokenFile(options: IngestCommandOptions): string {
  const file = path.join(serviceDataDir(options), TOKEN_FILE);
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: `No API token: pass --token, set SIGHTLINE_API_TOKEN, or point --data at the service's data folder (${file} is missing).`,
    });
  }
}

async function storeSender(options: IngestCommandOptions): Promise<Sender> {
  const store = await openServiceStore(options);
  const queue = await openQueue(store, PIPELINE_POLICIES);
  const close = async () => {
    await queue.stop();
    await store.close();
  };
  const project = await pickProject(store, options.project).catch(async (error: unknown) => {
    await close();
    throw error;
  });
  const pipeline = createPipeline({ store, queue });
  return {
    ingest: async (reports) => pipeline.ingest(reports, { projectId: project.id, sourceId: null }),
    close,
  };
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
    .option('--report-format <name>', 'input format of the files (default: detected)');
  addFormatOptions(command, { formats: ['text', 'json'], defaultFormat: 'text' })
    .addHelpText(
      'after',
      `
Examples:
  $ sightline ingest crash.txt reviews.jsonl --url http://127.0.0.1:4317
  $ pbpaste | sightline ingest - --repo ~/src/app
  $ sightline ingest issue.md --database postgres://sightline@db/sightline --project app

Exit codes: 0 all ingested, 2 some input (a file, a line of JSON Lines) could not be read or was
refused, or --url was given with --database.`,
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
