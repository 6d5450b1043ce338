/**
 * Reads what a report says about the repository: its stack frames resolved to repository files
 * (innermost first, the deepest chained cause first), the repository paths it names, the
 * identifiers it mentions (including the function names of this repository's frames) and the
 * text to search lexically: the report without its environment lines and without the lines of
 * GitHub's default issue templates and the repository's own (`readBoilerplate` of
 * @sightline/intake), the same lines the triage service leaves out before it investigates.
 */

import type { RepositoryIndex } from '@sightline/codebase';
import { fileRole } from '@sightline/codebase/internal';
import { withoutWithheldNotes } from '@sightline/core';
import {
  type Exception,
  exceptionsCauseFirst,
  type Frame,
  type Report,
  readBoilerplate,
  withoutTemplateLines,
} from '@sightline/intake';
import { adjacentWordPairs, compactName, tokenizeCode } from './code-tokens.js';
import { deploymentRoots, underDeploymentRoot } from './deployment-roots.js';
import { withoutEnvironmentLines } from './environment-lines.js';
import { reportBodyText } from './event-text.js';
import { isToolchainPath, withoutForeignFrameLines } from './foreign-frame-lines.js';
import {
  framePathSegments,
  indexFileLookup,
  type MappedFrame,
  mapFrame,
  resolveFramePath,
} from './frame-paths.js';
import { functionWords } from './function-words.js';
import { type MessageMention, messageMentions, qualifiedMentions } from './message-mentions.js';
import { proseLines } from './prose-lines.js';
import {
  type UnreadableFrame,
  unreadableEntries,
  unreadableFrameBefore,
  unreadablePath,
} from './unreadable-frames.js';
import { userLanguageNames } from './user-language-names.js';

/** A stack frame of this repository, resolved to an indexed file. */
export interface InAppFrame extends MappedFrame {
  /** 0 for the innermost in-app frame, counting only frames resolved to this repository. */
  position: number;
  /** The frame's function name, as printed. */
  function?: string;
  /** The frame as written in the report. */
  raw: string;
  /** The exception the frame belongs to; absent for a stack trace logged without one. */
  exception?: { type: string; message: string };
}

/** Everything the localizer reads from a report. */
export interface ReportSignals {
  frames: InAppFrame[];
  /** Indexed files the report names (in its text or in frames), deduplicated, in report order. */
  paths: string[];
  /**
   * The first line the report's prose names in each indexed file (`src/app.rs:354`, a permalink's
   * `#L45`), outside its stack traces ({@link proseLines}): a suspect's range holds it.
   */
  proseLines: ReadonlyMap<string, number>;
  /** Identifiers of the report and of its in-app frames' function names, deduplicated. */
  identifiers: string[];
  /** Adjacent word pairs of the prose ("HTML block"), which may name a definition (`html_block`). */
  phrases: [string, string][];
  /**
   * Names in the user's language: template tags and filters, subcommands and options, configuration
   * keys (`userLanguageNames`), never a type of the report's own exceptions.
   */
  userNames: string[];
  /** Types and members named by the error messages and the prose (`'X' object has no attribute 'y'`). */
  mentions: MessageMention[];
  /** The report's title, without environment lines and the secret gate's notes (may be empty). */
  title: string;
  /**
   * Text for lexical search: the title (twice, it is the densest summary) and the body, without
   * environment boilerplate (versions, OS, dependency lists).
   */
  query: string;
  /** True when a frame or named path is a test file: then tests are not demoted. */
  aboutTests: boolean;
  /**
   * The frame, before the innermost of `frames` in its trace, in a file the index could not read
   * (`unreadableFrameBefore`): where the error was raised, when the code there is unreadable.
   */
  unreadableFrame?: UnreadableFrame;
}

/** Parts of a dotted identifier shorter than this (`fs`, `run`) are too generic to keep alone. */
const MIN_PART_LENGTH = 4;

