/**
 * `investigate`: the main job over MCP. Without a model the offline localizer writes the
 * diagnosis in about a second; with the model the server was started with (`--model` or
 * `SIGHTLINE_MODEL`) the agent investigates, which takes minutes, so the tool reports progress
 * when the client asked for it (a `progressToken` in the request's `_meta`). It uses the server's
 * index (kept fresh by its watcher), stops when the client cancels the request, and when the
 * model's diagnosis fails verification still hands the client the model's unverified report.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { SightlineError } from '@sightline/core';
import {
  diagnosisSchema,
  type InvestigateProgress,
  investigate,
  renderDiagnosisMarkdown,
} from '@sightline/investigator';
import { z } from 'zod';
import { describeProgress } from '../format/describe-progress.js';
import { reportArgument, reportFormatArgument } from './report-argument.js';
import type { RepositoryContext } from './repository-context.js';
import { toolFailure, toolSuccess } from './tool-response.js';

/**
 * Registers `investigate` on `server`.
 * @param server - the MCP server.
 * @param context - the repository, and the models the server was started with.
 */
export function registerInvestigateTool(server: McpServer, context: RepositoryContext): void {
  const { model, structurer } = context.models;
  const how = model
    ? 'This server runs its own model agent: it reads the code with its own tools for up to a few minutes and reports progress.'
    : 'This server has no model: the offline localizer writes the diagnosis from its top suspects in about a second; treat its root cause as a lead to confirm with read_file.';
  server.registerTool(
    'investigate',
    {
      description: `Investigate a bug report against this repository and return a diagnosis verified against its files: summary, root cause, affected files with 1-based line ranges and verbatim code quotes, proposed change, complexity and risk, plus the ranked suspects and, in a git checkout, the suspect commits (who last changed the suspect lines) and the regression window the report names. ${how} Returns the diagnosis as Markdown text and as JSON (schema: resource sightline://diagnosis-schema).`,
      inputSchema: z.object({ report: reportArgument, format: reportFormatArgument }),
      outputSchema: diagnosisSchema,
      annotations: { readOnlyHint: true, openWorldHint: model !== undefined },
    },
    async ({ report, format }, extra) => {
      const progressToken = extra._meta?.progressToken;
      let step = 0;
      const onProgress = (event: InvestigateProgress) => {
        const message = describeProgress(event);
        if (progressToken === undefined || message === undefined) return;
        step += 1;
        void extra
          .sendNotification({
            method: 'notifications/progress',
            params: { progressToken, progress: step, message },
          })
          .catch(() => {
            // The client went away; the investigation's result will not be read either.
          });
      };
      try {
        const { diagnosis } = await investigate({
          repo: context.root,
          report,
          ...(format ? { format } : {}),
          ...(model ? { model } : {}),
          ...(structurer ? { structurer } : {}),
          index: await context.getIndex(),
          // `--no-cache` writes no commit-graph either (the index is given, so only that).
          ...(context.cacheDir !== undefined ? { cacheDir: context.cacheDir } : {}),
          history: context.history,
          onProgress,
          abortSignal: extra.signal,
        });
        return toolSuccess(renderDiagnosisMarkdown(diagnosis), { ...diagnosis });
      } catch (error) {
        return withUnverifiedReport(error);
      }
    },
  );
}

/**
 * The tool error for a failed investigation; when the model wrote a report before the failure
 * (verification failed, or the structurer call failed), with that unverified Markdown report as a second block, as
 * `sightline investigate` keeps it in a `.unverified.md` file.
 */
function withUnverifiedReport(error: unknown): CallToolResult {
  const markdown = SightlineError.isInstance(error) ? error.details.markdown : undefined;
  if (typeof markdown !== 'string' || markdown.trim() === '') return toolFailure(error);
  return toolFailure(
    error,
    `The model's unverified report follows; nothing in it was checked against the repository, so confirm each claim with read_file.\n\n${markdown}`,
  );
}
