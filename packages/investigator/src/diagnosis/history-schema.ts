/**
 * The history part of a diagnosis (present when the repository is a git checkout and history was
 * not turned off): suspect commits for the top suspect ranges, the regression window the report
 * names, and what limited the reading. Commit text shown here has passed the secret gate.
 */
import { z } from 'zod';

const commitIdSchema = z
  .string()
  .regex(/^[0-9a-f]{40}$/)
  .describe('Full commit id.');

const commitShape = {
  id: commitIdSchema,
  shortId: z.string().min(7).describe('Short commit id (12 characters).'),
  author: z.string().describe('Author name.'),
  date: z.string().describe('Author date, ISO 8601 (UTC).'),
  subject: z.string().describe('First line of the commit message.'),
  url: z
    .string()
    .optional()
    .describe('The commit page on GitHub or GitLab, when the remote is one.'),
};

/** A commit that last changed suspect lines. */
export const suspectCommitSchema = z
  .object({
    ...commitShape,
    score: z
      .number()
      .describe(
        'Ranking score of the fitted suspect-commit ranker (share of suspect lines, suspect rank, recency, size, subject, window); higher is more suspect, comparable within one diagnosis only.',
      ),
    touches: z
      .array(
        z.object({
          path: z.string().describe('Repository-relative path of the suspect range.'),
          lines: z
            .tuple([z.number().int().min(1), z.number().int().min(1)])
            .describe('The suspect range, 1-based and inclusive.'),
          changedLines: z.number().int().min(1).describe('Lines of the range it last changed.'),
        }),
      )
      .describe('The suspect ranges it last changed.'),
    inWindow: z.boolean().optional().describe('True when it lies inside the regression window.'),
  })
  .describe('A suspect commit: it last changed lines of the suspect ranges.');

const windowEndSchema = z.object({
  ref: z.string().describe('What names it: a tag, a commit id as the report wrote it, or HEAD.'),
  id: commitIdSchema,
});

/** A regression window named by the report. */
export const regressionWindowSchema = z
  .object({
    good: windowEndSchema.describe('Last known good version (exclusive).'),
    bad: windowEndSchema.describe('First known bad version (inclusive).'),
    summary: z
      .string()
      .describe(
        '"regressed between v3.1.0 and v3.2.0", or, when the report names only the failing version, "the report names v3.2.0; the changes since v3.1.0, the release before it …".',
      ),
    evidence: z.array(z.string()).describe("The report's words the window was read from."),
    commitCount: z.number().int().min(0).describe('Commits in the window (merges left out).'),
    filesChanged: z.number().int().min(0).describe('Files the window changed.'),
    cut: z.boolean().describe('True when the window held more commits than were read.'),
    commitsTouchingSuspects: z
      .array(
        z.object({
          ...commitShape,
          files: z.array(z.string()).describe('Suspect files it changed.'),
        }),
      )
      .describe('Commits in the window that changed a suspect file, newest first.'),
  })
  .describe('The commit range the report places the regression in.');

/** The history part of a diagnosis. */
export const diagnosisHistorySchema = z
  .object({
    head: commitIdSchema.describe('The commit the repository was at.'),
    suspectCommits: z.array(suspectCommitSchema).describe('Most suspect first.'),
    regressionWindow: regressionWindowSchema.optional(),
    notes: z
      .array(z.string())
      .describe('What limited the reading (a shallow clone, a bounded search), one sentence each.'),
  })
  .describe('What the repository history says: suspect commits and the regression window.');

/** The history part of a diagnosis. */
export type DiagnosisHistory = z.infer<typeof diagnosisHistorySchema>;
/** A suspect commit of a diagnosis. */
export type DiagnosisSuspectCommit = z.infer<typeof suspectCommitSchema>;
/** A regression window of a diagnosis. */
export type DiagnosisRegressionWindow = z.infer<typeof regressionWindowSchema>;
