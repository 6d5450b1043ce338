/**
 * The offline localizer: ranks the files and lines of a repository that a bug report points at,
 * without a model. Per file ({@link scoreFiles}), each signal normalised to [0, 1]:
 *
 * - stack frames resolved to repository files, the innermost in-app frame strongest and callers
 *   below it decaying (the crash site is usually, not always, where the fix goes: a caller that
 *   handed over bad data deserves rank too);
 * - lexical match of the report against the file and its best definition (BM25F);
 * - definitions whose name the report mentions, each weighted by how few files define it;
 * - repository paths the report names;
 * - personalized PageRank of the repository map around all of the above.
 *
 * Tests, examples, docs, declarations and bundled copies are demoted ({@link ROLE_FACTORS})
 * unless the report is about tests. BM25 and graph ranking are the usual baselines of file-level
 * localization (Agentless, Xia et al. 2024; LocAgent, Chen et al. 2025); the decay and weights
 * are Sightline's own choice, fixed for every report.
 */

import type { RepositoryIndex } from '@sightline/codebase';
import { fileRole, readPackageName } from '@sightline/codebase/internal';
import type { Report } from '@sightline/intake';
import type { Suspect } from '../diagnosis/schema.js';
import { isBundledCopy, ROLE_FACTORS } from './file-roles.js';
import type { DefinitionMatch } from './lexical-index.js';
import { collectReportSignals, type ReportSignals } from './report-signals.js';
import { type FileSignals, scoreFiles } from './score-files.js';
import { type ChosenRange, headRange, rangeOfDefinition } from './suspect-range.js';

/** Options of {@link localize}. */
export interface LocalizeOptions {
  /** Suspects returned, at most one per file. Default 10. */
  limit?: number;
  /** This repository's package name. Default: `name` of the root `package.json`. */
  packageName?: string;
  /** The report's signals, when the caller already collected them (`collectReportSignals`). */
  signals?: ReportSignals;
}

/** Weight of each normalised signal in a file's score (Sightline's own choice). */
export const SIGNAL_WEIGHTS = {
  frame: 1,
  lexical: 0.45,
  symbol: 0.35,
  path: 0.25,
  pageRank: 0.15,
} as const satisfies Record<keyof Omit<FileSignals, 'evidence' | 'frameRange'>, number>;

/**
 * The range of a file no frame points into: the best-matching definition when the report also
 * names it, else a named definition longer than a line, else the best-matching definition, else
 * any named definition, else the top of the file.
 */
function chooseRange(
  path: string,
  index: RepositoryIndex,
  mentioned: ReadonlySet<string>,
  matches: DefinitionMatch[],
): ChosenRange | undefined {
  const file = index.files.get(path);
  if (!file) return undefined;
  const best = matches[0]?.definition;
  const named = file.definitions.filter((definition) => mentioned.has(definition.name));
  const chosen =
    (best && mentioned.has(best.name) ? best : undefined) ??
    named.find((definition) => definition.lines[1] > definition.lines[0]) ??
    best ??
    named[0];
  return chosen ? rangeOfDefinition(chosen) : headRange(file);
}

/**
 * Ranks suspect locations for a report.
 * @param report the parsed report (`parseReport`).
 * @param index the repository index (`indexRepository`); files are read from `index.root` for the
 *   lexical index, which is cached per index object.
 * @param options see {@link LocalizeOptions}.
 * @returns at most `limit` suspects, one per file, highest score first (ties by path); empty when
 *   nothing in the report relates to the repository.
 * @example
 * const suspects = localize(parseReport(text), await indexRepository(root));
 * suspects[0]; // { path: 'lib/x.js', lines: [10, 60], symbol: 'parse', score: 2.1, evidence: [...] }
 */
export function localize(
  report: Report,
  index: RepositoryIndex,
  { limit = 10, packageName, signals: given }: LocalizeOptions = {},
): Suspect[] {
  const signals =
    given ??
    collectReportSignals(report, index, {
      packageName: packageName ?? readPackageName(index.root),
    });
  const { files, definitionMatches } = scoreFiles(index, signals);
  const mentioned = new Set(signals.identifiers);
  const ranked = [...files.entries()]
    .map(([path, entry]) => {
      const file = index.files.get(path);
      const role =
        file && isBundledCopy(file, index) ? 'bundle' : fileRole(path, file?.language ?? null);
      const factor = signals.aboutTests && role === 'test' ? 1 : ROLE_FACTORS[role];
      const weighted =
        SIGNAL_WEIGHTS.frame * entry.frame +
        SIGNAL_WEIGHTS.lexical * entry.lexical +
        SIGNAL_WEIGHTS.symbol * entry.symbol +
        SIGNAL_WEIGHTS.path * entry.path +
        SIGNAL_WEIGHTS.pageRank * entry.pageRank;
      const evidence = factor < 1 ? [...entry.evidence, `demoted: ${role} file`] : entry.evidence;
      return { path, entry, evidence, score: Math.round(factor * weighted * 10_000) / 10_000 };
    })
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .slice(0, limit);
  return ranked.flatMap(({ path, entry, evidence, score }) => {
    const range =
      entry.frameRange ?? chooseRange(path, index, mentioned, definitionMatches.get(path) ?? []);
    if (!range) return [];
    const symbol = range.symbol ? { symbol: range.symbol } : {};
    return [{ path, lines: range.lines, ...symbol, score, evidence: [...new Set(evidence)] }];
  });
}
