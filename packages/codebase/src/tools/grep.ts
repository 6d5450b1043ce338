/**
 * The `grep` code tool: a regular-expression search over the repository with ripgrep, results
 * grouped by file with 1-based line numbers, long lines cut around the match, vendored folders
 * left out, and every size capped. Every match passes the secret gate: a file the gate refuses
 * is not searched, and a withheld line never matches, so the answer is the same whatever a
 * withheld line holds (no count, no position, no oracle).
 */
import path from 'node:path';
import {
  countFittingItems,
  cutLine,
  ELLIPSIS,
  pluralize,
  SightlineError,
  toToolError,
} from '@sightline/core';
import { isSecretFile, printablePath } from '../repository/content.js';
import { VENDORED_DIRS } from '../repository/files.js';
import { resolveInRoot, resolveRoot, toPosix } from '../repository/sandbox.js';
import { createFileGate } from '../repository/secret-gate.js';
import { type CodeToolLimits, DEFAULT_LIMITS, fileTooLarge } from './limits.js';
import { type RipgrepMatch, type RipgrepRun, runRipgrep } from './run-ripgrep.js';
import type { CodeToolResult, CodeToolSuccess } from './tool-result.js';
import { integerInRange, nonEmptyText } from './validate-input.js';

/** Options of {@link grep}. */
export interface GrepOptions
  extends Pick<
    CodeToolLimits,
    | 'maxOutputTokens'
    | 'maxGrepResults'
    | 'maxMatchChars'
    | 'grepTimeoutMs'
    | 'maxGrepOutputBytes'
    | 'maxFileBytes'
  > {
  /** Repository-relative folder or file to search in. Default the whole repository. */
  path?: string;
  /** Only search files matching this glob (ripgrep/.gitignore syntax, e.g. `*.ts`, `src/**`). */
  glob?: string;
  /** Match letter case exactly. Default false (case-insensitive). */
  caseSensitive?: boolean;
  /** Matches to return, at least 1; values above `maxGrepResults` are lowered to it. Default 50. */
  maxResults?: number;
  /**
   * Lines to show before and after each match, 0–{@link MAX_CONTEXT_LINES} (ripgrep's
   * `--before-context`/`--after-context`). Context lines pass the secret gate like matches.
   * Default 0.
   */
  context?: number;
  /** Search secret-looking files (.env, keys, credentials) too. Default false. */
  allowSecrets?: boolean;
}

/** Most context lines `grep` shows on each side of a match. */
export const MAX_CONTEXT_LINES = 5;

/** One matching line. */
export interface GrepMatch {
  /** 1-based line number. */
  line: number;
  /** The line, cut to `maxMatchChars` around the match with `…`. */
  text: string;
}

/** The matches in one file. */
export interface GrepFileMatches {
  /** Repository-relative path with `/` separators. */
  path: string;
  matches: GrepMatch[];
  /** Lines shown around the matches (`context` > 0), cut to `maxMatchChars`; withheld lines left out. */
  contextLines: GrepMatch[];
}

/** Result of {@link grep}. */
export interface GrepResult extends CodeToolSuccess {
  /** Files with matches, in path order; only what `text` shows. */
  files: GrepFileMatches[];
  /** Matches shown. */
  matchCount: number;
  /** True when more matches exist than are shown (any cap, the timeout included). */
  truncated: boolean;
}

const REGEX_ERROR = /regex parse error|regex exceeds size limit/;
const GLOB_ERROR = /error parsing glob/;

/** Cuts a long line to `maxChars`, keeping the match in view (a little context before it). */
function excerpt(match: RipgrepMatch, maxChars: number): string {
  const { text } = match;
  if (text.length <= maxChars) return text;
  const start = Math.max(0, Math.min(match.matchStart - 40, text.length - (maxChars - 1)));
  if (start === 0) return cutLine(text, maxChars).text;
  return `${ELLIPSIS}${cutLine(text.slice(start), maxChars - 1).text}`;
}

function ripgrepArgs(
  pattern: string,
  target: string,
  glob: string | undefined,
  caseSensitive: boolean,
  maxFileBytes: number,
  context: number,
) {
  const args = ['--json', '--no-config', '--hidden', '--no-require-git', '--sort', 'path'];
  if (context > 0) {
    args.push('--before-context', String(context), '--after-context', String(context));
  }
  // Files read_file refuses as too large are not searched either (the gate cannot vouch for them).
  args.push('--max-filesize', String(maxFileBytes));
  args.push(caseSensitive ? '--case-sensitive' : '--ignore-case');
  if (glob !== undefined) args.push('--glob', glob);
  for (const dir of VENDORED_DIRS) args.push('--glob', `!${dir}/`);
  args.push('--glob', '!.git/');
  args.push('--regexp', pattern, '--', target);
  return args;
}

/**
 * One line that says why ripgrep refused the pattern: its `error:` line (or its size-limit
 * line), without the pattern echo, the caret line and the PCRE2 advice of its 5-line report.
 */
