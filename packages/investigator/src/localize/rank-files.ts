/**
 * Weighs each file's signals ({@link scoreFiles}) into one score, demoting tests, auxiliary code,
 * declarations (and source files that only declare types), bundled copies and third-party assets
 * ({@link ROLE_FACTORS}). Exposed on its own
 * so that a caller can explain a ranking signal by signal.
 */
import type { RepositoryIndex } from '@sightline/codebase';
import { fileRole } from '@sightline/codebase/internal';
import {
  declaresOnlyTypes,
  isBundledCopy,
  isThirdPartyAsset,
  ROLE_FACTORS,
  THIRD_PARTY_FACTOR,
} from './file-roles.js';
import type { ReportSignals } from './report-signals.js';
import type { FileSignals } from './score-files.js';

/** Weight of each normalised signal in a file's score (Sightline's own choice). */
export const SIGNAL_WEIGHTS = {
  frame: 1,
  lexical: 0.45,
  symbol: 0.35,
  message: 0.5,
  path: 0.25,
  pageRank: 0.15,
} as const satisfies Record<
  keyof Omit<FileSignals, 'evidence' | 'frameRange' | 'messageRange'>,
  number
>;

/** One scored file: its signals, the role factor applied and the final score. */
export interface RankedFile {
  path: string;
  entry: FileSignals;
  /** The signals' evidence, plus the demotion when one applies. */
  evidence: string[];
  /** The share of the weighted sum the file keeps, in (0, 1] (1 for source files). */
  factor: number;
  /** `factor` × the weighted sum of the signals, rounded to 4 decimals. */
  score: number;
}

/**
 * Scores and ranks files.
 * @param index the repository index.
 * @param files every file's signals, from `scoreFiles`.
 * @param signals the report's signals (whether it is about tests).
 * @returns files with a positive score, highest first (ties by path).
 */
export function rankFiles(
  index: RepositoryIndex,
  files: ReadonlyMap<string, FileSignals>,
  signals: Pick<ReportSignals, 'aboutTests'>,
): RankedFile[] {
  return [...files.entries()]
    .map(([path, entry]): RankedFile => {
      const file = index.files.get(path);
      const ownRole =
        file && isBundledCopy(file, index) ? 'bundle' : fileRole(path, file?.language ?? null);
      const typesOnly = ownRole === 'source' && file !== undefined && declaresOnlyTypes(file);
      const role = typesOnly ? 'declaration' : ownRole;
      const thirdParty = isThirdPartyAsset(path);
      const factor = thirdParty
        ? THIRD_PARTY_FACTOR
        : signals.aboutTests && role === 'test'
          ? 1
          : ROLE_FACTORS[role];
      const weighted =
        SIGNAL_WEIGHTS.frame * entry.frame +
        SIGNAL_WEIGHTS.lexical * entry.lexical +
        SIGNAL_WEIGHTS.symbol * entry.symbol +
        SIGNAL_WEIGHTS.message * entry.message +
        SIGNAL_WEIGHTS.path * entry.path +
        SIGNAL_WEIGHTS.pageRank * entry.pageRank;
      const demotion = thirdParty
        ? 'demoted: third-party asset'
        : typesOnly
          ? 'demoted: declares only types, no code'
          : `demoted: ${role} file`;
      const evidence = factor < 1 ? [...entry.evidence, demotion] : entry.evidence;
      return {
        path,
        entry,
        evidence,
        factor,
        score: Math.round(factor * weighted * 10_000) / 10_000,
      };
    })
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
