/**
 * Cross-validation folds grouped by repository: every report about one repository (or npm
 * package) falls in the same fold, so a model is always measured on projects it was not fitted
 * on — the generalization that matters for reports from repositories Sightline has never seen.
 * The development set is one fold of its own (issue #33), with any other report about one of its
 * repositories; the other repositories are spread over `folds` folds by a hash of their name
 * (deterministic, independent of the order the cases are read in).
 */
import { createHash } from 'node:crypto';

/** What fold assignment reads of a case. */
export interface FoldMember {
  id: string;
  /** The repository (`owner/name`) or npm package the report is about. */
  group: string;
  /** The case's set (`dev`, `shared`, `swe-bench-lite`, `corpus`, …). */
  set: string;
}

/** The name of the development set's fold. */
export const DEV_FOLD = 'dev';

/**
 * Assigns each case a fold.
 * @param members - the cases.
 * @param folds - folds besides the development set's. Default 5.
 * @returns case id → fold name (`dev`, `fold-1` … `fold-<folds>`).
 */
export function groupedFolds(members: readonly FoldMember[], folds = 5): Map<string, string> {
  const devGroups = new Set(
    members.filter((member) => member.set === 'dev').map((member) => member.group),
  );
  const assigned = new Map<string, string>();
  for (const member of members) {
    if (devGroups.has(member.group)) {
      assigned.set(member.id, DEV_FOLD);
      continue;
    }
    const hash = createHash('sha256').update(member.group.toLowerCase()).digest();
    assigned.set(member.id, `fold-${(hash.readUInt32BE(0) % folds) + 1}`);
  }
  return assigned;
}
