/**
 * The per-file signals of the offline localizer, each normalised to [0, 1] with the evidence
 * sentence that explains it: stack frames, lexical match, mentioned definitions, named paths and
 * personalized PageRank (when the report names something of the repository). `rankFiles` weighs
 * and ranks them.
 */
import type { Focus, RepositoryIndex } from '@sightline/codebase';
import { focusPersonalization, rankRepository } from '@sightline/codebase/internal';
import { codeSpan, pathInProse } from '../diagnosis/markdown-text.js';
import { compactName, termSurfaces } from './code-tokens.js';
import { crossLanguageCounterparts } from './cross-language.js';
import { isThirdPartyAsset } from './file-roles.js';
import { frameRange } from './frame-range.js';
import { frameWeights } from './frame-weights.js';
import { functionWords } from './function-words.js';
import { type DefinitionMatch, getLexicalIndex } from './lexical-index.js';
import { scoreMentions } from './mention-scores.js';
import {
  calleeShares,
  definerShares,
  definersByCompound,
  qualifiedDefiners,
  qualifiedMembers,
} from './name-credit.js';
import type { InAppFrame, ReportSignals } from './report-signals.js';
import { namesAfterLiteral, stringLiteralSites } from './string-literals.js';
import { type ChosenRange, rangeAtLine, rangeOfDefinition } from './suspect-range.js';
import { titleNameMatches } from './title-name.js';
import type { UnreadableFrame } from './unreadable-frames.js';
import { isNullDereference, valueWriters } from './value-writers.js';

/** A prose phrase naming a definition ("HTML block") counts this much of a code identifier. */
const PHRASE_WEIGHT = 0.5;
/** A function that a mentioned definition calls counts this much of the mention. */
const CALLEE_WEIGHT = 0.5;

/**
 * A user-language name spelled as a string in more files than this is vocabulary of the code
 * (`'name'`, `'type'`), not the one place that registers it; it credits nothing.
 */
const MAX_LITERAL_SITES = 20;

/** Identifiers shorter than this are too generic to match definitions by name. */
const MIN_IDENTIFIER_LENGTH = 3;
/**
 * Lexical matches weaker than this (relative to the best) get no BM25 evidence line, only one
 * naming the words they share with the report.
 */
const LEXICAL_EVIDENCE_MIN = 0.2;
/** PageRank shares weaker than this (relative to the top file) are not worth an evidence line. */
const PAGERANK_EVIDENCE_MIN = 0.1;

/** One file's signals. */
export interface FileSignals {
  /** The heaviest in-app frame's weight in this file (see `frameWeights`), 0 without one. */
  frame: number;
  /** 1 when the innermost in-app frame (where the error surfaced) is in this file, not a helper. */
  throwSite: number;
  /** 1 when this file's heaviest frame is a helper (see `helperReason`). */
  helperFrame: number;
  /** 1 when the nearest in-app frame above the throw site in another file is in this file. */
  callerFrame: number;
  /** The file's BM25F score relative to the best file's. */
  lexicalFile: number;
  /** The file's best definition's BM25F score relative to the best definition's. */
  lexicalDefinition: number;
  /**
   * Definitions whose name the report mentions (shared among their definers), callees of those,
   * and counterparts of the trace's files in other languages (`crossLanguageCounterparts`).
   */
  symbol: number;
  /** Types and members the error message names, defined in this file. */
  message: number;
  path: number;
  pageRank: number;
  /** The file's BM25F score for the report's title alone, relative to the best file's. */
  titleLexical: number;
  /** How much of the file's name the title uses (`titleNameMatches`), in [0, 1]. */
  titleName: number;
  /** Distinct words of the report the file or its best-matching definition shares (BM25 terms). */
  lexicalWords: number;
  evidence: string[];
  /** The range of the heaviest frame in this file that gives a line, when one points into it. */
  frameRange?: ChosenRange;
  /** The member an error message names, defined in this file. */
  messageRange?: ChosenRange;
}

/**
 * Whether the report is tied to a file by more than chance: a stack frame, a path, a name or a
 * message of the report found there, or at least {@link MIN_TIE_WORDS} of its words. One shared
 * word (`need`, `check`) ties an app review about boarding passes to a query-string parser.
 */
export function tiesReport(entry: FileSignals): boolean {
  return hasReportEvidence(entry) || entry.lexicalWords >= MIN_TIE_WORDS;
}

