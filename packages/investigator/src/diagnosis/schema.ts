/**
 * The diagnosis schema: what an investigation produces, versioned, with every field described for
 * the model that fills it. Two views of one shape:
 *
 * - {@link diagnosisSchema}: the whole stored/printed `Diagnosis` (version, report, method,
 *   suspects and run statistics included), exported as JSON Schema by {@link diagnosisJsonSchema}.
 * - {@link modelDiagnosisSchema}: only the part a model writes (stage 2, AI SDK `Output.object`).
 *   It is shaped for OpenAI strict structured outputs, which need every property required (absent
 *   values as `null`, not optional), no tuples (`prefixItems` / array-form `items` are rejected)
 *   and a root object (ai-sdk.dev/docs/troubleshooting/no-object-generated-content-filter;
 *   pydantic/pydantic-ai#7315). The AI SDK turns zod 4 into draft-07 JSON Schema with
 *   `io: 'input'` and adds `additionalProperties: false` itself. It carries no refinements: the
 *   semantic checks (start ≤ end, paths, quotes) are made by `verifyDiagnosis`, whose messages can
 *   be given back to the model.
 */

import type { ReportKind } from '@sightline/intake';
import { CLASSIFICATION_LABELS } from '@sightline/intake/labels';
import { z } from 'zod';
import { diagnosisHistorySchema } from './history-schema.js';

/** Version of the diagnosis format; bump on any incompatible change. */
export const DIAGNOSIS_SCHEMA_VERSION = 1;

/** Report kinds, as in `intake/types.ts`. */
export const REPORT_KINDS = ['review', 'crash', 'issue', 'text'] as const;

/**
 * Labels a report can be classified with: intake's classification labels, so a diagnosis carries
 * the label `sightline triage` and the service give the same report.
 */
export const DIAGNOSIS_LABELS = CLASSIFICATION_LABELS;

/** Label of a classified report. */
export type DiagnosisLabel = (typeof DIAGNOSIS_LABELS)[number];

/**
 * Complexity and risk levels; `unknown` when no cause was established (a "Not found" diagnosis),
 * since neither the effort nor the risk of a fix to an unknown cause can be rated.
 */
const levels = ['low', 'medium', 'high', 'unknown'] as const;

const pathSchema = z
  .string()
  .min(1)
  .describe(
    'Repository-relative file path with "/" separators, exactly as it exists in the repository (e.g. "src/user/profile.ts"). Never absolute, never "..".',
  );

const lineNumberSchema = z.number().int().min(1);

/** A 1-based inclusive line range `[start, end]` with start ≤ end. */
export const lineRangeSchema = z
  .tuple([lineNumberSchema, lineNumberSchema])
  .refine(([start, end]) => start <= end, {
    error: (issue) => {
      const [start, end] = issue.input as [number, number];
      return `start line ${start} is after end line ${end}; give [start, end] with start <= end`;
    },
  })
  .describe('Line range [start, end], 1-based and inclusive, start <= end.');

/** The same range as the model writes it: a two-element array (tuples break OpenAI strict mode). */
const modelLineRangeSchema = z
  .array(lineNumberSchema)
  .length(2)
  .pipe(z.tuple([lineNumberSchema, lineNumberSchema]))
  .describe('Line range [start, end], 1-based and inclusive, start <= end.');

/** A verbatim quote of repository code that supports a claim. */
export const evidenceSchema = z
  .object({
    path: pathSchema,
    line: lineNumberSchema.describe('1-based line number where the quote starts.'),
    quote: z
      .string()
      .min(1)
      .describe(
        'Code copied verbatim from that line (one or more whole or partial lines; whitespace may differ). No paraphrase, no "...", no line numbers.',
      ),
  })
  .describe('A quote of repository code backing the claim; it is checked against the file.');

