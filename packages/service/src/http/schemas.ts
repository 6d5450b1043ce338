/**
 * The JSON API's shapes, as zod schemas: the routes validate with them and the OpenAPI document is
 * generated from them, so the two cannot drift apart. The diagnosis is the investigator's own
 * versioned schema, and the console's client is typed from the routes (see `AppType`), so a field
 * renamed there fails the console's type-check.
 */
import { z } from 'zod';
import {
  ACTIONABLE_REVIEW_LABELS,
  diagnosisSchema,
  type Report,
  suspectSchema,
} from '../adapters/investigator.js';
import { apiReportSchema, INGEST_FORMATS, reportFormatSchema } from '../sources/api-report.js';
import type { SourceField } from '../sources/source-kinds.js';
import { MAX_INBOX_PAGE } from '../store/index.js';
import {
  DIAGNOSIS_OUTCOMES,
  GROUP_PRIORITIES,
  GROUP_STATUSES,
  INVESTIGATION_STATES,
  REPORT_LABELS,
  SOURCE_KINDS,
} from '../vocabulary.js';
import {
  assigneeSchema,
  inboxFilterFieldsSchema,
  inboxSortSchema,
  savedViewNameSchema,
} from '../vocabulary-schemas.js';

export const groupStatusSchema = z.enum(GROUP_STATUSES);
export const groupPrioritySchema = z
  .enum(GROUP_PRIORITIES)
  .describe('urgent, high, medium or low (most pressing first)');

// The report's schema lives with the files source, which checks the reports of files with it too.
export { INGEST_FORMATS, reportFormatSchema };
export const reportLabelSchema = z.enum(REPORT_LABELS);

/** The inbox's filters (each optional): also what a saved view keeps. */
export const inboxFiltersSchema = inboxFilterFieldsSchema
  .extend({
    project: z.string().optional().describe('Project id'),
    source: z
      .string()
      .optional()
      .describe(`Source kind: ${SOURCE_KINDS.join(', ')}, or one a deployment registers`),
  })
  .strict();

export const inboxQuerySchema = inboxFiltersSchema
  .extend({
    sort: inboxSortSchema.optional(),
    limit: z.coerce.number().int().min(1).max(MAX_INBOX_PAGE).optional(),
    cursor: z.string().max(500).optional().describe('nextCursor of the previous page'),
  })
  .strict();

export const savedViewCreateSchema = z
  .object({
    name: savedViewNameSchema.describe('Shown in the console; unique'),
    filters: inboxFiltersSchema.default({}),
    sort: inboxSortSchema.default('newest'),
  })
  .strict();

export const savedViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  filters: inboxFiltersSchema,
  sort: inboxSortSchema,
  createdAt: z.string(),
});

export const savedViewListSchema = z.object({ views: z.array(savedViewSchema) });

export const investigationSchema = z
  .object({
    state: z.enum(INVESTIGATION_STATES),
    reason: z
      .string()
      .nullable()
      .describe(
        'queued: why (new-group, revision-changed, requested) or the failed attempt’s error while retrying; failed: the error; not-investigated: why not',
      ),
    attempts: z.number().int().describe('Attempts of the latest investigation job'),
  })
  .describe('Where the group’s investigation is, computed by the service');

export const groupSummarySchema = z.object({
  id: z.string(),
  projectId: z.string(),
  label: reportLabelSchema,
  status: groupStatusSchema,
  title: z.string(),
  count: z.number().int(),
  firstSeen: z.string(),
  lastSeen: z.string(),
  sources: z.array(z.string()),
  latestDiagnosisVersion: z.number().int().describe('0 while none is stored'),
  investigation: investigationSchema,
  /** The group it was merged into by hand; null: not merged. */
  mergedInto: z.string().nullable(),
  resolvedInRelease: z
    .string()
    .nullable()
    .describe(
      'The newest release its reports came from when it was last resolved: only a report from a later release marks it regressed; null: none known',
    ),
  assignee: z.string().nullable().describe('Who handles it; null: nobody yet'),
  priority: groupPrioritySchema.nullable().describe('null: none set'),
  updatedAt: z.string(),
});

