/**
 * Verifies a diagnosis against its schema and against the repository itself, so that no invented
 * path, line range, quote or patch survives: every path exists inside the root and is a readable
 * file, every range lies within it, every quote is found where it is said to be, and the patch
 * applies cleanly. A diagnosis that passes is then assessed for evidence (`assessEvidence`):
 * verified, or unverified with the reasons. Nothing is written.
 */

import {
  openRepository,
  printablePath,
  type Repository,
  type RepositoryIndex,
} from '@sightline/codebase';
import type { z } from 'zod';
import { assessEvidence } from './assess-evidence.js';
import { findQuote, QUOTE_LINE_TOLERANCE } from './find-quote.js';
import {
  createRepoFileCache,
  type RepoFile,
  type RepoFileCache,
  type RepoFileFailure,
} from './repo-file-cache.js';
import {
  type AffectedFile,
  affectedFileSchema,
  DIAGNOSIS_SCHEMA_VERSION,
  type Diagnosis,
  diagnosisSchema,
  type Evidence,
  isNotFoundDiagnosis,
  suspectSchema,
} from './schema.js';
import type { VerificationError, VerificationResult } from './verification-error.js';
import { verifyPatch } from './verify-patch.js';

export { QUOTE_LINE_TOLERANCE } from './find-quote.js';

/** Longest file line echoed in a message, in characters. */
const ECHO_CHARS = 200;

/** The parts of a diagnosis that are checked against the repository, with their indices. */
interface Checkable {
  affectedFiles: [number, AffectedFile][];
  suspects: [number, z.infer<typeof suspectSchema>][];
  patch: string | undefined;
}

/** Options of {@link verifyDiagnosis}. */
export interface VerifyDiagnosisOptions {
  /**
   * The repository index, to confirm each cause's symbol at its range. Without one, the
   * diagnosis can pass (`ok`) but is never `verified`.
   */
  index?: RepositoryIndex;
}

/**
 * Verifies `diagnosis` against the diagnosis schema and the repository. When the
 * schema check fails, the parts that still parse (single affected files, suspects, the patch) are
 * checked against the repository too, so one re-ask can fix everything. A given `verification`
 * field is ignored and recomputed.
 * @param diagnosis any value, typically a model's output after `assembleDiagnosis`.
 * @param repo the repository folder, or the repository already open (see `openRepository`).
 * @param options see {@link VerifyDiagnosisOptions}.
 * @returns `ok` with the parsed diagnosis (its `verification` set), or every failure with a
 *   message a model can act on.
 * @throws SightlineError `PATH_NOT_FOUND` / `NOT_A_DIRECTORY` when `repo` is not a folder.
 */
export async function verifyDiagnosis(
  diagnosis: unknown,
  repo: string | Repository,
  { index }: VerifyDiagnosisOptions = {},
): Promise<VerificationResult> {
  const repository = await openRepository(repo);
  const version = isRecord(diagnosis) ? diagnosis.schemaVersion : undefined;
  if (typeof version === 'number' && version !== DIAGNOSIS_SCHEMA_VERSION) {
    const message = `diagnosis schema version ${version} is not supported; this Sightline reads version ${DIAGNOSIS_SCHEMA_VERSION}.`;
    return {
      ok: false,
      verified: false,
      reasons: [],
      errors: [{ code: 'UNSUPPORTED_VERSION', path: 'schemaVersion', message }],
    };
  }
  const parsed = diagnosisSchema.omit({ verification: true }).safeParse(diagnosis);
  const errors: VerificationError[] = parsed.success ? [] : schemaErrors(parsed.error);
  const checkable = parsed.success ? fromDiagnosis(parsed.data) : salvage(diagnosis);
  const files = createRepoFileCache(repository);
  errors.push(...(await checkRepository(checkable, repository, files)));
  if (!parsed.success || errors.length > 0) {
    return { ok: false, verified: false, reasons: [], errors };
  }
  if (isNotFoundDiagnosis(parsed.data)) {
    const checked = parsed.data.affectedFiles.length;
    const reasons = [
      `No cause found: the investigation did not establish one${checked > 0 ? ` in the ${checked} place(s) it lists as checked` : ''}, and says so instead of guessing.`,
    ];
    const verification = { verified: false, reasons, notFound: true };
    return {
      ok: true,
      verified: false,
      reasons,
      diagnosis: { ...parsed.data, verification },
      errors,
    };
  }
  const reasons = await assessEvidence(parsed.data, files, index);
  const verification = { verified: reasons.length === 0, reasons };
  return {
    ok: true,
    verified: verification.verified,
    reasons,
    diagnosis: { ...parsed.data, verification },
    errors,
  };
}

/** The error of a cited path that cannot be read, with the one path it likely means, if any. */
function pathError(file: RepoFileFailure, at: string): VerificationError {
  const { code, message, suggestion } = file;
  return { code, path: `${at}.path`, message, ...(suggestion ? { suggestion } : {}) };
}