function regexError(pattern: string, stderr: string): SightlineError {
  const lines = stderr.replace(/^rg: /gm, '').split('\n');
  const reason =
    lines
      .find((line) => line.startsWith('error: '))
      ?.slice('error: '.length)
      .trim() ??
    lines.find((line) => /exceeds size limit/.test(line))?.trim() ??
    'ripgrep refused it';
  return new SightlineError({
    code: 'INVALID_REGEX',
    message: `The pattern ${JSON.stringify(pattern)} is not a valid regular expression: ${reason}. Patterns use ripgrep's default engine (Rust regex syntax: no look-around, no backreferences); escape special characters such as ( [ { . * + ? with a backslash, or simplify the pattern.`,
    details: { pattern, stderr: stderr.trim() },
  });
}

function stopNote(run: RipgrepRun, shown: number, more: boolean, maxResults: number, cap: number) {
  if (run.stopped === 'timeout') {
    return `[The search was stopped after the time limit; showing ${shown} matches found until then. Narrow it with path or glob.]`;
  }
  if (run.stopped === 'output-cap') {
    return `[The search was stopped because ripgrep printed too much (very long matching lines); showing ${shown} matches. Narrow it with path or glob.]`;
  }
  if (!more) return '';
  const raise = maxResults < cap ? `, or raise maxResults (up to ${cap})` : '';
  return `[Showing the first ${shown} matches; there are more. Use a more specific pattern, pass path or glob${raise}.]`;
}

/**
 * Searches the repository for a regular expression with ripgrep (Rust regex syntax).
 * Honours `.gitignore`, searches hidden files but never `.git`, vendored folders, files over
 * `maxFileBytes`, or what the secret gate refuses or withholds (unless `allowSecrets`): secret
 * files, hard links, binary files, lines that hold secrets. Does not follow symlinks; reads
 * UTF-16 files with a byte order mark as text.
 * @param root repository root (any path; its real path is used).
 * @param pattern regular expression, 1–1,000 characters.
 * @returns matches grouped by file, or `INVALID_ARGUMENT`, `INVALID_REGEX`, `PATH_OUTSIDE_ROOT`,
 *   `PATH_NOT_FOUND`, `SECRET_FILE`, `FILE_TOO_LARGE` (a `path` naming a file over
 *   `maxFileBytes`), `FILE_UNREADABLE`, `TOOL_FAILED` as a {@link ToolError};
 *   never throws.
 * @example await grep('.', 'parseReport\\(', { glob: '*.ts' })
 */
