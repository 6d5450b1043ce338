/**
 * The offline localizer: ranks the files and lines of a repository that a bug report points at,
 * without a model. Signals, each normalised to [0, 1] and weighted:
 *
 * - stack frames resolved to repository files, the innermost in-app frame strongest and callers
 *   below it decaying (the crash site is usually, not always, where the fix goes: callers that
 *   handed over bad data deserve rank too);
 * - lexical match of the report against files and definitions (BM25F, {@link getLexicalIndex});
 * - definitions whose name the report mentions, each weighted by how few files define it;
 * - repository paths the report names;
 * - personalized PageRank of the repository map around all of the above (`rankFiles`).
 *
 * Tests, examples, docs and declarations are demoted ({@link ROLE_FACTORS}) unless the report is
 * about tests. Lexical localization with BM25 and graph ranking are the baselines of SWE-bench
 * localization work (Agentless, Xia et al. 2024; LocAgent, Chen et al. 2025); the frame decay and
 * the weights are Sightline's own choice, fixed for every report.
 */

import type { Report } from '../intake/types.js';
import { rankRepository } from '../repomap/rank.js';
import type { Focus, RepoIndex } from '../repomap/types.js';
import { termSurfaces } from './code-tokens.js';
import { fileRole, ROLE_FACTORS } from './file-roles.js';
import { readPackageName } from './frame-paths.js';
import { type DefinitionMatch, getLexicalIndex } from './lexical-index.js';
import { collectReportSignals, type InAppFrame, type ReportSignals } from './report-signals.js';
import { type ChosenRange, headRange, rangeAtLine, rangeOfDefinition } from './suspect-range.js';
import type { Suspect } from './types.js';

/** Options of {@link localize}. */
export interface LocalizeOptions {
  /** Suspects returned, at most one per file. Default 10. */
  limit?: number;
  /** This repository's package name. Default: `name` of the root `package.json`. */
  packageName?: string;
}

/** Weight of each normalised signal in a file's score (Sightline's own choice). */
export const SIGNAL_WEIGHTS = {
  frame: 1,
  lexical: 0.45,
  symbol: 0.35,
  path: 0.25,
  pageRank: 0.15,
} as const;

/** Frame at in-app position `i` weighs `FRAME_DECAY ** i` (innermost 1, its caller 0.6, …). */
export const FRAME_DECAY = 0.6;

/** Identifiers shorter than this are too generic to match definitions by name. */
const MIN_IDENTIFIER_LENGTH = 3;

interface FileScore {
  frame: number;
  lexical: number;
  symbol: number;
  path: number;
  pageRank: number;
  evidence: string[];
  range?: ChosenRange;
}

function emptyScore(): FileScore {
  return { frame: 0, lexical: 0, symbol: 0, path: 0, pageRank: 0, evidence: [] };
}

function frameEvidence(frame: InAppFrame): string {
  const where = `${frame.path}:${frame.line ?? '?'}${frame.function ? ` in ${frame.function}` : ''}`;
  const via = frame.via === 'source-map' ? ' (through a source map)' : '';
  return frame.position === 0
    ? `innermost in-app frame: ${where}${via}, where ${frame.exception.type} was raised`
    : `in-app frame ${frame.position + 1} of the stack (a caller): ${where}${via}`;
}

function formatTerms(terms: string[], surfaces: Map<string, string>): string {
  return terms.map((term) => surfaces.get(term) ?? term).join(', ');
}

/** Files defining each name, built from the index. */
function definersByName(index: RepoIndex): Map<string, Set<string>> {
  const definers = new Map<string, Set<string>>();
  for (const file of index.files.values()) {
    for (const { name } of file.definitions) {
      definers.set(name, (definers.get(name) ?? new Set()).add(file.path));
    }
  }
  return definers;
}

/** The best range of a file without frames: a mentioned definition, else the best BM25 one. */
function chooseRange(
  path: string,
  index: RepoIndex,
  mentioned: Set<string>,
  definitionMatches: Map<string, DefinitionMatch[]>,
): ChosenRange | undefined {
  const file = index.files.get(path);
  if (!file) return undefined;
  const named = file.definitions
    .filter((definition) => mentioned.has(definition.name))
    .sort(
      (a, b) => b.lines[1] - b.lines[0] - (a.lines[1] - a.lines[0]) || a.lines[0] - b.lines[0],
    )[0];
  if (named) return rangeOfDefinition(named);
  const best = definitionMatches.get(path)?.[0];
  return best ? rangeOfDefinition(best.definition) : headRange(file);
}