/** The part an affected file plays in the bug. */
const roleSchema = z
  .enum(['cause', 'symptom', 'related'])
  .describe(
    '"cause": where the defect is and the fix goes; "symptom": where the failure surfaces (e.g. the throwing frame); "related": code the fix must keep consistent.',
  );

const modelAffectedFileSchema = z
  .object({
    path: pathSchema,
    lines: modelLineRangeSchema,
    symbol: z
      .string()
      .nullable()
      .describe('Function, method or class at those lines, or null when none applies.'),
    role: roleSchema,
    evidence: z
      .array(evidenceSchema)
      .describe(
        'Quotes from the repository that support this location (at least one for a cause).',
      ),
  })
  .describe('A file and line range involved in the bug.');

/** One file and line range involved in the bug, with its role and evidence. */
export const affectedFileSchema = modelAffectedFileSchema
  .extend({
    lines: lineRangeSchema,
    symbol: z.string().optional().describe('Function, method or class at those lines.'),
  })
  .describe('A file and line range involved in the bug.');

const rootCauseSchema = z
  .object({
    summary: z.string().min(1).describe('One sentence naming the defect and where it is.'),
    explanation: z
      .string()
      .min(1)
      .describe('How the defect produces the reported behaviour, step by step, citing code.'),
    confidence: z
      .number()
      .min(0)
      .max(1)
      .describe('Probability that this root cause is right, from 0 (guess) to 1 (certain).'),
  })
  .describe('The root cause of the reported problem.');

const patchDescription =
  'The change as a unified diff against the repository ("--- a/path", "+++ b/path", "@@" hunks with exact context lines); it must apply cleanly.';

const modelProposedChangeSchema = z
  .object({
    description: z.string().min(1).describe('What to change and why it fixes the root cause.'),
    patch: z.string().nullable().describe(`${patchDescription} Null when no patch is given.`),
  })
  .nullable()
  .describe('The proposed fix, or null when none can be proposed with confidence.');

const proposedChangeSchema = z
  .object({
    description: z.string().min(1).describe('What to change and why it fixes the root cause.'),
    patch: z.string().optional().describe(patchDescription),
  })
  .nullable()
  .describe('The proposed fix, or null when none was proposed.');

const assessmentShape = {
  complexity: z
    .enum(levels)
    .describe(
      'Effort of the fix: low (a few lines, one place), medium, high (design change); unknown only when no cause was found.',
    ),
  risk: z
    .enum(levels)
    .describe(
      'Risk that the fix breaks something else: low, medium or high; unknown only when no cause was found.',
    ),
  riskRationale: z.string().min(1).describe('Why the risk is what it is: callers, data, tests.'),
};

/**
 * The part of a diagnosis a model writes. Shaped for OpenAI strict structured outputs (see the
 * module header); pass it to AI SDK `Output.object({ schema: modelDiagnosisSchema })`.
 */
export const modelDiagnosisSchema = z
  .object({
    rootCause: rootCauseSchema,
    affectedFiles: z
      .array(modelAffectedFileSchema)
      .describe('Files and line ranges involved, the cause first.'),
    proposedChange: modelProposedChangeSchema,
    ...assessmentShape,
  })
  .describe('Diagnosis of a bug report against a repository.');

/** A ranked suspect location from the offline localizer (see {@link Suspect}). */
export const suspectSchema = z
  .object({
    path: pathSchema,
    lines: lineRangeSchema,
    symbol: z.string().optional().describe('Function, method or class at those lines.'),
    score: z
      .number()
      .describe('Ranking score, higher is more suspect; comparable within one ranking only.'),
    evidence: z
      .array(z.string())
      .describe('Why this location is suspect, one short sentence each.'),
    twins: z
      .array(pathSchema)
      .optional()
      .describe('Other files holding the same code (a .mjs beside a .js, a compiled copy).'),
    untied: z
      .literal(true)
      .optional()
      .describe(
        'Present when only chance ties it to the report: no stack frame, path, name or message of the report is in it and it shares fewer than two of its words, or the report as a whole reads as about other code (the tie model; its reason is in `evidence`). Never cited as a cause offline.',
      ),
  })
  .describe('A suspect location ranked by the offline localizer.');