function schemaErrors(error: z.ZodError): VerificationError[] {
  return error.issues.map((issue) => ({
    code: 'SCHEMA',
    path: formatPath(issue.path),
    message: issue.message,
  }));
}

/** `['affectedFiles', 0, 'lines']` → `affectedFiles[0].lines`. */
function formatPath(segments: readonly PropertyKey[]): string {
  return segments
    .map((segment, index) =>
      typeof segment === 'number' ? `[${segment}]` : `${index === 0 ? '' : '.'}${String(segment)}`,
    )
    .join('');
}

function fromDiagnosis(diagnosis: Omit<Diagnosis, 'verification'>): Checkable {
  return {
    affectedFiles: diagnosis.affectedFiles.map((file, index) => [index, file]),
    suspects: diagnosis.suspects.map((suspect, index) => [index, suspect]),
    patch: diagnosis.proposedChange?.patch,
  };
}

/** The parts of a schema-invalid value that are well-formed on their own. */
function salvage(value: unknown): Checkable {
  const record = isRecord(value) ? value : {};
  const parseEach = <T>(items: unknown, schema: z.ZodType<T>): [number, T][] =>
    (Array.isArray(items) ? items : []).flatMap((item, index) => {
      const result = schema.safeParse(item);
      return result.success ? [[index, result.data] as [number, T]] : [];
    });
  const change = record.proposedChange;
  const patch = isRecord(change) && typeof change.patch === 'string' ? change.patch : undefined;
  return {
    affectedFiles: parseEach(record.affectedFiles, affectedFileSchema),
    suspects: parseEach(record.suspects, suspectSchema),
    patch,
  };
}

async function checkRepository(
  { affectedFiles, suspects, patch }: Checkable,
  repository: Repository,
  files: RepoFileCache,
): Promise<VerificationError[]> {
  const { root } = repository;
  const errors: VerificationError[] = [];
  for (const [index, file] of affectedFiles) {
    const at = `affectedFiles[${index}]`;
    errors.push(...(await checkLocation(files, at, file.path, file.lines)));
    for (const [evidenceIndex, evidence] of file.evidence.entries()) {
      errors.push(...(await checkEvidence(files, `${at}.evidence[${evidenceIndex}]`, evidence)));
    }
  }
  for (const [index, suspect] of suspects) {
    errors.push(...(await checkLocation(files, `suspects[${index}]`, suspect.path, suspect.lines)));
  }
  if (patch !== undefined) {
    if (patch.trim() === '') {
      errors.push({
        code: 'PATCH_INVALID',
        path: 'proposedChange.patch',
        message: 'the patch is empty; give a unified diff or leave the patch out.',
      });
    } else {
      errors.push(...(await verifyPatch(patch, { root, files })));
    }
  }
  return errors;
}

/** Checks that `path` is a readable file and `[start, end]` lies within it. */
async function checkLocation(
  files: RepoFileCache,
  at: string,
  path: string,
  [start, end]: [number, number],
): Promise<VerificationError[]> {
  const file = await files(path);
  if (!file.ok) return [pathError(file, at)];
  if (end <= file.lines.length) return [];
  return [
    {
      code: 'LINES_OUT_OF_RANGE',
      path: `${at}.lines`,
      message: `${printablePath(path)} has ${file.lines.length} lines; lines [${start}, ${end}] are out of range.`,
    },
  ];
}

/** Checks that an evidence quote is found at (or near) its line in its file. */
async function checkEvidence(
  files: RepoFileCache,
  at: string,
  { path, line, quote }: Evidence,
): Promise<VerificationError[]> {
  const file = await files(path);
  if (!file.ok) return [pathError(file, at)];
  const { found, occurrences } = findQuote(file.lines, quote, line, QUOTE_LINE_TOLERANCE);
  if (found) return [];
  const elsewhere =
    occurrences.length === 0
      ? 'the quote does not occur in the file; copy the code exactly from the file.'
      : `the quote occurs at line ${occurrences.slice(0, 5).join(', ')}; fix the line number.`;
  if (line > file.lines.length) {
    return [
      {
        code: 'LINES_OUT_OF_RANGE',
        path: `${at}.line`,
        message: `${printablePath(path)} has ${file.lines.length} lines; line ${line} is out of range; ${elsewhere}`,
      },
    ];
  }
  return [
    {
      code: 'QUOTE_NOT_FOUND',
      path: `${at}.quote`,
      message: `quote not found at ${printablePath(path)}:${line} ±${QUOTE_LINE_TOLERANCE}; line ${line} is: \`${lineText(file, line)}\`; ${elsewhere}`,
    },
  ];
}

/** A line as the secret gate shows it (a withheld line is its note), cut for a message. */
function lineText(file: RepoFile, line: number): string {
  const text = (file.lines[line - 1] ?? '').trim();
  return text.length > ECHO_CHARS ? `${text.slice(0, ECHO_CHARS)}…` : text;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