/**
 * Whether a file has evidence from the report other than shared words and its place in the code
 * graph: a stack frame, a name, a message or a path of the report (the ranking's `wordsOnly`
 * feature is the lexical score of a file without it).
 */
export function hasReportEvidence(
  signals: Pick<FileSignals, 'frame' | 'symbol' | 'message' | 'path'>,
): boolean {
  return signals.frame + signals.symbol + signals.message + signals.path > 0;
}

/**
 * Distinct report words a file must share with a report for the words alone to tie them: two,
 * the fewest that are not a single chance coincidence. A floor per suspect; whether the report is
 * about this repository at all is the tie model's judgement (tie-model.ts), measured beside it in
 * bench:ties (bench/README.md "ties").
 */
const MIN_TIE_WORDS = 2;

/** A file's signals before any is computed: every signal 0, no evidence. */
export function emptyFileSignals(): FileSignals {
  return {
    frame: 0,
    throwSite: 0,
    helperFrame: 0,
    callerFrame: 0,
    lexicalFile: 0,
    lexicalDefinition: 0,
    symbol: 0,
    message: 0,
    path: 0,
    pageRank: 0,
    titleLexical: 0,
    titleName: 0,
    lexicalWords: 0,
    evidence: [],
  };
}

/** All files' signals, with what range selection needs. */
export interface ScoredFiles {
  files: Map<string, FileSignals>;
  /** Definitions matching the report, grouped by path, best first. */
  definitionMatches: Map<string, DefinitionMatch[]>;
}

const VIA_NOTES: Record<InAppFrame['via'], string> = {
  path: '',
  'source-map': ' (through a source map)',
  'bundle-line': ' (a bundle frame, traced to the source line it copies)',
  twin: ' (a frame into a copy the index left out, resolved to its twin)',
  symbol: ' (a bundle frame, matched by its function name)',
};

function frameEvidence(frame: InAppFrame, unreadable: UnreadableFrame | undefined): string {
  const where = `${pathInProse(frame.path)}:${frame.line ?? '?'}${frame.function ? ` in ${pathInProse(frame.function)}` : ''}`;
  const via = VIA_NOTES[frame.via];
  if (frame.position !== 0) {
    return `in-app frame ${frame.position + 1} of the stack (a caller): ${where}${via}`;
  }
  // Raised further in, in code that could not be read: this frame is only the first readable one.
  if (unreadable) {
    return `innermost readable in-app frame: ${where}${via}, calling ${pathInProse(unreadable.path)}, which could not be read`;
  }
  return `innermost in-app frame: ${where}${via}${frame.exception?.type ? `, where ${frame.exception.type} was raised` : ''}`;
}

/**
 * Computes every signal for every file the report relates to.
 * @param index the repository index.
 * @param signals what the report says, from `collectReportSignals`.
 * @returns signals of files with at least one non-zero signal, and the definitions that match.
 */
