/**
 * The structurer's second chance: the exact verification errors, plus the true lines of the files
 * the rejected diagnosis cited, so the model can copy paths, ranges and quotes instead of guessing.
 */
import { printablePath, type Repository } from '@sightline/codebase';
import { createRepoFileCache } from '../diagnosis/repo-file-cache.js';
import type { ModelDiagnosis } from '../diagnosis/schema.js';
import {
  formatVerificationErrors,
  type VerificationError,
} from '../diagnosis/verification-error.js';

/** Lines of context shown around a cited range. */
const CONTEXT_LINES = 2;
/** Most lines shown per excerpt. */
const MAX_EXCERPT_LINES = 40;

/**
 * Builds the re-ask message.
 * @param errors - failures from `verifyDiagnosis` (or a schema failure).
 * @param rejected - the model part that failed, when it parsed; its cited ranges are shown.
 * @param repository - the repository the diagnosis is about.
 * @returns the user message for the second structurer call.
 */
export async function buildReaskMessage(
  errors: readonly VerificationError[],
  rejected: ModelDiagnosis | undefined,
  repository: Repository,
): Promise<string> {
  const excerpts = rejected ? await citedExcerpts(errors, rejected, repository) : [];
  return [
    'Your JSON failed verification against the repository:',
    formatVerificationErrors(errors),
    ...(excerpts.length > 0
      ? ['', 'The repository actually holds (line numbers, then the line):', ...excerpts]
      : []),
    '',
    'Return the corrected JSON, every field you were asked for. Fix every error: copy paths, line numbers and quotes exactly from the repository. Drop a location you cannot support rather than invent one.',
  ].join('\n');
}

/** Excerpts of the ranges cited by the entries that errors point at (`affectedFiles[i]…`). */
async function citedExcerpts(
  errors: readonly VerificationError[],
  rejected: ModelDiagnosis,
  repository: Repository,
): Promise<string[]> {
  const readFile = createRepoFileCache(repository);
  const seen = new Set<string>();
  const excerpts: string[] = [];
  for (const { path: where } of errors) {
    const match = /^affectedFiles\[(\d+)\](?:\.evidence\[(\d+)\])?/.exec(where);
    const file = match ? rejected.affectedFiles[Number(match[1])] : undefined;
    if (!match || !file) continue;
    const evidence = match[2] === undefined ? undefined : file.evidence[Number(match[2])];
    const cited = evidence ?? file;
    const [start, end] = evidence
      ? [evidence.line, evidence.line + evidence.quote.split('\n').length - 1]
      : file.lines;
    const key = `${cited.path}:${start}-${end}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const read = await readFile(cited.path);
    if (!read.ok || read.lines.length === 0) continue;
    const first = Math.max(1, Math.min(start, read.lines.length) - CONTEXT_LINES);
    const last = Math.min(read.lines.length, end + CONTEXT_LINES, first + MAX_EXCERPT_LINES - 1);
    const numbered = read.lines
      .slice(first - 1, last)
      .map((line, index) => `${first + index}: ${line}`);
    excerpts.push(
      `${printablePath(read.path)} lines ${first}-${last} (of ${read.lines.length}):`,
      ...numbered,
    );
  }
  return excerpts;
}
