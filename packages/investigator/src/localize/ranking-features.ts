/**
 * The features of a (file, report) pair that the learned ranking weighs ({@link BASE_FEATURES};
 * derived-features.ts adds their interactions):
 * every signal of {@link scoreFiles} as it is (each already in [0, 1]), and indicators for what
 * the localizer used to demote by hand — the file's role (test, auxiliary, declaration or
 * types-only, bundled copy, other non-source) and third-party assets — so that how much each role
 * costs is learned with the rest. `outsideTrace` marks a file that a report with in-app frames
 * never points into: text matching then competes with the trace, and the model learns by how much.
 * `stringTable` marks UI string tables and help texts, `size` the file's length. `titleLexical` and
 * `titleName` read the report's title alone (its BM25F match, how much of the file's name it uses:
 * title-name.ts), which the whole report's lexical match dilutes over the body.
 *
 * This is the feature design of learning to rank for bug localization (Ye, Bunescu & Liu, "Learning
 * to Rank Relevant Files for Bug Reports using Domain Knowledge", FSE 2014): one vector of
 * independent similarity and domain signals per candidate file, combined by a weight vector learned
 * from past fixes. The frame decay inside `frame` (`FRAME_DECAY`) stays a fixed shape; the
 * innermost frame and helper frames get their own indicators, so the model can move weight between
 * the throw site and its callers — `callerFrame` is the nearest in-app frame above the throw site
 * in another file, where a bad value often comes from (failure class 1 of issue #33).
 */
import type { RepositoryIndex } from '@sightline/codebase';
import { codeFoldersOf, fileRole } from '@sightline/codebase/internal';
import { declaresOnlyTypes, isBundledCopy, isThirdPartyAsset } from './file-roles.js';
import type { ReportSignals } from './report-signals.js';
import type { FileSignals } from './score-files.js';

/** The signals of {@link FileSignals} that are features as they are. */
const SIGNAL_FEATURES = [
  'frame',
  'throwSite',
  'helperFrame',
  'callerFrame',
  'lexicalFile',
  'lexicalDefinition',
  'symbol',
  'message',
  'path',
  'pageRank',
  'titleLexical',
  'titleName',
] as const satisfies readonly (keyof FileSignals)[];

/** The role indicators, one of which is set for a file that is not plain source. */
const ROLE_FEATURES = [
  'test',
  'auxiliary',
  'declaration',
  'bundle',
  'other',
  'thirdParty',
] as const;

/**
 * The features read off a file's signals and role, in the order of {@link featureVector}'s vector.
 * The model weighs these and the interactions of derived-features.ts (`RANKING_FEATURES`).
 */
export const BASE_FEATURES = [
  ...SIGNAL_FEATURES,
  'outsideTrace',
  ...ROLE_FEATURES,
  'stringTable',
  'size',
] as const;

/** One base feature's name. */
export type BaseFeature = (typeof BASE_FEATURES)[number];

/**
 * `size` is log(1 + lines) / log(1 + this), capped at 1: a file of 10,000 lines or more is 1. Longer
 * files hold more defects (the file-length factor of BugLocator, Zhou et al., ICSE 2012); the
 * model learns how much that matters next to the report's own signals.
 */
const SIZE_SCALE_LINES = 10_000;

/**
 * UI string tables, message catalogues and CLI help texts: `locales/`, `i18n/`, `strings.xml`,
 * `.po`, `.properties`, `.resx`, `.strings`, `.arb`, `messages_fr.json`, `help.txt`. They share a
 * report's words (the message a user saw) without holding the code that misbehaves (failure class
 * 7 of issue #33).
 */
const STRING_TABLE =
  /(?:^|\/)(?:locales?|i18n|l10n|translations?|lang|langs|messages)\/|(?:^|\/)(?:strings|messages|help)(?:[-_.][\w-]+)?\.(?:xml|json|ya?ml|txt|properties|resx|strings)$|\.(?:po|pot|resx|strings|stringsdict|xliff|xlf|arb|properties)$/i;

/**
 * Whether a file is a string table, a message catalogue or a help text (see {@link STRING_TABLE}).
 * @param path - repository-relative path.
 */
export function isStringTable(path: string): boolean {
  return STRING_TABLE.test(path);
}