function scoreFiles(index: RepoIndex, signals: ReportSignals): Map<string, FileScore> {
  const scores = new Map<string, FileScore>();
  const at = (path: string) => {
    let score = scores.get(path);
    if (!score) {
      score = emptyScore();
      scores.set(path, score);
    }
    return score;
  };

  for (const frame of signals.frames) {
    const score = at(frame.path);
    const weight = FRAME_DECAY ** frame.position;
    if (weight > score.frame) {
      score.frame = weight;
      const file = index.files.get(frame.path);
      if (file && frame.line) score.range = rangeAtLine(file, frame.line);
    }
    if (score.evidence.length < 3) score.evidence.push(frameEvidence(frame));
  }

  const surfaces = termSurfaces(signals.query);
  const lexical = getLexicalIndex(index);
  for (const [path, match] of lexical.searchFiles(signals.query)) {
    const score = at(path);
    score.lexical = match.score;
    if (match.score >= 0.2)
      score.evidence.push(`BM25 match: ${formatTerms(match.terms, surfaces)}`);
  }

  const definers = definersByName(index);
  for (const identifier of signals.identifiers) {
    const files = definers.get(identifier);
    if (identifier.length < MIN_IDENTIFIER_LENGTH || !files) continue;
    for (const path of files) {
      const score = at(path);
      score.symbol = Math.min(1, score.symbol + 1 / files.size);
      score.evidence.push(`defines \`${identifier}\` mentioned in the report`);
    }
  }

  for (const path of signals.paths) {
    const score = at(path);
    score.path = 1;
    if (!signals.frames.some((frame) => frame.path === path))
      score.evidence.push('named in the report');
  }

  const focus: Focus = {
    frames: signals.frames.map(({ path, line }) => (line ? { path, line } : { path })),
    paths: signals.paths,
    identifiers: signals.identifiers,
  };
  const ranked = rankRepository(index, focus).files;
  const topRank = ranked[0]?.rank ?? 0;
  const focusWords = [...(focus.paths ?? []), ...signals.identifiers].slice(0, 3).join(', ');
  for (const { path, rank } of ranked) {
    const score = scores.get(path);
    if (!score || topRank === 0) continue;
    score.pageRank = rank / topRank;
    if (score.pageRank >= 0.1) {
      score.evidence.push(`PageRank ${rank.toFixed(3)} (focus: ${focusWords || 'none'})`);
    }
  }
  return scores;
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
 * suspects[0]; // { path: 'lib/x.js', lines: [10, 60], symbol: 'parse', score: 1.41, evidence: [...] }
 */
export function localize(
  report: Report,
  index: RepoIndex,
  { limit = 10, packageName }: LocalizeOptions = {},
): Suspect[] {
  const signals = collectReportSignals(report, index, {
    packageName: packageName ?? readPackageName(index.root),
  });
  const scores = scoreFiles(index, signals);
  const mentioned = new Set(signals.identifiers);
  const ranked = [...scores.entries()]
    .map(([path, score]) => {
      const role = fileRole(path, index.files.get(path)?.language ?? null);
      const factor = signals.aboutTests && role === 'test' ? 1 : ROLE_FACTORS[role];
      const total =
        factor *
        (SIGNAL_WEIGHTS.frame * score.frame +
          SIGNAL_WEIGHTS.lexical * score.lexical +
          SIGNAL_WEIGHTS.symbol * score.symbol +
          SIGNAL_WEIGHTS.path * score.path +
          SIGNAL_WEIGHTS.pageRank * score.pageRank);
      if (factor < 1) score.evidence.push(`demoted: ${role} file`);
      return { path, score, total: Math.round(total * 10_000) / 10_000 };
    })
    .filter(({ total }) => total > 0)
    .sort((a, b) => b.total - a.total || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .slice(0, limit);
  const definitionMatches = ranked.some(({ score }) => !score.range)
    ? getLexicalIndex(index).searchDefinitions(signals.query)
    : new Map<string, DefinitionMatch[]>();
  return ranked.flatMap(({ path, score, total }) => {
    const range = score.range ?? chooseRange(path, index, mentioned, definitionMatches);
    if (!range) return [];
    return [
      {
        path,
        lines: range.lines,
        ...(range.symbol ? { symbol: range.symbol } : {}),
        score: total,
        evidence: [...new Set(score.evidence)],
      },
    ];
  });
}