/** A group as an inbox row shows it: the summary plus culprit, root cause, trend and where it happens. */
export const inboxRowSchema = groupSummarySchema.extend({
  culprit: z
    .object({
      function: z.string().nullable(),
      file: z.string(),
      line: z.number().int().nullable().describe('1-based'),
      from: z.enum(['stack', 'diagnosis']),
    })
    .nullable()
    .describe(
      "The top stack frame in the project's repository (function and file), else the diagnosis' cause",
    ),
  rootCause: z.string().nullable().describe("The latest diagnosis' root cause in one sentence"),
  diagnosisOutcome: z
    .enum(DIAGNOSIS_OUTCOMES)
    .nullable()
    .describe(
      "What the latest diagnosis found: verified (its cause's quote and symbol checked in the repository: the evidence exists, not that the cause is right; read it with diagnosisConfidence), unverified (a cause the check could not confirm), no-cause (nothing tied to the report); null: no diagnosis yet",
    ),
  diagnosisConfidence: z
    .number()
    .min(0)
    .max(1)
    .nullable()
    .describe(
      "The latest diagnosis' own confidence in its root cause, 0–1 (not calibrated); null: no diagnosis yet",
    ),
  trend: z
    .array(z.number().int())
    .describe('Reports per UTC day over the last 14 days, oldest first'),
  releases: z.array(z.string()).describe('Releases or app versions, most frequent first (≤ 3)'),
  platforms: z.array(z.string()).describe('Platforms, most frequent first (≤ 3)'),
  environments: z.array(z.string()).describe('Environments, most frequent first (≤ 3)'),
});

export const inboxPageSchema = z.object({
  groups: z.array(inboxRowSchema),
  total: z.number().int(),
  nextCursor: z.string().nullable(),
});

export const reportViewSchema = z.object({
  id: z.string(),
  sourceKind: z.string(),
  sourceId: z.string(),
  receivedAt: z.string(),
  url: z.string().nullable(),
  filename: z.string().nullable(),
  stage: z.string(),
  error: z.string().nullable(),
  raw: z.string().describe('The report as delivered (JSON payloads as JSON text)'),
  parsed: z
    .custom<Report>()
    .nullable()
    .describe('Intake Report: kind, title, body, exceptions with frames (inApp marked)'),
  classification: z
    .object({
      label: reportLabelSchema,
      confidence: z.number(),
      margin: z
        .number()
        .optional()
        .describe(
          'Offline classifiers only: how far the label is from changing, in probability (0..1)',
        ),
      reachedThreshold: z
        .array(z.enum(ACTIONABLE_REVIEW_LABELS))
        .optional()
        .describe(
          'Offline review classifier only: every label whose one-vs-rest probability reached its threshold (a review labelled feature may be a bug report too)',
        ),
      method: z.enum(['offline', 'model']),
      reasons: z.array(z.string()),
      guess: z.literal(true).optional(),
      modelFailure: z
        .string()
        .optional()
        .describe('Why the model was not used when one was asked for (the label is then offline)'),
    })
    .nullable(),
  meta: z.record(z.string(), z.unknown()),
});

/** The outcome of verifying a diagnosis against the repository (the investigator's `VerificationResult`). */
export const verificationResultSchema = z.object({
  ok: z.boolean(),
  verified: z.boolean(),
  reasons: z.array(z.string()),
  diagnosis: diagnosisSchema.optional(),
  errors: z.array(z.object({ code: z.string(), path: z.string(), message: z.string() })),
});

export const diagnosisViewSchema = z.object({
  version: z.number().int(),
  revision: z.string(),
  method: diagnosisSchema.shape.method,
  model: z.string().nullable(),
  reportId: z.string(),
  durationMs: z.number().int(),
  createdAt: z.string(),
  diagnosis: diagnosisSchema.describe(
    'The verified Diagnosis, versioned (see `sightline schema diagnosis`)',
  ),
  suspects: z.array(suspectSchema).describe('The offline localizer’s ranked suspects'),
  verification: verificationResultSchema,
});

export const groupDetailSchema = z.object({
  group: groupSummarySchema,
  releases: z
    .array(
      z.object({
        release: z.string(),
        firstSeen: z.string(),
        lastSeen: z.string(),
        count: z.number().int().describe('Reports of the group from it'),
      }),
    )
    .describe('Releases or app versions its reports came from, newest first'),
  reports: z.array(reportViewSchema).describe('Newest first, at most 50'),
  representative: reportViewSchema
    .nullable()
    .describe(
      'The report the group is investigated from: its stack trace is the group’s (the inbox culprit comes from it too), whether or not it is among the 50 newest; null: no longer stored',
    ),
  diagnoses: z.array(diagnosisViewSchema).describe('Every version, newest first'),
  merged: z
    .array(groupSummarySchema)
    .describe('Groups merged into this one by hand, last merged first (each can be unmerged)'),
});

/** What each parameter of `GET /api/code` takes, said when it is missing or wrong. */
const CODE_PARAMETER_HELP = {
  project: "give the project's id or name (?project=app)",
  path: 'give a repository-relative file path of at most 1000 characters (?path=src/cart.js)',
  line: 'give a whole number from 1 (?line=42)',
};