export function scoreFiles(index: RepositoryIndex, signals: ReportSignals): ScoredFiles {
  const files = new Map<string, FileSignals>();
  const at = (path: string): FileSignals => {
    let entry = files.get(path);
    if (!entry) {
      entry = emptyFileSignals();
      files.set(path, entry);
    }
    return entry;
  };

  const weights = frameWeights(index, signals.frames);
  const throwPath = signals.frames[0]?.path;
  const caller = signals.frames.find((frame) => frame.path !== throwPath);
  if (caller) at(caller.path).callerFrame = 1;
  for (const [position, frame] of signals.frames.entries()) {
    const entry = at(frame.path);
    const { weight = 0, helper } = weights[position] ?? {};
    // The range is that of the heaviest frame in the file that carries a line number.
    const file = index.files.get(frame.path);
    if (file && frame.line && (weight > entry.frame || !entry.frameRange)) {
      const { range, moved } = frameRange(file, { line: frame.line, function: frame.function });
      entry.frameRange = range;
      if (moved) entry.evidence.push(moved);
    }
    if (weight > entry.frame) entry.helperFrame = helper ? 1 : 0;
    // A helper at the throw site (an accessor, an assertion) surfaced the error; it is not where
    // the bad value came from, so it does not count as the throw site (failure class 1, #33).
    if (position === 0 && !helper) entry.throwSite = 1;
    entry.frame = Math.max(entry.frame, weight);
    entry.evidence.push(frameEvidence(frame, signals.unreadableFrame));
    if (helper) entry.evidence.push(`${helper}: the caller that handed it the value weighs more`);
  }
  // The same component on the other side of a bridge (a React Native view's TypeScript, a Flutter
  // plugin's Dart) is named by the frame as much as a mentioned definition is (failure class 4).
  const weighted = signals.frames.map(({ path }, at) => ({
    path,
    weight: weights[at]?.weight ?? 0,
  }));
  for (const [path, { score, of, key }] of crossLanguageCounterparts(index, weighted)) {
    const entry = at(path);
    entry.symbol = Math.min(1, entry.symbol + score);
    entry.evidence.push(
      `the other side of ${codeSpan(of)} in the trace (component ${codeSpan(key)})`,
    );
  }

  const surfaces = termSurfaces(signals.query);
  const describe = (terms: string[]) => terms.map((term) => surfaces.get(term) ?? term).join(', ');
  const lexical = getLexicalIndex(index);
  const definitionMatches = lexical.searchDefinitions(signals.query);
  const fileMatches = lexical.searchFiles(signals.query);
  for (const path of new Set([...fileMatches.keys(), ...definitionMatches.keys()])) {
    const whole = fileMatches.get(path);
    const best = definitionMatches.get(path)?.[0];
    const entry = at(path);
    entry.lexicalFile = whole?.score ?? 0;
    entry.lexicalDefinition = best?.match.score ?? 0;
    const shared = [whole?.terms ?? [], best?.match.terms ?? []].reduce((most, terms) =>
      terms.length > most.length ? terms : most,
    );
    entry.lexicalWords = shared.length;
    // A weak match still says which words it rests on: they may be all that ties the file.
    if ((entry.lexicalFile + entry.lexicalDefinition) / 2 < LEXICAL_EVIDENCE_MIN) {
      if (shared.length > 0) {
        entry.evidence.push(`shares ${shared.length} of the report's words: ${describe(shared)}`);
      }
      continue;
    }
    if (whole) entry.evidence.push(`BM25 match: ${describe(whole.terms)}`);
    if (best) {
      entry.evidence.push(
        `BM25 match in ${codeSpan(best.definition.name)}: ${describe(best.match.terms)}`,
      );
    }
  }

  const focus: Focus = {
    frames: signals.frames.map(({ path, line }) => (line ? { path, line } : { path })),
    paths: signals.paths,
    identifiers: signals.identifiers,
  };
  const ranking = rankRepository(index, focus);

  const frameNames = new Set(
    signals.frames.flatMap((frame) => (frame.function ? functionWords(frame.function) : [])),
  );
  // A name defined in many files says little about each (weight shared by its definers); a
  // third-party library copied into the assets never wins on a name.
  const credit = (name: string, definers: ReadonlySet<string>, reason: string, weight = 1) => {
    for (const [path, share] of definerShares(definers, name, { homes: !frameNames.has(name) })) {
      if (isThirdPartyAsset(path)) continue;
      const entry = at(path);
      entry.symbol = Math.min(1, entry.symbol + weight * share);
      entry.evidence.push(reason);
    }
  };
  const named = new Set<string>();
  const qualified = qualifiedMembers(signals, frameNames);
  for (const identifier of signals.identifiers) {
    const qualifiers = qualified.get(identifier);
    const definers =
      (qualifiers && qualifiedDefiners(index, ranking.graph, identifier, qualifiers)) ??
      ranking.graph.definers.get(identifier);
    if (identifier.length < MIN_IDENTIFIER_LENGTH || !definers?.size) continue;
    named.add(identifier);
    credit(identifier, definers, `defines ${codeSpan(identifier)} mentioned in the report`);
    for (const [path, { callee, share }] of calleeShares(
      index,
      ranking.graph,
      identifier,
      definers,
    )) {
      if (isThirdPartyAsset(path)) continue;
      const entry = at(path);
      entry.symbol = Math.min(1, entry.symbol + CALLEE_WEIGHT * share);
      entry.evidence.push(
        `defines ${codeSpan(callee)}, called by ${codeSpan(identifier)} that the report names`,
      );
    }
  }
  const byCompound = definersByCompound(ranking.graph);
  for (const [first, second] of signals.phrases) {
    for (const [name, definers] of byCompound.get(`${first}${second}`.toLowerCase()) ?? []) {
      if (named.has(name)) continue;
      named.add(name);
      credit(
        name,
        definers,
        `defines ${codeSpan(name)}, which the report calls "${first} ${second}"`,
        PHRASE_WEIGHT,
      );
    }
  }

  for (const [path, { score, reason, range }] of scoreMentions(
    index,
    ranking.graph,
    signals.mentions,
  )) {
    const entry = at(path);
    entry.message = Math.max(entry.message, score);
    entry.evidence.push(reason);
    if (range && !entry.messageRange) entry.messageRange = range;
  }

  // Template filters and tags, subcommands, options and configuration keys are registered by a
  // string; the files spelling the name are where it is implemented (failure class 6).
  const literals = signals.userNames.length > 0 ? stringLiteralSites(index) : undefined;
  for (const name of signals.userNames) {
    const sites = literals?.get(compactName(name));
    if (!sites || sites.size > MAX_LITERAL_SITES) continue;
    for (const [path, share] of definerShares(new Set(sites.keys()), name)) {
      const file = index.files.get(path);
      const line = sites.get(path);
      if (isThirdPartyAsset(path) || !file || !line) continue;
      const entry = at(path);
      entry.symbol = Math.min(1, entry.symbol + share);
      entry.evidence.push(
        `spells ${codeSpan(name)} as a string at line ${line}: the report uses it as a template, command or configuration name`,
      );
      entry.messageRange ??= rangeAtLine(file, line);
      // What the string is registered to, when this repository defines it, implements the name.
      for (const implementer of namesAfterLiteral(index, { path, line, name })) {
        const definers = ranking.graph.definers.get(implementer);
        if (!definers?.size) continue;
        for (const [target, part] of definerShares(definers, implementer, { homes: false })) {
          if (isThirdPartyAsset(target)) continue;
          const implementation = at(target);
          implementation.symbol = Math.min(1, implementation.symbol + CALLEE_WEIGHT * share * part);
          implementation.evidence.push(
            `defines ${codeSpan(implementer)}, registered as ${codeSpan(name)} in ${pathInProse(path)}:${line}`,
          );
          const targetFile = index.files.get(target);
          const definition = targetFile?.definitions.find(
            (candidate) => candidate.name === implementer,
          );
          if (targetFile && definition) {
            implementation.messageRange ??= rangeOfDefinition(targetFile, definition);
          }
        }
      }
    }
  }

  // A missing value dereferenced at the throw site: the code that should have set it (a subclass's
  // lifecycle method, a constructor) is where a fix often goes (failure class 1).
  const [innermost] = signals.frames;
  if (innermost?.line && innermost.exception && isNullDereference(innermost.exception)) {
    for (const [path, { name, line, share }] of valueWriters(index, {
      path: innermost.path,
      line: innermost.line,
    })) {
      const file = index.files.get(path);
      if (!file || isThirdPartyAsset(path)) continue;
      const entry = at(path);
      entry.message = Math.max(entry.message, share);
      entry.evidence.push(
        `assigns ${codeSpan(name)} at line ${line}, which the throw site dereferences while it is missing`,
      );
      entry.messageRange ??= rangeAtLine(file, line);
    }
  }

  for (const path of signals.paths) {
    at(path).path = 1;
    if (!signals.frames.some((frame) => frame.path === path))
      at(path).evidence.push('named in the report');
  }

  // The title alone, which the whole report's match dilutes over the body (title-name.ts).
  if (signals.title) {
    for (const [path, { score }] of lexical.searchFiles(signals.title)) {
      const entry = files.get(path);
      if (entry) entry.titleLexical = score;
    }
    for (const [path, { share, terms }] of titleNameMatches(index, signals.title, files.keys())) {
      const entry = at(path);
      entry.titleName = share;
      entry.evidence.push(`its name shares ${describe(terms)} with the report's title`);
    }
  }

  // With nothing to focus on, PageRank teleports uniformly: it measures how central a file is in
  // the repository, which says nothing about this report and only favours hub files.
  if (focusPersonalization(ranking.graph, focus).size === 0) return { files, definitionMatches };
  const topRank = ranking.files[0]?.rank ?? 0;
  const focusWords =
    [...signals.paths.map(pathInProse), ...signals.identifiers].slice(0, 3).join(', ') || 'none';
  for (const { path, rank } of ranking.files) {
    const entry = files.get(path);
    if (!entry || topRank === 0) continue;
    entry.pageRank = rank / topRank;
    if (entry.pageRank >= PAGERANK_EVIDENCE_MIN) {
      entry.evidence.push(`PageRank ${rank.toFixed(3)} (focus: ${focusWords})`);
    }
  }
  return { files, definitionMatches };
}