const phaseStatsSchema = z
  .object({
    steps: z.number().int().min(0).describe('Model steps run in this phase.'),
    toolCalls: z.number().int().min(0).describe('Tool calls made in this phase.'),
    inputTokens: z.number().int().min(0).describe('Input tokens used in this phase.'),
    outputTokens: z.number().int().min(0).describe('Output tokens used in this phase.'),
    cachedInputTokens: z
      .number()
      .int()
      .min(0)
      .optional()
      .describe('Input tokens the provider reported as read from its prompt cache.'),
    cacheWriteTokens: z
      .number()
      .int()
      .min(0)
      .optional()
      .describe('Input tokens the provider reported as written to its prompt cache.'),
  })
  .describe('Work done in one phase of the run.');

const statsSchema = z
  .object({
    toolCalls: z.number().int().min(0).describe('Tool calls made in the whole run.'),
    codeToolCalls: z
      .number()
      .int()
      .min(0)
      .optional()
      .describe(
        'Of the tool calls, those that read the repository and succeeded (not suspect or conclude, not an error); absent in diagnoses made before it was counted.',
      ),
    byPhase: z
      .record(z.string(), phaseStatsSchema)
      .describe('Per phase ("explore", "deep-dive", "output", "structure", …).'),
    inputTokens: z.number().int().min(0).describe('Input tokens used in the whole run.'),
    outputTokens: z.number().int().min(0).describe('Output tokens used in the whole run.'),
    cachedInputTokens: z
      .number()
      .int()
      .min(0)
      .optional()
      .describe('Input tokens read from prompt caches in the whole run, as providers report them.'),
    cacheWriteTokens: z
      .number()
      .int()
      .min(0)
      .optional()
      .describe('Input tokens written to prompt caches in the whole run.'),
    costUsd: z
      .number()
      .min(0)
      .optional()
      .describe(
        "Estimated cost in US dollars from the models' list prices (see their profiles); absent when a model has no known price.",
      ),
    durationMs: z.number().min(0).describe('Wall-clock duration of the run, in milliseconds.'),
    model: z
      .string()
      .optional()
      .describe('Model id, e.g. "anthropic:claude-sonnet-4-5"; absent offline.'),
  })
  .describe('Cost of the run.');

/**
 * What verification established (set by `verifyDiagnosis`). Verified means: at least one `cause`
 * entry has a quote inside its line range that matches the file, its symbol is defined in the
 * repository index at that range (an entry may name none only in a file the index knows no
 * definition in: configuration, prose), and, for a model's diagnosis, at least one tool call
 * stands behind it.
 */
const verificationSchema = z
  .object({
    verified: z.boolean().describe('True when the diagnosis is backed by evidence (see reasons).'),
    reasons: z
      .array(z.string())
      .describe('Why it is not verified, one sentence each; empty when verified.'),
    notFound: z
      .boolean()
      .optional()
      .describe(
        'True when the investigation established no cause and says so (a "Not found:" root cause with no cause entry): an honest outcome, not a failed check.',
      ),
  })
  .describe('Whether the diagnosis is backed by evidence from the repository.');