export const codeQuerySchema = z.strictObject(
  {
    project: z
      .string({ error: CODE_PARAMETER_HELP.project })
      .min(1, { error: CODE_PARAMETER_HELP.project })
      .optional()
      .describe('Project id or name; default: the only project'),
    path: z
      .string({ error: CODE_PARAMETER_HELP.path })
      .min(1, { error: CODE_PARAMETER_HELP.path })
      .max(1000, { error: CODE_PARAMETER_HELP.path })
      .describe('Repository-relative file path'),
    line: z.coerce
      .number({ error: CODE_PARAMETER_HELP.line })
      .int({ error: CODE_PARAMETER_HELP.line })
      .min(1, { error: CODE_PARAMETER_HELP.line })
      .describe('1-based line to show the code around'),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `unknown parameter ${issue.keys.map((key) => JSON.stringify(key)).join(', ')}; the parameters are path, line and project (when the service has several), e.g. ?path=src/cart.js&line=42&project=app`
        : undefined,
  },
);

export const codeContextSchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    path: z.string(),
    line: z.number().int().describe('1-based, clamped to the file'),
    start: z.number().int().describe('1-based line of lines[0]'),
    lines: z.array(z.string()).describe('Withheld lines replaced by a note'),
    withheld: z.array(z.number().int()),
  }),
  z.object({ ok: z.literal(false), code: z.string(), reason: z.string() }),
]);

/** A triage change: each field given is set; `null` (or an empty assignee) clears it. */
const triageFields = {
  status: groupStatusSchema.optional(),
  assignee: z
    .union([assigneeSchema, z.literal('').transform(() => null), z.null()])
    .optional()
    .describe('Name to assign to (1–100 characters); null or empty: unassign'),
  priority: groupPrioritySchema.nullable().optional().describe('null: no priority'),
};

const SOME_CHANGE = 'Give at least one of status, assignee and priority.';
const hasChange = (change: Record<string, unknown>) =>
  ['status', 'assignee', 'priority'].some((field) => change[field] !== undefined);

/** `PATCH /api/groups/:id`: status, assignee and priority, at least one. */
export const groupChangeSchema = z
  .object(triageFields)
  .strict()
  .refine(hasChange, { message: SOME_CHANGE });

/** Groups changed by one bulk request, at most. */
export const MAX_BULK_GROUPS = 200;

/** `PATCH /api/groups`: one triage change of several groups (all or none). */
export const bulkTriageSchema = z
  .object({
    ids: z.array(z.string().min(1)).min(1).max(MAX_BULK_GROUPS).describe('Group ids'),
    ...triageFields,
  })
  .strict()
  .refine(hasChange, { message: SOME_CHANGE });

/** The styles `GET /api/groups/:id/markdown` writes. */
const MARKDOWN_STYLES = ['markdown', 'github'] as const;

export const markdownQuerySchema = z.strictObject(
  {
    style: z
      .enum(MARKDOWN_STYLES, {
        error: (issue) =>
          `unknown style ${JSON.stringify(issue.input)}; use one of ${MARKDOWN_STYLES.join(', ')}`,
      })
      .optional()
      .describe('markdown (default): the report; github: an issue comment'),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `unknown parameter ${issue.keys.map((key) => JSON.stringify(key)).join(', ')}; the only parameter is style (${MARKDOWN_STYLES.join(' or ')}), e.g. ?style=github`
        : undefined,
  },
);

export const reinvestigateSchema = z
  .object({
    model: z
      .string()
      .min(1)
      .optional()
      .describe(
        'Name of a model the operator configured (GET /api/settings lists them); never a URL',
      ),
  })
  .strict();

/**
 * The query of `POST /api/reports`: for a JSON body, the defaults of the reports (and the request)
 * that name none; for any other body, the project, format and file name of its one report.
 */
export const ingestQuerySchema = z
  .object({
    project: z.string().optional().describe('Project id or name; default: the only project'),
    format: reportFormatSchema
      .optional()
      .describe('Intake format of the reports that name none; default auto (detected)'),
    filename: z
      .string()
      .optional()
      .describe('A text body: the name of the file it was read from (helps detect its format)'),
  })
  .strict();

/** Most reports one `POST /api/reports` JSON body holds (its bytes are limited too: `AppLimits.reportBodyBytes`). */
export const MAX_REPORTS_PER_REQUEST = 1000;

