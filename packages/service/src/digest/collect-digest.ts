/**
 * What a digest says: the groups made, the groups that regressed and the diagnoses finished in a
 * period, each with its project, its investigation state and, when diagnosed, what the diagnosis
 * found (verified, unverified, no cause) and its suspect file and line (the diagnosis' cause, else
 * its first affected file, where the inbox's culprit points: `diagnosisCause`).
 */
import { type GroupInvestigation, groupInvestigation } from '../pipeline/investigation-state.js';
import {
  type DiagnosisRecord,
  diagnosisCause,
  type GroupRecord,
  type Store,
} from '../store/index.js';
import {
  type DiagnosisOutcome,
  diagnosisOutcome,
  type GroupStatus,
  type ReportLabel,
} from '../vocabulary.js';

/** Where a diagnosis puts the bug. */
export interface DigestSuspect {
  /** Repository-relative path. */
  path: string;
  /** The cited range, 1-based and inclusive. */
  lines: [number, number];
  /** The line the diagnosis quotes inside the range (the raised line, for a crash there). */
  line?: number;
  symbol?: string;
}

/** One group in a digest. */
export interface DigestItem {
  groupId: string;
  project: string;
  title: string;
  label: ReportLabel;
  status: GroupStatus;
  /** Reports in the group. */
  count: number;
  investigation: GroupInvestigation;
  /** From the latest diagnosis; absent when there is none. */
  suspect?: DigestSuspect;
  /** What the latest diagnosis found; absent when there is none. */
  outcome?: DiagnosisOutcome;
  /** The latest diagnosis' root cause in one sentence. */
  rootCause?: string;
  /** The latest diagnosis' confidence in its root cause, in [0, 1]. */
  confidence?: number;
  /** Version of the latest diagnosis (0: none). */
  diagnosisVersion: number;
}

/** A section: its items (at most the limit) and how many there were in all. */
export interface DigestSection {
  items: DigestItem[];
  total: number;
}

/** A digest of a period. */
export interface Digest {
  /** Start of the period (exclusive), ISO time. */
  since: string;
  /** End of the period (inclusive), ISO time. */
  until: string;
  newGroups: DigestSection;
  regressions: DigestSection;
  /** Groups with a diagnosis finished in the period (its latest shown). */
  diagnoses: DigestSection;
}

/** True when the digest has nothing in it. */
export function isEmptyDigest(digest: Digest): boolean {
  return digest.newGroups.total + digest.regressions.total + digest.diagnoses.total === 0;
}

/**
 * Collects the digest of a period from the store.
 * @param period.since - start (exclusive), ISO time.
 * @param period.until - end (inclusive), ISO time.
 * @param period.limit - most groups per section. Default 20.
 */
export async function collectDigest(
  store: Store,
  { since, until, limit = 20 }: { since: string; until: string; limit?: number },
): Promise<Digest> {
  const activity = await store.digests.activity({ since, until, limit });
  const projects = new Map(
    (await store.projects.list()).map((project) => [project.id, project.name]),
  );
  const item = async (group: GroupRecord): Promise<DigestItem> => {
    const diagnosis =
      group.latestDiagnosisVersion > 0
        ? (await store.diagnoses.listOfGroup(group.id))[0]
        : undefined;
    const suspect = diagnosis && digestSuspect(diagnosis);
    return {
      groupId: group.id,
      project: projects.get(group.projectId) ?? group.projectId,
      title: group.title,
      label: group.label,
      status: group.status,
      count: group.count,
      investigation: groupInvestigation(group),
      ...(suspect ? { suspect } : {}),
      ...(diagnosis ? { outcome: diagnosisOutcome(diagnosis.diagnosis) } : {}),
      ...(diagnosis
        ? {
            rootCause: diagnosis.diagnosis.rootCause.summary,
            confidence: diagnosis.diagnosis.rootCause.confidence,
          }
        : {}),
      diagnosisVersion: diagnosis?.version ?? 0,
    };
  };
  const section = async ({ groups, total }: { groups: GroupRecord[]; total: number }) => ({
    items: await Promise.all(groups.map(item)),
    total,
  });
  return {
    since,
    until,
    newGroups: await section(activity.newGroups),
    regressions: await section(activity.regressions),
    diagnoses: await section(activity.diagnosed),
  };
}

/**
 * The diagnosis' cause location, else its first affected file, with the line it quotes there
 * (`diagnosisCause`); none when it cites no file (it says nothing could be tied to the report, or
 * a model found no cause): the localizer's ranked suspects are then no answer to send a team to.
 * @param record a stored diagnosis.
 * @returns the suspect, or `undefined`.
 */
export function digestSuspect(
  record: Pick<DiagnosisRecord, 'diagnosis'>,
): DigestSuspect | undefined {
  const cause = diagnosisCause(record.diagnosis);
  if (!cause) return undefined;
  const { path, lines, symbol } = cause.file;
  return {
    path,
    lines,
    ...(cause.line === undefined ? {} : { line: cause.line }),
    ...(symbol ? { symbol } : {}),
  };
}
