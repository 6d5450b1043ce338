/**
 * Joins what the model wrote with what the program knows (report, label, method, suspects, run
 * statistics) into one {@link Diagnosis}.
 */
import { type Report, wholeWordsWithin } from '@sightline/intake';
import { stripLineGutters } from './find-quote.js';
import type { Suspect } from './schema.js';
import {
  DIAGNOSIS_SCHEMA_VERSION,
  type Diagnosis,
  type DiagnosisLabel,
  type DiagnosisStats,
  type ModelDiagnosis,
} from './schema.js';

/**
 * How sure a report's label is, so a reader of the diagnosis can tell a guess from a label (the
 * README's own json5 report reads `question` at 0.42, 0.09 ahead of `bug`).
 */
export interface LabelCertainty {
  /** The classification's confidence, 0–1 (a ranking signal, not a calibrated probability). */
  confidence: number;
  /** An offline classifier's distance from giving another label, 0–1; absent otherwise. */
  margin?: number;
}

/** What the program contributes to a diagnosis. */
export interface DiagnosisContext {
  /** The parsed report. */
  report: Report;
  /** Its classification. */
  label: DiagnosisLabel;
  /** How sure `label` is; recorded as `report.labelConfidence` and `labelMargin`. Default: not recorded. */
  labelCertainty?: LabelCertainty;
  /** `agent` when a model wrote `modelPart`, `offline` when the localizer did. */
  method: Diagnosis['method'];
  /** Offline localizer ranking, most suspect first. */
  suspects: Suspect[];
  /** Cost of the run. */
  stats: DiagnosisStats;
}

/** Longest title taken from a report's first line, in characters. */
const TITLE_CHARS = 120;

/**
 * Builds a full diagnosis from the model's part and the program's context. `null` values of the
 * model schema (no symbol, no patch) become absent fields, and line-number gutters a model copied
 * from `read_file` output are stripped from quotes. Nothing is checked here: pass the result
 * to `verifyDiagnosis`.
 * @param modelPart output of `modelDiagnosisSchema` (AI SDK `Output.object`) or an offline
 *   equivalent.
 * @param context report, label, method, suspects and statistics.
 * @returns the diagnosis with `schemaVersion` {@link DIAGNOSIS_SCHEMA_VERSION}; the report title is
 *   the report's title, else its first non-empty body line (at most 120 characters, cut before
 *   the word the cut would split), else its id.
 */
export function assembleDiagnosis(
  modelPart: ModelDiagnosis,
  { report, label, labelCertainty, method, suspects, stats }: DiagnosisContext,
): Diagnosis {
  const firstLine = report.body
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line !== '');
  return {
    schemaVersion: DIAGNOSIS_SCHEMA_VERSION,
    report: {
      id: report.id,
      title:
        report.title?.trim() ||
        (firstLine && wholeWordsWithin(firstLine, TITLE_CHARS).trim()) ||
        report.id,
      kind: report.kind,
      label,
      ...(labelCertainty ? { labelConfidence: labelCertainty.confidence } : {}),
      ...(labelCertainty?.margin === undefined ? {} : { labelMargin: labelCertainty.margin }),
    },
    method,
    rootCause: modelPart.rootCause,
    affectedFiles: modelPart.affectedFiles.map(({ symbol, evidence, ...file }) => {
      const quotes = evidence.map((quoted) => ({
        ...quoted,
        quote: stripLineGutters(quoted.quote),
      }));
      return symbol === null
        ? { ...file, evidence: quotes }
        : { ...file, symbol, evidence: quotes };
    }),
    proposedChange:
      modelPart.proposedChange === null
        ? null
        : modelPart.proposedChange.patch === null
          ? { description: modelPart.proposedChange.description }
          : {
              description: modelPart.proposedChange.description,
              patch: modelPart.proposedChange.patch,
            },
    complexity: modelPart.complexity,
    risk: modelPart.risk,
    riskRationale: modelPart.riskRationale,
    suspects,
    stats,
  };
}
