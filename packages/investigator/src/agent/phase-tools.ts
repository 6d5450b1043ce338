/**
 * The phase tools: `suspect` ends exploration with the locations the agent believes in, `conclude`
 * ends the deep-dive with a summary. Their calls are what the funnel watches; their results tell
 * the model what comes next. Like the code tools, they never throw.
 */

import { DEFAULT_LIMITS, resolveInRoot } from '@sightline/codebase';
import { tool } from 'ai';
import { z } from 'zod';

const locationSchema = z.object({
  path: z.string().min(1).describe('Repository-relative file path, exactly as in the repository.'),
  lines: z
    // No readable file has more lines than bytes (zod's int() alone sends ±2^53 bounds).
    .array(z.number().int().min(1).max(DEFAULT_LIMITS.maxFileBytes))
    .length(2)
    .optional()
    .describe('Line range [start, end], 1-based and inclusive, when known.'),
  why: z.string().min(1).describe('Why this location is suspect, in one sentence.'),
});

/** A location the agent names with `suspect`. */
export type SuspectedLocation = z.infer<typeof locationSchema>;

/**
 * Creates the `suspect` and `conclude` tools.
 * @param options.root - real path of the repository root; `suspect` checks that each path exists
 *   there and says so in its result, so an invented path is corrected before the report.
 * @returns AI SDK tools named `suspect` and `conclude`.
 */
export function createPhaseTools({ root }: { root: string }) {
  return {
    suspect: tool({
      description:
        'End exploration: name the locations you believe hold the bug. The deep-dive follows, with the same tools: confirm the lines and trace a bad value back to where it is produced.',
      inputSchema: z.object({ locations: z.array(locationSchema).min(1).max(10) }),
      execute: async ({ locations }) => {
        const missing: string[] = [];
        for (const { path } of locations) {
          const found = await resolveInRoot(root, path).then(
            (resolved) => resolved.isFile,
            () => false,
          );
          if (!found) missing.push(path);
        }
        const warning =
          missing.length > 0
            ? ` These paths are not files in the repository; do not cite them: ${missing.join(', ')}.`
            : '';
        return `Recorded ${locations.length} suspect location(s).${warning} Deep-dive now: read the exact lines, search for where a bad value is produced if needed, then call conclude.`;
      },
    }),
    conclude: tool({
      description:
        'End the deep-dive: summarize the root cause in one paragraph. After this call you write the final report.',
      inputSchema: z.object({
        summary: z
          .string()
          .min(1)
          .describe(
            'The root cause and the fix in one paragraph, or "not found" and what you checked.',
          ),
      }),
      execute: async () => 'Summary recorded. Write the final report next.',
    }),
  };
}