/** A Markdown inline code span. */
const INLINE_CODE = /`([^`\n]{1,200})`/g;
/** A call in code: a name followed by its argument list (`.Humanize(2`, `extend({`). */
const CALL = /(?<![\w$])([A-Za-z_$][\w$]*)\s*\(/g;
/** Words of code that open a parenthesis without calling anything. */
const NOT_CALLS = new Set([
  'if',
  'for',
  'while',
  'switch',
  'catch',
  'function',
  'return',
  'typeof',
  'await',
  'new',
  'fn',
  'def',
]);

/**
 * Names the report's inline code calls (`TimeSpan.FromMinutes(50).Humanize(2)` → `FromMinutes`,
 * `Humanize`): a reporter's snippet calls the API that misbehaves, even when the call sits in a
 * chain or among arguments, where the report's identifiers (whole names or dotted paths) miss it.
 * @param text the title and body.
 * @returns the called names, in order, deduplicated.
 */
export function calledInInlineCode(text: string): string[] {
  const names = new Set<string>();
  for (const [, code = ''] of text.matchAll(INLINE_CODE)) {
    for (const [, name = ''] of code.matchAll(CALL)) if (!NOT_CALLS.has(name)) names.add(name);
  }
  return [...names];
}

/** Words of a frame's function name worth matching against definitions (`A.b [as c]` → A, b, c). */
function functionNames(name: string | undefined): string[] {
  return (name ? functionWords(name) : []).filter(
    (word) =>
      word.length > 2 &&
      !['async', 'new', 'exports', 'module', 'Object', 'anonymous'].includes(word),
  );
}

/**
 * Collects the signals of a report against an index.
 * @param report the parsed report.
 * @param index the repository index.
 * @param options.packageName this repository's package name (frames under
 *   `node_modules/<packageName>/` are this repository's code).
 * @returns the signals; empty lists when the report names nothing in the repository.
 */
export function collectReportSignals(
  report: Report,
  index: RepositoryIndex,
  { packageName }: { packageName?: string } = {},
): ReportSignals {
  const ownName = packageName ? compactName(packageName) : undefined;
  const frames: InAppFrame[] = [];
  const identifiers = new Set<string>();
  const foreign = new Set<string>();
  const foreignFrames = new Set<string>();
  const ownFrameNames = new Set<string>();
  const stacks: { frames: Frame[]; exception?: Exception }[] = exceptionsCauseFirst(
    report.exceptions,
  ).map((exception) => ({ frames: exception.frames, exception }));
  if (report.stack) stacks.push({ frames: report.stack });
  const unreadable = unreadableEntries(index);
  // A frame into a file the index could not read is not matched to another file by its
  // function's name (fresh-user trial 25: `Ruler.enable` of an unreadable lib/ruler.js was
  // placed in lib/index.js at a line it is not on).
  const readable = (frame: Frame) => !(unreadable.length > 0 && unreadablePath(frame, unreadable));
  const resolved = new Map<Frame, MappedFrame | null>();
  for (const { frames: stackFrames } of stacks)
    for (const frame of stackFrames)
      resolved.set(frame, readable(frame) ? mapFrame(index, frame, { packageName }) : null);
  const roots = deploymentRoots(
    [...resolved].flatMap(([frame, mapped]) => (frame.file ? [{ file: frame.file, mapped }] : [])),
    packageName,
  );
  for (const { frames: stackFrames, exception } of stacks) {
    for (const frame of stackFrames) {
      const sibling =
        !resolved.get(frame) && frame.file && roots.length > 0 && readable(frame)
          ? underDeploymentRoot(index, frame.file, roots, packageName)
          : undefined;
      const mapped: MappedFrame | null = sibling
        ? { path: sibling, ...(frame.line ? { line: frame.line } : {}), via: 'path' }
        : (resolved.get(frame) ?? null);
      const ours =
        mapped !== null ||
        (frame.file
          ? !isToolchainPath(frame.file) && framePathSegments(frame.file, packageName) !== null
          : frame.inApp);
      // A frame of other code (no file of the repository, not in-app): its line is no query text.
      if (!mapped && !frame.inApp)
        for (const line of frame.raw.split('\n')) foreignFrames.add(line.trim());
      for (const name of functionNames(frame.function)) {
        if (!ours) foreign.add(name);
        else {
          identifiers.add(name);
          ownFrameNames.add(name);
        }
      }
      if (!mapped) continue;
      frames.push({
        ...mapped,
        position: frames.length,
        ...(frame.function ? { function: frame.function } : {}),
        raw: frame.raw,
        ...(exception ? { exception: { type: exception.type, message: exception.message } } : {}),
      });
    }
  }
  // Dotted mentions (`FlatESLint.lintFiles`) also name their parts; names that only belong to
  // other code's frames (`ModuleJob.run` in node:internal) say nothing about this repository.
  for (const identifier of report.identifiers) {
    identifiers.add(identifier);
    if (!/\.|::/.test(identifier)) continue;
    for (const part of identifier.split(/\.|::/)) {
      if (part.length >= MIN_PART_LENGTH && !foreign.has(part)) identifiers.add(part);
    }
  }
  // The secret gate's notes (`[withheld: looks like a secret (a Stripe key)]`) are its words, not
  // the reporter's (fresh-user trial 30: a file defining STRIPE_KEY became the cause).
  const title = withoutEnvironmentLines(withoutWithheldNotes(report.title ?? ''));
  // The repository's issue-template prompts are its own vocabulary (commands, screens, options):
  // left in, they match its code whatever the report is about.
  const body = withoutEnvironmentLines(
    withoutTemplateLines(withoutWithheldNotes(reportBodyText(report)), readBoilerplate(index.root)),
  );
  const prose = `${title}\n${body}`;
  for (const name of calledInInlineCode(prose)) identifiers.add(name);
  for (const name of foreign) if (!ownFrameNames.has(name)) identifiers.delete(name);
  // Keywords and stop words (`exports`, `module`) name nothing in particular, nor do names that
  // occur only in pasted environment lines (`darwin`, a version banner).
  for (const name of identifiers) {
    const fromEnvironment = !ownFrameNames.has(name) && !prose.includes(name.split('.')[0] ?? name);
    if (tokenizeCode(name).length === 0 || fromEnvironment) identifiers.delete(name);
  }
  const paths = new Set<string>(frames.map((frame) => frame.path));
  for (const mentioned of report.paths) {
    const segments = framePathSegments(mentioned, packageName);
    const match = segments?.length ? resolveFramePath(indexFileLookup(index), segments) : null;
    if (match) paths.add(match);
  }
  const isTest = (file: string) =>
    fileRole(file, index.files.get(file)?.language ?? null) === 'test';
  const exceptions = exceptionsCauseFirst(report.exceptions);
  const messages = exceptions.map(({ type, message }) => `${type}: ${message}`);
  // A pasted `TypeError: …` line reads like a configuration key; the report's own exception types
  // (qualified or by their last name) are the code's words, not the user's.
  const exceptionTypes = new Set(
    exceptions.flatMap(({ type }) => (type ? [type, type.split('.').at(-1) ?? type] : [])),
  );
  return {
    frames,
    paths: [...paths],
    proseLines: proseLines(prose, index, packageName),
    identifiers: [...identifiers],
    // The project's own name ("markdown it") is in every report about it: it locates nothing.
    phrases: adjacentWordPairs(prose).filter(
      ([first, second]) => `${first}${second}`.toLowerCase() !== ownName,
    ),
    userNames: userLanguageNames(
      prose,
      packageName ? [packageName, packageName.split('/').at(-1) ?? packageName] : [],
    ).filter((name) => !exceptionTypes.has(name)),
    mentions: [
      ...messageMentions([...messages, prose].join('\n')),
      // A frame's qualified function name (JVM `Outer$1.read` read as `Outer.read`) is that frame's
      // evidence already, not a mention.
      ...qualifiedMentions(
        report.identifiers.filter(
          (identifier) =>
            !stacks.some(({ frames: stackFrames }) =>
              stackFrames.some((frame) =>
                [frame.module, frame.function]
                  .filter(Boolean)
                  .join('.')
                  .replace(/\$[\w$]*/g, '')
                  .endsWith(identifier),
              ),
            ),
        ),
      ),
    ],
    title,
    query: [title, title, withoutForeignFrameLines(body, foreignFrames)].join('\n'),
    aboutTests: [...paths].some(isTest),
    ...unreadableFrameOf(report, unreadable, frames[0]),
  };
}

/** `{ unreadableFrame }` for the innermost resolved frame's trace, or `{}`. */
function unreadableFrameOf(
  report: Report,
  unreadable: readonly string[],
  innermost: InAppFrame | undefined,
): { unreadableFrame?: UnreadableFrame } {
  const unreadableFrame = innermost && unreadableFrameBefore(report, unreadable, innermost.raw);
  return unreadableFrame ? { unreadableFrame } : {};
}
