/**
 * Keeps what can be verified of a diagnosis: the affected files and suspects that verification
 * rejected are removed and the removal is noted in the root cause's explanation, so one bad
 * location (an empty file, a range past the end of a file changed since it was indexed) never
 * costs the whole diagnosis. Used for diagnoses Sightline writes itself (offline); a model's
 * diagnosis is re-asked instead.
 */
import { printablePath } from '@sightline/codebase';
import type { Diagnosis } from './schema.js';
import type { VerificationError } from './verification-error.js';

const LOCATION = /^(affectedFiles|suspects)\[(\d+)\]/;

/**
 * Removes every affected file and suspect that a verification error points into.
 * @param diagnosis - the diagnosis that failed verification.
 * @param errors - its verification errors.
 * @returns a new diagnosis without those entries (explanation extended with a note naming them),
 *   and how many entries were removed; errors elsewhere (schema, patch) are left for the caller.
 */
export function dropUnverified(
  diagnosis: Diagnosis,
  errors: readonly VerificationError[],
): { diagnosis: Diagnosis; dropped: number } {
  const rejected = { affectedFiles: new Set<number>(), suspects: new Set<number>() };
  const reasons: string[] = [];
  for (const error of errors) {
    const match = LOCATION.exec(error.path);
    if (!match) continue;
    const list = match[1] as keyof typeof rejected;
    const position = Number(match[2]);
    if (rejected[list].has(position)) continue;
    rejected[list].add(position);
    const entry = diagnosis[list][position];
    if (entry) reasons.push(`${printablePath(entry.path)} (${error.message})`);
  }
  const dropped = rejected.affectedFiles.size + rejected.suspects.size;
  if (dropped === 0) return { diagnosis, dropped };
  const note = `Left out because they could not be verified against the repository: ${[...new Set(reasons)].join('; ')}.`;
  return {
    diagnosis: {
      ...diagnosis,
      rootCause: {
        ...diagnosis.rootCause,
        explanation: `${diagnosis.rootCause.explanation} ${note}`,
      },
      affectedFiles: diagnosis.affectedFiles.filter(
        (_, position) => !rejected.affectedFiles.has(position),
      ),
      suspects: diagnosis.suspects.filter((_, position) => !rejected.suspects.has(position)),
    },
    dropped,
  };
}