export async function grep(
  root: string,
  pattern: string,
  {
    path: searchPath = '.',
    glob,
    caseSensitive = false,
    maxResults,
    context: contextOption,
    allowSecrets = false,
    maxOutputTokens = DEFAULT_LIMITS.maxOutputTokens,
    maxGrepResults = DEFAULT_LIMITS.maxGrepResults,
    maxMatchChars = DEFAULT_LIMITS.maxMatchChars,
    grepTimeoutMs = DEFAULT_LIMITS.grepTimeoutMs,
    maxGrepOutputBytes = DEFAULT_LIMITS.maxGrepOutputBytes,
    maxFileBytes = DEFAULT_LIMITS.maxFileBytes,
  }: GrepOptions = {},
): Promise<CodeToolResult<GrepResult>> {
  try {
    nonEmptyText('pattern', pattern);
    if (glob !== undefined) nonEmptyText('glob', glob, 500);
    const requested = integerInRange('maxResults', maxResults, { min: 1, fallback: 50 });
    const limit = Math.min(requested, maxGrepResults);
    const context = integerInRange('context', contextOption, {
      min: 0,
      max: MAX_CONTEXT_LINES,
      fallback: 0,
    });
    const realRoot = await resolveRoot(root);
    const target = await resolveInRoot(realRoot, searchPath);
    const gate = createFileGate(realRoot, { allowSecrets });
    if (target.isFile) {
      if (target.size > maxFileBytes) throw fileTooLarge(searchPath, target.size, maxFileBytes);
      const verdict =
        !allowSecrets && isSecretFile(searchPath, '') ? null : await gate(target.relative);
      if (verdict && !verdict.ok && verdict.code === 'FILE_UNREADABLE') {
        throw new SightlineError({
          code: 'FILE_UNREADABLE',
          message: `"${searchPath}" could not be read: ${verdict.reason}; it is not searched.`,
          details: { path: target.relative },
        });
      }
      if (verdict === null || (!verdict.ok && verdict.code === 'SECRET_FILE')) {
        throw new SightlineError({
          code: 'SECRET_FILE',
          message: `"${searchPath}" is refused: it looks like ${verdict ? verdict.reason : 'a secret file (keys, tokens, credentials)'}; it is not searched.`,
          details: { path: target.relative },
        });
      }
    }
    const toRelative = (printed: string) =>
      toPosix(path.relative(realRoot, path.resolve(realRoot, printed)));
    const run = await runRipgrep({
      cwd: realRoot,
      args: ripgrepArgs(
        pattern,
        target.relative || '.',
        glob,
        caseSensitive,
        maxFileBytes,
        context,
      ),
      accept: async (match) => {
        const file = await gate(toRelative(match.path));
        return file.ok && !file.withheld.has(match.line);
      },
      maxMatches: limit + 1,
      timeoutMs: grepTimeoutMs,
      maxOutputBytes: maxGrepOutputBytes,
    });
    if (run.exitCode === 2 && run.matches.length === 0) {
      if (REGEX_ERROR.test(run.stderr)) throw regexError(pattern, run.stderr);
      if (GLOB_ERROR.test(run.stderr)) {
        throw new SightlineError({
          code: 'INVALID_ARGUMENT',
          message: `The glob is not valid: ${run.stderr.replace(/^rg: /, '').trim()}`,
          details: { glob },
        });
      }
    }
    const found = run.matches.slice(0, limit).map((match) => ({
      path: toRelative(match.path),
      line: match.line,
      text: excerpt(match, maxMatchChars),
    }));
    const around = run.context.map((line) => ({
      path: toRelative(line.path),
      line: line.line,
      text: cutLine(line.text, maxMatchChars).text,
    }));
    const group = (count: number) => groupByFile(found.slice(0, count), around, context);
    // The caller's path, glob and pattern are shown as every path of a result is (printablePath):
    // a line break in one would split the header.
    const shownPattern = `/${printablePath(pattern)}/${caseSensitive ? '' : 'i'}`;
    const where = target.relative === '' ? 'the repository' : `"${printablePath(target.relative)}"`;
    const scope = `${where}${glob === undefined ? '' : ` (glob ${printablePath(glob)})`}`;
    if (found.length === 0 && run.stopped === null) {
      const problem = run.exitCode === 2 ? run.stderr.split('\n')[0]?.replace(/^rg: /, '') : '';
      const reported = problem ? `\n[ripgrep reported: ${cutLine(problem, 300).text}]` : '';
      return {
        text: `No matches for ${shownPattern} in ${scope}. Check the spelling, try a shorter pattern${caseSensitive ? ', caseSensitive=false,' : ''} or a wider path.${reported}`,
        files: [],
        matchCount: 0,
        truncated: false,
      };
    }
    const render = (count: number) => {
      const files = group(count);
      const more = count < found.length || run.matches.length > limit;
      // A cut result says so in its first line too: its counts are of what is shown (trial 41).
      const cut = more || run.stopped !== null;
      const counted = pluralize(count, 'match', 'matches');
      const shownCount = !cut ? counted : count === 1 ? 'The first match' : `The first ${counted}`;
      const lines = [
        `${shownCount} in ${pluralize(files.length, 'file')} for ${shownPattern} in ${scope}${context > 0 ? ` (${pluralize(context, 'line')} of context, matches marked >)` : ''}:`,
      ];
      for (const file of files) lines.push(printablePath(file.path), ...fileLines(file, context));
      const note = stopNote(run, count, more, requested, maxGrepResults);
      if (note) lines.push(note);
      if (requested > maxGrepResults) lines.push(`[maxResults was lowered to ${maxGrepResults}.]`);
      return lines.join('\n');
    };
    const shown = countFittingItems(found.length, maxOutputTokens, render);
    return {
      text: render(shown),
      files: group(shown),
      matchCount: shown,
      truncated: shown < found.length || run.matches.length > limit || run.stopped !== null,
    };
  } catch (error) {
    return toToolError(error);
  }
}

type Line = { path: string; line: number; text: string };

/**
 * Groups matches by file, with the context lines within `context` lines of a shown match (so a
 * line that appears only because a withheld line matched is never shown).
 */
function groupByFile(matches: Line[], around: Line[], context: number): GrepFileMatches[] {
  const files: GrepFileMatches[] = [];
  for (const { path: file, line, text } of matches) {
    const last = files.at(-1);
    if (last?.path === file) last.matches.push({ line, text });
    else files.push({ path: file, matches: [{ line, text }], contextLines: [] });
  }
  if (context === 0) return files;
  for (const file of files) {
    const matched = new Set(file.matches.map((match) => match.line));
    const seen = new Set<number>();
    for (const { path: other, line, text } of around) {
      if (other !== file.path || matched.has(line) || seen.has(line)) continue;
      if (!file.matches.some((match) => Math.abs(match.line - line) <= context)) continue;
      seen.add(line);
      file.contextLines.push({ line, text });
    }
    file.contextLines.sort((a, b) => a.line - b.line);
  }
  return files;
}

/**
 * One file's lines numbered like `read_file` (`  12│ code`); with context, matches are marked
 * `>` and a gap between non-adjacent lines is shown as `  …`.
 */
function fileLines(file: GrepFileMatches, context: number): string[] {
  const rows = [
    ...file.matches.map((match) => ({ ...match, mark: context > 0 ? '>' : ' ' })),
    ...file.contextLines.map((line) => ({ ...line, mark: ' ' })),
  ].sort((a, b) => a.line - b.line);
  const width = String(rows.at(-1)?.line ?? 0).length;
  const lines: string[] = [];
  let previous: number | undefined;
  for (const row of rows) {
    if (context > 0 && previous !== undefined && row.line > previous + 1)
      lines.push(`  ${ELLIPSIS}`);
    lines.push(`${row.mark} ${String(row.line).padStart(width)}│ ${row.text}`);
    previous = row.line;
  }
  return lines;
}
