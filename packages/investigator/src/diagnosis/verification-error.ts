/**
 * What `verifyDiagnosis` reports. Messages are written to be handed back to the model in a re-ask:
 * each says what was wrong and what the repository actually holds.
 */
import type { Diagnosis } from './schema.js';

/** Why a diagnosis failed verification. */
export type VerificationErrorCode =
  /** The value does not match the diagnosis schema. */
  | 'SCHEMA'
  /** `schemaVersion` is not the one this version of Sightline reads. */
  | 'UNSUPPORTED_VERSION'
  /** The path does not exist in the repository. */
  | 'PATH_NOT_FOUND'
  /** The path leads out of the repository root. */
  | 'PATH_OUTSIDE_ROOT'
  /** An absolute path where a repository-relative one is required. */
  | 'PATH_NOT_RELATIVE'
  /** The path is a directory (or another non-file). */
  | 'NOT_A_FILE'
  /** The file is binary: it has no lines to cite. */
  | 'BINARY_FILE'
  /** The file looks like it holds secrets: it is never read or cited. */
  | 'SECRET_FILE'
  /** The file could not be read (permissions): nothing of it can be cited. */
  | 'FILE_UNREADABLE'
  /** A line or range lies past the end of the file. */
  | 'LINES_OUT_OF_RANGE'
  /** The quoted code is not at (or within 3 lines of) the given line. */
  | 'QUOTE_NOT_FOUND'
  /** The patch is not a parseable unified diff. */
  | 'PATCH_INVALID'
  /** The patch does not apply cleanly to the repository. */
  | 'PATCH_DOES_NOT_APPLY'
  /** Nothing invented, but the evidence "verified" requires is missing (re-ask messages only). */
  | 'EVIDENCE_MISSING';

/** One verification failure. */
export interface VerificationError {
  code: VerificationErrorCode;
  /** Where in the diagnosis, e.g. `affectedFiles[0].evidence[1].quote` (`''` for the whole value). */
  path: string;
  /** What is wrong and what the truth is, for a person or a model. */
  message: string;
  /**
   * For `PATH_NOT_FOUND`: the one repository path the cited one most likely means (the only file
   * of that name, or a near misspelling), when there is exactly one.
   */
  suggestion?: string;
}

/** The outcome of `verifyDiagnosis`. */
export interface VerificationResult {
  /**
   * True when the diagnosis matches the schema and every check against the repository passed: no
   * invented path, range, quote or patch.
   */
  ok: boolean;
  /**
   * True when `ok` and the diagnosis is backed by evidence: a `cause` entry with a matching quote
   * inside its range and its symbol in the index there, and, for a model's diagnosis, at least one
   * tool call behind it.
   */
  verified: boolean;
  /** Why an `ok` diagnosis is not `verified`, one sentence each (empty otherwise). */
  reasons: string[];
  /** The parsed diagnosis with its `verification` set, present only when `ok`. */
  diagnosis?: Diagnosis;
  /** Every failure found, in diagnosis order; empty when `ok`. */
  errors: VerificationError[];
}

/**
 * Formats verification errors as a list for a re-ask prompt or a log.
 * @param errors failures from `verifyDiagnosis`.
 * @returns one `- path (CODE): message` line per error.
 */
export function formatVerificationErrors(errors: readonly VerificationError[]): string {
  return errors
    .map(
      ({ code, path, message }) => `- ${path === '' ? '(diagnosis)' : path} (${code}): ${message}`,
    )
    .join('\n');
}
