/**
 * The suspects of ranked files grouped as twins (one module as `.js`, `.mjs`, compiled and source
 * copies, and its `.d.ts`): one suspect per group, pointing at the file a person would edit, with
 * the lines the report is about in it — a stack frame's function, else the definition holding a
 * line the report names (`src/app.rs:354`, prose-lines.ts), else the function the error message
 * names, else the definition the report's words match best (suspect-range.ts). The lines
 * depend on the group and the report's signals only, never on the ranking model's weights, so
 * training can score a held-out ranking's suspect lines from one computation (bench/lib/localize-spans.ts).
 */
import type { RepositoryIndex } from '@sightline/codebase';
import type { Suspect } from '../diagnosis/schema.js';
import { tokenizeCode } from './code-tokens.js';
import { readSourceLines } from './function-shape.js';
import type { DefinitionMatch } from './lexical-index.js';
import { reasonsForRange } from './range-reasons.js';
import type { RankedFile } from './rank-files.js';
import type { ReportSignals } from './report-signals.js';
import { tiesReport } from './score-files.js';
import {
  type ChosenRange,
  chooseRange,
  enclosingDefinition,
  narrowRange,
  rangeAtLine,
  rangeOfDefinition,
  symbolForRange,
} from './suspect-range.js';
import { editableTwin, isDeclaration } from './twins.js';

/** What a suspect is made of: a scored file (`rankFiles`; its feature vector is not read). */
export type GroupMember = Pick<RankedFile, 'path' | 'entry' | 'evidence' | 'score'>;

/** `[start, end]` moved inside `[1, lineCount]`, keeping `start ≤ end`. */
function clampRange([start, end]: [number, number], lineCount: number): [number, number] {
  const first = Math.min(Math.max(1, start), lineCount);
  return [first, Math.min(Math.max(first, end), lineCount)];
}

/**
 * One suspect per group of twins.
 * @param groups - ranked files grouped as twins, the best-ranked member of each first.
 * @param index - the repository index.
 * @param signals - the report's signals (`collectReportSignals`).
 * @param definitionMatches - the definitions matching the report, by path (`scoreFiles`).
 * @returns the suspects in the groups' order; a group whose file is empty or unknown to the index
 *   gives none. Lines are 1-based and inside the file.
 */
export function groupSuspects(
  groups: readonly (readonly GroupMember[])[],
  index: RepositoryIndex,
  signals: ReportSignals,
  definitionMatches: ReadonlyMap<string, readonly DefinitionMatch[]>,
): Suspect[] {
  const mentioned = new Set(signals.identifiers);
  const words = new Set(tokenizeCode(signals.query));
  const rangeOf = (item: GroupMember): ChosenRange | undefined => {
    const file = index.files.get(item.path);
    if (!file) return undefined;
    const matches = (definitionMatches.get(item.path) ?? []).map(({ definition, match }) => ({
      definition,
      score: match.score,
    }));
    const { frameRange, messageRange } = item.entry;
    const source = readSourceLines(index, item.path);
    const namedLine = signals.proseLines.get(item.path);
    // A named line no definition holds (a blank line between two, a comment) says too little of
    // the code: the words choose instead (trial 50: `src/x.js:13`, a blank line, gave no cause).
    const named =
      namedLine !== undefined && enclosingDefinition(file, namedLine)
        ? rangeAtLine(file, namedLine)
        : undefined;
    return (
      frameRange ??
      named ??
      (messageRange && narrowRange(file, messageRange, mentioned, matches, source, words)) ??
      chooseRange(file, mentioned, matches, source, signals.phrases, words)
    );
  };
  /** The range in `path` of the definition a twin's range names, if `path` defines it too. */
  const sameSymbol = (path: string, range: ChosenRange | undefined): ChosenRange | undefined => {
    const name = range?.symbol?.split('.').at(-1);
    const file = index.files.get(path);
    const definition = file?.definitions.find(
      (candidate) => name !== undefined && candidate.name === name,
    );
    return file && definition ? rangeOfDefinition(file, definition) : undefined;
  };
  return groups.flatMap((group): Suspect[] => {
    const [best] = group as [GroupMember, ...GroupMember[]];
    const paths = group.map((item) => item.path);
    const target = group.find((item) => item.path === editableTwin(paths)) ?? best;
    const own =
      target === best ? rangeOf(best) : (sameSymbol(target.path, rangeOf(best)) ?? rangeOf(target));
    const lineCount = index.files.get(target.path)?.lineCount ?? 0;
    // An empty file has no line to point at; a range past the end (a frame line from another
    // version of the file) is clamped, and says so.
    if (!own || lineCount === 0) return [];
    const lines = clampRange(own.lines, lineCount);
    const clamped = lines[0] !== own.lines[0] || lines[1] !== own.lines[1];
    const file = index.files.get(target.path);
    // Printed with a symbol the index confirms at these lines, as the diagnosis is verified.
    const { symbol } = file ? symbolForRange(file, { ...own, lines }) : own;
    // A declaration file shares the slot but holds no code: it is listed as such, not as a twin.
    const others = paths.filter((path) => path !== target.path);
    const twins = others.filter((path) => !isDeclaration(path));
    const declarations = others.filter(isDeclaration);
    const notes = [
      ...(twins.length > 0 ? [`twins (same code): ${twins.join(', ')}`] : []),
      ...(declarations.length > 0 ? [`types declared in ${declarations.join(', ')}`] : []),
      ...(clamped ? [`lines clamped to the file's ${lineCount} lines`] : []),
    ];
    const reasons = file ? reasonsForRange(best.evidence, file, lines, best.path) : best.evidence;
    return [
      {
        path: target.path,
        lines,
        ...(symbol ? { symbol } : {}),
        score: best.score,
        evidence: [...new Set([...reasons, ...notes])],
        ...(twins.length > 0 ? { twins } : {}),
        ...(tiesReport(best.entry) ? {} : { untied: true as const }),
      },
    ];
  });
}