/** The whole diagnosis, as stored and printed. */
export const diagnosisSchema = z
  .object({
    schemaVersion: z.literal(DIAGNOSIS_SCHEMA_VERSION).describe('Version of this format.'),
    report: z
      .object({
        id: z.string().min(1).describe('Report id (content hash or the source id).'),
        title: z.string().describe('Report title or its first line.'),
        kind: z.enum(REPORT_KINDS).describe('What kind of report it was.'),
        label: z.enum(DIAGNOSIS_LABELS).describe('Classification of the report.'),
        labelConfidence: z
          .number()
          .min(0)
          .max(1)
          .optional()
          .describe(
            'How sure the classification is, 0–1 (a ranking signal, not a calibrated probability); absent in diagnoses made before it was recorded.',
          ),
        labelMargin: z
          .number()
          .min(0)
          .max(1)
          .optional()
          .describe(
            "The offline classifier's distance from giving another label, in probability (0–1); absent for the crash rule and a model's label.",
          ),
      })
      .describe('The report that was diagnosed.'),
    method: z
      .enum(['agent', 'offline'])
      .describe(
        '"agent": a model investigated; "offline": ranked by the localizer without a model.',
      ),
    rootCause: rootCauseSchema,
    affectedFiles: z
      .array(affectedFileSchema)
      .describe('Files and line ranges involved, the cause first.'),
    proposedChange: proposedChangeSchema,
    ...assessmentShape,
    suspects: z.array(suspectSchema).describe('Offline localizer ranking, most suspect first.'),
    stats: statsSchema,
    verification: verificationSchema.optional(),
    history: diagnosisHistorySchema
      .optional()
      .describe(
        'Suspect commits and regression window; absent without git history or with it turned off.',
      ),
    warnings: z
      .array(z.string())
      .optional()
      .describe(
        'What limited the investigation, one sentence each saying what to do: a git history git refused to read (so no history part), files the index could not take; absent when nothing did.',
      ),
  })
  .meta({
    title: 'Sightline diagnosis',
    description: 'Diagnosis of a bug report against a repository, verified against its files.',
  });

/** How the root cause summary of a diagnosis that found no cause begins. */
export const NOT_FOUND_PREFIX = 'Not found:';

/**
 * True for a diagnosis that establishes no cause and says so: its root cause summary begins with
 * {@link NOT_FOUND_PREFIX} and no affected file has the role `cause`.
 */
export function isNotFoundDiagnosis(diagnosis: {
  rootCause: { summary: string };
  affectedFiles: readonly { role: string }[];
}): boolean {
  return (
    diagnosis.rootCause.summary.startsWith(NOT_FOUND_PREFIX) &&
    diagnosis.affectedFiles.every((file) => file.role !== 'cause')
  );
}

/** A verbatim code quote. */
export type Evidence = z.infer<typeof evidenceSchema>;
/** One affected file of a diagnosis. */
export type AffectedFile = z.infer<typeof affectedFileSchema>;
/**
 * A ranked suspect location produced by the offline localizer: repository-relative `path`,
 * 1-based inclusive `lines`, optional `symbol`, a `score` comparable within one ranking only, and
 * `evidence` (one short human-readable sentence per reason).
 */
export type Suspect = z.infer<typeof suspectSchema>;
/** Per-phase statistics of a run. */
export type PhaseStats = z.infer<typeof phaseStatsSchema>;
/** Statistics of a run. */
export type DiagnosisStats = z.infer<typeof statsSchema>;
/** A verified-shape diagnosis. */
export type Diagnosis = z.infer<typeof diagnosisSchema>;
/** What verification established about a diagnosis. */
export type DiagnosisVerification = z.infer<typeof verificationSchema>;
/** What the model writes (after parsing: line ranges are tuples, absent values are `null`). */
export type ModelDiagnosis = z.output<typeof modelDiagnosisSchema>;

/** True when A and B are mutually assignable. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Fails to compile unless `T` is `true`. */
type Assert<T extends true> = T;
// Compile-time proof that the schema matches intake's report kinds: a drift fails typecheck here.
type _ReportKindMatchesIntake = Assert<Same<Diagnosis['report']['kind'], ReportKind>>;

/**
 * The diagnosis format as JSON Schema (draft 2020-12), for `sightline schema diagnosis` and for
 * consumers in other languages.
 * @returns a fresh JSON Schema object.
 */
export function diagnosisJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(diagnosisSchema, { target: 'draft-2020-12' }) as Record<string, unknown>;
}
