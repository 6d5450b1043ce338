/**
 * Whether a diagnosis is backed by evidence, beyond being free of invented paths and quotes:
 * "verified" means at least one `cause` entry has a quote inside its own line range that matches
 * the file and holds code (not braces or punctuation alone: `isMeaningfulQuote`), it names a
 * symbol the repository index defines at that range (none only in a file where the index knows no
 * definition, or in top-level code: top-level-code.ts), and, for a model's diagnosis, at least one tool call stands behind it. Anything
 * less is reported with the reason.
 */
import { printablePath, type RepositoryIndex } from '@sightline/codebase';
import { findQuote, isMeaningfulQuote, QUOTE_LINE_TOLERANCE } from './find-quote.js';
import type { RepoFileCache } from './repo-file-cache.js';
import type { AffectedFile, Diagnosis } from './schema.js';
import { inTopLevelCode } from './top-level-code.js';

/**
 * Assesses the evidence behind `diagnosis`.
 * @param diagnosis - a diagnosis that passed the schema.
 * @param files - the verification's file reader.
 * @param index - the repository index, for the symbol check; without one no cause is backed.
 * @returns why the diagnosis is not verified, one sentence each; empty when it is.
 */
export async function assessEvidence(
  diagnosis: Diagnosis,
  files: RepoFileCache,
  index: RepositoryIndex | undefined,
): Promise<string[]> {
  const reasons: string[] = [];
  const { codeToolCalls = diagnosis.stats.toolCalls } = diagnosis.stats;
  if (diagnosis.method === 'agent' && codeToolCalls === 0) {
    reasons.push(
      diagnosis.stats.toolCalls === 0
        ? 'The model made no tool call: nothing in the diagnosis was read from the code.'
        : 'The model read no code: none of its tool calls was a search or read of the repository that succeeded.',
    );
  }
  const causes = diagnosis.affectedFiles.flatMap((file, position) =>
    file.role === 'cause' ? [{ file, position }] : [],
  );
  if (causes.length === 0) {
    reasons.push(
      'No affected file has the role "cause": the diagnosis does not say where the fix goes.',
    );
    return reasons;
  }
  const problems: string[] = [];
  for (const { file, position } of causes) {
    const found = await causeProblems(file, files, index);
    if (found.length === 0) return reasons;
    problems.push(
      `affectedFiles[${position}] (${printablePath(file.path)}:${file.lines[0]}-${file.lines[1]}): ${found.join('; ')}.`,
    );
  }
  return [...reasons, ...problems];
}

/** What keeps one cause entry from being backed; empty when it is. */
async function causeProblems(
  cause: AffectedFile,
  files: RepoFileCache,
  index: RepositoryIndex | undefined,
): Promise<string[]> {
  const file = await files(cause.path);
  if (!file.ok) return [file.message];
  const [start, end] = cause.lines;
  let trivial = false;
  const quoted = cause.evidence.some((evidence) => {
    if (evidence.path !== cause.path && evidence.path !== file.path) return false;
    if (!isMeaningfulQuote(evidence.quote)) {
      trivial = true;
      return false;
    }
    const { occurrences } = findQuote(
      file.lines,
      evidence.quote,
      evidence.line,
      QUOTE_LINE_TOLERANCE,
    );
    return occurrences.some(
      (line) =>
        Math.abs(line - evidence.line) <= QUOTE_LINE_TOLERANCE && line >= start && line <= end,
    );
  });
  const problems = quoted
    ? []
    : [
        `no quote of lines ${start}-${end} that matches the file${trivial ? ' and holds code (a quote of braces or punctuation alone, such as `}`, shows nothing)' : ''}`,
      ];
  const symbol = symbolProblem(cause, file.path, file.lines, index);
  return symbol ? [...problems, symbol] : problems;
}

/**
 * Why the cause's symbol is not confirmed by the index at its range, if it is not. `lines` are the
 * file's (as the gate shows them), for telling top-level code from a body the index does not name.
 */
function symbolProblem(
  { symbol, lines: [start, end] }: AffectedFile,
  path: string,
  lines: readonly string[],
  index: RepositoryIndex | undefined,
): string | undefined {
  if (!index) return 'no repository index to look its symbol up in';
  const definitions = index.files.get(path)?.definitions ?? [];
  const overlapping = definitions.filter(({ lines }) => lines[0] <= end && lines[1] >= start);
  if (symbol === undefined) {
    const enclosing = overlapping.at(-1);
    if (enclosing) {
      return `it names no symbol, though lines ${start}-${end} lie in \`${enclosing.name}\``;
    }
    // A file the index knows no definition in (configuration, prose) has no symbol to name, nor
    // has top-level code (a script's statements: a Python `<module>` frame); in a file with
    // definitions, a range in a body the index cannot name (an anonymous default export) is not
    // confirmed.
    return definitions.length > 0 && !inTopLevelCode(lines, start)
      ? `it names no symbol, and the repository index defines none at lines ${start}-${end}`
      : undefined;
  }
  const name = symbolName(symbol);
  const named = (definition: { name: string }) => symbolName(definition.name) === name;
  if (overlapping.some(named)) return undefined;
  const elsewhere = definitions.find(named);
  return elsewhere
    ? `\`${symbol}\` is defined at lines ${elsewhere.lines[0]}-${elsewhere.lines[1]}, not at ${start}-${end}`
    : `\`${symbol}\` is not defined in ${printablePath(path)} (by the repository index)`;
}

/**
 * The last name of a printed symbol, as the symbol check compares it with the index's definitions:
 * without a trailing argument list and without the scope (`Parser.Companion.parse(x)` → `parse`,
 * `Cache##purge` → `purge`, `#purge` → `purge`).
 * @param symbol - a symbol as printed, or a definition's name.
 * @returns the name compared.
 */
export function symbolName(symbol: string): string {
  return (
    withoutArguments(symbol)
      .split(/[.#:]+/)
      .filter(Boolean)
      .at(-1) ?? symbol
  );
}

/**
 * `symbol` without a trailing argument list: what `.replace(/\(.*\)$/, '')` gives, in linear time.
 * `.` does not cross a line terminator, so the cut is at the first `(` of the last line when the
 * text ends with `)`; the pattern read from every `(` to the line's end (64 KiB of `(` took 2 s).
 */
function withoutArguments(symbol: string): string {
  if (!symbol.endsWith(')')) return symbol;
  const lastLineStart =
    Math.max(
      symbol.lastIndexOf('\n'),
      symbol.lastIndexOf('\r'),
      symbol.lastIndexOf('\u2028'),
      symbol.lastIndexOf('\u2029'),
    ) + 1;
  const open = symbol.indexOf('(', lastLineStart);
  return open === -1 ? symbol : symbol.slice(0, open);
}