export const ingestBodySchema = z
  .object({
    project: z.string().optional().describe('Project id or name; default: the only project'),
    reports: z.array(apiReportSchema).min(1).max(MAX_REPORTS_PER_REQUEST),
  })
  .strict();

/** `POST /api/groups/:id/merge`: the group to merge this one into. */
export const mergeSchema = z.object({ into: z.string().min(1) }).strict();

export const ingestResultSchema = z.object({
  stored: z.number().int(),
  duplicates: z.number().int(),
  /** Known reports delivered with another payload (edited): stored as new revisions. */
  revised: z.number().int(),
  reportIds: z.array(z.string()),
});

export const sourceViewSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  kind: z.string(),
  name: z.string(),
  config: z.unknown().describe('Non-secret settings; credentials are never returned'),
  enabled: z.boolean(),
  pollIntervalMs: z.number().nullable(),
  lastPollAt: z.string().nullable(),
  nextPollAt: z.string().nullable(),
  lastError: z.string().nullable(),
  pollCount: z.number().int(),
  reportCount: z.number().int(),
  webhookPath: z.string(),
});

/** `POST /api/sources`: a source to add (its settings and secrets are checked by its module). */
export const sourceCreateSchema = z
  .object({
    kind: z.string().min(1).describe('Source kind (GET /api/sources/kinds lists them)'),
    name: z.string().trim().min(1).max(100).describe('Unique name'),
    project: z.string().optional().describe('Project id or name; default: the only project'),
    settings: z.record(z.string(), z.unknown()).default({}).describe("The kind's settings"),
    secrets: z
      .record(z.string(), z.string())
      .default({})
      .describe('Credentials: written to the data folder (0600), never returned'),
  })
  .strict();

/** A source kind and what it asks for. */
export const sourceKindSchema = z.object({
  kind: z.string(),
  description: z.string(),
  pollIntervalMs: z.number().nullable(),
  settings: z.array(z.custom<SourceField>()),
  secrets: z.array(z.custom<SourceField>()),
});

/** The outcome of testing a source. */
export const sourceTestSchema = z.object({ ok: z.boolean(), message: z.string() });

/** `POST /api/token/rotate`: the new API token (the old one is refused from now on). */
export const tokenRotationSchema = z.object({ token: z.string() });

export const projectViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  repo: z.string().describe('Repository folder investigations run against'),
  createdAt: z.string(),
});

export const settingsSchema = z.object({
  model: z.string().nullable().describe('Model spec of investigations; null: offline'),
  models: z.array(z.string()).describe('Names a re-investigation may ask for (`model`)'),
  chat: z.boolean().describe('True when the assistant has a model'),
  database: z.enum(['sqlite', 'postgres']),
  budgets: z.object({
    exploreSteps: z.number().int().describe('Agent steps with every tool'),
    deepDiveSteps: z.number().int().describe('Agent steps reading files only'),
  }),
});

export const errorSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

export const healthSchema = z.object({ ok: z.literal(true) });

export const statusSchema = z.object({
  ok: z.boolean(),
  database: z.enum(['sqlite', 'postgres']),
  jobs: z.record(z.string(), z.number()),
  reports: z.record(z.string(), z.number()),
});

/** A group as the inbox lists it. */
export type GroupSummary = z.infer<typeof groupSummarySchema>;
/** A group as an inbox row shows it. */
export type InboxRow = z.infer<typeof inboxRowSchema>;
/** A page of the inbox. */
export type InboxPageView = z.infer<typeof inboxPageSchema>;
/** A group with its reports and every diagnosis. */
export type GroupDetail = z.infer<typeof groupDetailSchema>;
/** A stored report as the API shows it. */
export type ReportView = z.infer<typeof reportViewSchema>;
/** A stored diagnosis version as the API shows it. */
export type DiagnosisView = z.infer<typeof diagnosisViewSchema>;
/** A source with its polling state. */
export type SourceView = z.infer<typeof sourceViewSchema>;
/** `GET /api/health`. */
export type Health = z.infer<typeof healthSchema>;
/** `GET /api/status`. */
export type Status = z.infer<typeof statusSchema>;
/** Filters of `GET /api/groups`. */
export type InboxQueryParams = z.infer<typeof inboxQuerySchema>;
/** Order of the inbox. */
export type InboxSortParam = z.infer<typeof inboxSortSchema>;
/** A saved view (`GET /api/views`). */
export type SavedViewView = z.infer<typeof savedViewSchema>;
/** Body of `POST /api/views`. */
export type SavedViewCreate = z.input<typeof savedViewCreateSchema>;
/** `GET /api/settings`. */
export type Settings = z.infer<typeof settingsSchema>;