/** A file's role as the ranking sees it, and the demotion sentence for its evidence. */
export interface RankingRole {
  /** The role feature set to 1, or `undefined` for a source file (or a test, when the report is about tests). */
  feature?: (typeof ROLE_FEATURES)[number];
  /** Why the file is not plain source, for the evidence. */
  reason?: string;
}

/**
 * The role of a file for ranking: third-party asset, bundled copy, declaration (or a source file
 * that only declares types), test, auxiliary or other. A test file keeps no role when the report
 * is about tests and points at that file itself (one of its frames or a path it names): a failing
 * test can be the fix. Other test files are demoted as usual — in the corpus of real fixes, a
 * trace through one test file had made every test file of the repository a candidate as good as
 * source (`tests/thirdparty/Fuzzer/FuzzerDriver.cpp` first for a parser crash).
 * @param index - the repository index.
 * @param path - repository-relative path.
 * @param signals - the report's signals (whether it is about tests).
 * @param pointed - the file's own evidence from the report: its frame and named-path signals.
 * @returns the role feature and its reason; empty for a source file.
 */
export function rankingRole(
  index: RepositoryIndex,
  path: string,
  signals: Pick<ReportSignals, 'aboutTests'>,
  pointed: Pick<FileSignals, 'frame' | 'path'> = { frame: 0, path: 0 },
): RankingRole {
  if (isThirdPartyAsset(path)) return { feature: 'thirdParty', reason: 'third-party asset' };
  const file = index.files.get(path);
  const role =
    file && isBundledCopy(file, index)
      ? 'bundle'
      : fileRole(path, file?.language ?? null, codeFoldersOf(index));
  if (role === 'source')
    return file && declaresOnlyTypes(file)
      ? { feature: 'declaration', reason: 'declares only types, no code' }
      : {};
  if (role === 'test' && signals.aboutTests && (pointed.frame > 0 || pointed.path > 0)) return {};
  return { feature: role, reason: `${role} file` };
}

/**
 * The feature vector of one file for one report.
 * @param entry - the file's signals (`scoreFiles`).
 * @param role - its role (`rankingRole`).
 * @param traced - whether the report has in-app frames.
 * @returns one value per {@link BASE_FEATURES} entry, in that order.
 */
export function featureVector(
  entry: FileSignals,
  role: RankingRole,
  traced: boolean,
  file: { path: string; lineCount: number },
): number[] {
  const values: Record<BaseFeature, number> = {
    ...(Object.fromEntries(BASE_FEATURES.map((name) => [name, 0])) as Record<BaseFeature, number>),
  };
  for (const name of SIGNAL_FEATURES) values[name] = entry[name];
  values.outsideTrace = traced && entry.frame === 0 ? 1 : 0;
  if (role.feature) values[role.feature] = 1;
  values.stringTable = isStringTable(file.path) ? 1 : 0;
  values.size = Math.min(1, Math.log1p(file.lineCount) / Math.log1p(SIZE_SCALE_LINES));
  return BASE_FEATURES.map((name) => values[name]);
}

/**
 * True when a file has any evidence of its own (a role indicator alone is none).
 * @param entry - the file's signals.
 */
export function hasSignal(entry: FileSignals): boolean {
  return SIGNAL_FEATURES.some((name) => entry[name] > 0);
}

/** A file with a signal of its own, its role and its feature vector. */
export interface FileVector {
  path: string;
  entry: FileSignals;
  role: RankingRole;
  /** In {@link BASE_FEATURES} order. */
  features: number[];
}

/**
 * The feature vector of every file with a signal of its own (what `rankFiles` scores and training
 * learns from; no model involved).
 * @param index - the repository index.
 * @param files - every file's signals, from `scoreFiles`.
 * @param signals - the report's signals (its frames, whether it is about tests).
 * @returns the files in `files` order.
 */
export function fileVectors(
  index: RepositoryIndex,
  files: ReadonlyMap<string, FileSignals>,
  signals: Pick<ReportSignals, 'aboutTests' | 'frames'>,
): FileVector[] {
  const traced = signals.frames.length > 0;
  return [...files.entries()]
    .filter(([, entry]) => hasSignal(entry))
    .map(([path, entry]) => {
      const role = rankingRole(index, path, signals, entry);
      const features = featureVector(entry, role, traced, {
        path,
        lineCount: index.files.get(path)?.lineCount ?? 0,
      });
      return { path, entry, role, features };
    });
}
