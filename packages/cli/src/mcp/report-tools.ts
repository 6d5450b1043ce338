/**
 * The report tools that answer at once: `parse_report` (the structured report), `localize`
 * (ranked suspect locations) and `verify_diagnosis` (a diagnosis checked against the repository).
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SightlineError } from '@sightline/core';
import type { Report } from '@sightline/intake';
import {
  formatVerificationErrors,
  localize,
  prepareReport,
  renderSuspects,
  suspectSchema,
  type VerificationResult,
  verifyDiagnosis,
} from '@sightline/investigator';
import { z } from 'zod';
import { reportArgument, reportFormatArgument } from './report-argument.js';
import type { RepositoryContext } from './repository-context.js';
import { guarded, READ_ONLY, toolSuccess } from './tool-response.js';

/** Characters of the report body `parse_report` returns; the body is the report text itself. */
const PARSED_BODY_CHARS = 8_000;

/** The report with its body cut to {@link PARSED_BODY_CHARS} (the caller has the full text). */
function withShortBody(report: Report): Record<string, unknown> {
  if (report.body.length <= PARSED_BODY_CHARS) return { ...report };
  const cut = report.body.length - PARSED_BODY_CHARS;
  return {
    ...report,
    body: `${report.body.slice(0, PARSED_BODY_CHARS)}\n[… ${cut} more characters]`,
  };
}

/**
 * Registers `parse_report`, `localize` and `verify_diagnosis` on `server`.
 * @param server - the MCP server.
 * @param context - the repository they work on.
 */
export function registerReportTools(server: McpServer, context: RepositoryContext): void {
  server.registerTool(
    'parse_report',
    {
      description:
        "Parse a raw bug report into Sightline's structured report: kind (crash, issue, review, text), detected format, title, platform and app version, exceptions with their stack frames innermost first (frames whose file exists in this repository carry inApp: true and repoPath), and the identifiers and file paths the report mentions. Returns the report as JSON; the body is cut to 8,000 characters. Reports over 1,000,000 characters are refused.",
      inputSchema: z.object({ text: reportArgument, format: reportFormatArgument }),
      annotations: READ_ONLY,
    },
    ({ text, format }) =>
      guarded(async () => {
        const report = withShortBody(
          await prepareReport(text, await context.getRepository(), format ? { format } : {}),
        );
        return toolSuccess(JSON.stringify(report, null, 2), report);
      }),
  );

  server.registerTool(
    'localize',
    {
      description:
        "Rank the places in this repository most likely to hold the bug a report describes, without any model: stack frames mapped to repository files, BM25 text match of the report against the code, symbols and paths the report names, and PageRank of the code's reference graph. Returns suspects most suspect first, each with path, 1-based inclusive line range, enclosing symbol, score (comparable within one answer only) and the evidence. A starting point for reading, not a diagnosis: confirm with read_file.",
      inputSchema: z.object({
        report: reportArgument,
        format: reportFormatArgument,
        limit: z
          .number()
          .int()
          .min(1)
          .max(50)
          .optional()
          .describe('Most suspects, 1-50 (at most one per file). Default 10.'),
      }),
      outputSchema: z.object({ suspects: z.array(suspectSchema) }),
      annotations: READ_ONLY,
    },
    ({ report: text, format, limit = 10 }) =>
      guarded(async () => {
        const report = await prepareReport(
          text,
          await context.getRepository(),
          format ? { format } : {},
        );
        const suspects = localize(report, await context.getIndex(), { limit });
        return toolSuccess(
          `Suspects, most suspect first (path:start-end, 1-based):\n${renderSuspects(suspects)}`,
          { suspects },
        );
      }),
  );

  server.registerTool(
    'verify_diagnosis',
    {
      description:
        'Check a diagnosis in the Sightline diagnosis JSON format (read the resource sightline://diagnosis-schema) against this repository, as investigate checks its own: the schema, that every cited path exists and is not a secret or binary file, that line ranges are inside the files, that every quoted line of code is really there (within 3 lines of where it is cited), and that a patch applies (ok, or every problem with the field it is in and what the truth is); then whether evidence backs it (verified: an affected file with role "cause" whose quote matches its own lines and whose symbol is defined there; otherwise the reasons). Correct the diagnosis and check it again.',
      inputSchema: z.object({
        diagnosis: z
          .union([z.string(), z.record(z.string(), z.unknown())])
          .describe('The diagnosis: a JSON object, or its JSON text.'),
      }),
      outputSchema: z.object({
        ok: z.boolean(),
        verified: z.boolean(),
        reasons: z.array(z.string()),
        errors: z.array(z.object({ code: z.string(), path: z.string(), message: z.string() })),
      }),
      annotations: READ_ONLY,
    },
    ({ diagnosis }) =>
      guarded(async () => {
        // With the index, as investigate verifies: the verdict and its reasons are the same.
        const { ok, verified, reasons, errors } = await verifyDiagnosis(
          parseJson(diagnosis),
          await context.getRepository(),
          { index: await context.getIndex() },
        );
        return toolSuccess(describeVerdict({ ok, verified, reasons, errors }), {
          ok,
          verified,
          reasons,
          errors,
        });
      }),
  );
}

/** The tool's text: verified, checked but not backed by evidence (with the reasons), or the problems. */
function describeVerdict({
  ok,
  verified,
  reasons,
  errors,
}: Pick<VerificationResult, 'ok' | 'verified' | 'reasons' | 'errors'>): string {
  if (!ok) {
    return `The diagnosis has ${errors.length} problem${errors.length === 1 ? '' : 's'}:\n${formatVerificationErrors(errors)}`;
  }
  if (verified) {
    return 'The diagnosis is verified: every path, line range, quote and patch checks out against the repository, and a cause entry is backed by a quote of its own lines and its symbol there. This checks that the evidence exists, not that the cause is right.';
  }
  return `The diagnosis checks out against the repository (no invented path, line range, quote or patch) but is not verified: evidence does not back it.\n${reasons.map((reason) => `- ${reason}`).join('\n')}`;
}

/**
 * The diagnosis value: the object itself, or the JSON text parsed.
 * @throws SightlineError `INVALID_ARGUMENT` for text that is not JSON.
 */
function parseJson(diagnosis: string | Record<string, unknown>): unknown {
  if (typeof diagnosis !== 'string') return diagnosis;
  try {
    return JSON.parse(diagnosis);
  } catch (error) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: `The diagnosis is not valid JSON (${error instanceof Error ? error.message : error}). Pass the diagnosis object, or its JSON text.`,
    });
  }
}
