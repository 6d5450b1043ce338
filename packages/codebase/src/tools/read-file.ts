/**
 * The `read_file` code tool: a range of a repository file as numbered lines, at most a few hundred
 * lines and a token budget per call, with clear refusals for folders, binary, secret and oversized
 * files, and notes for what was cut.
 */
import {
  countFittingItems,
  cutLine,
  digits,
  pluralize,
  SightlineError,
  toToolError,
} from '@sightline/core';
import { isSecretFile, printablePath } from '../repository/content.js';
import { resolveInRoot, resolveRoot } from '../repository/sandbox.js';
import { gateFile } from '../repository/secret-gate.js';
import { type CodeToolLimits, DEFAULT_LIMITS, fileTooLarge } from './limits.js';
import type { CodeToolResult, CodeToolSuccess } from './tool-result.js';
import { integerInRange } from './validate-input.js';

/** Options of {@link readFile}. */
export interface ReadFileOptions
  extends Pick<
    CodeToolLimits,
    'maxOutputTokens' | 'maxReadLines' | 'maxLineChars' | 'maxFileBytes'
  > {
  /** First line to show, 1-based. Default 1. */
  startLine?: number;
  /** Last line to show, 1-based inclusive. Default `startLine + maxReadLines - 1`. */
  endLine?: number;
  /** Read secret-looking files (.env, keys, credentials) too. Default false. */
  allowSecrets?: boolean;
}

/** Result of {@link readFile}. */
export interface ReadFileResult extends CodeToolSuccess {
  /** Repository-relative real path of the file, `/` separators. */
  path: string;
  /** Lines shown, 1-based inclusive; `null` for an empty file. */
  lines: [number, number] | null;
  /** Lines in the whole file. */
  totalLines: number;
  /**
   * True when lines asked for were left out (the line cap or the token budget; without `endLine`
   * the whole rest of the file counts as asked for) or a line was cut.
   */
  truncated: boolean;
}

function refuse(
  code: 'NOT_A_FILE' | 'SECRET_FILE' | 'BINARY_FILE' | 'FILE_UNREADABLE',
  message: string,
  path: string,
) {
  return new SightlineError({ code, message, details: { path } });
}

/**
 * Reads lines of a repository file, numbered `  12│ code`.
 * @param root repository root (any path; its real path is used).
 * @param filePath repository-relative path (an absolute path inside the root also works).
 * @returns the numbered lines and notes, or `INVALID_ARGUMENT`, `PATH_OUTSIDE_ROOT`,
 *   `PATH_NOT_FOUND`, `NOT_A_FILE`, `SECRET_FILE`, `FILE_TOO_LARGE`, `BINARY_FILE`,
 *   `FILE_UNREADABLE` as a {@link ToolError}; never throws.
 * @example await readFile('.', 'src/parser.ts', { startLine: 120, endLine: 160 })
 */
export async function readFile(
  root: string,
  filePath: string,
  {
    startLine,
    endLine,
    allowSecrets = false,
    maxOutputTokens = DEFAULT_LIMITS.maxOutputTokens,
    maxReadLines = DEFAULT_LIMITS.maxReadLines,
    maxLineChars = DEFAULT_LIMITS.maxLineChars,
    maxFileBytes = DEFAULT_LIMITS.maxFileBytes,
  }: ReadFileOptions = {},
): Promise<CodeToolResult<ReadFileResult>> {
  try {
    const realRoot = await resolveRoot(root);
    const file = await resolveInRoot(realRoot, filePath);
    const shownPath = printablePath(file.relative);
    // By name before anything is said of the file (a folder, its size), and by the name asked
    // for too (a link named `.env`); token files (`.npmrc`) are judged by content in the gate.
    if (!allowSecrets && (isSecretFile(filePath, '') || isSecretFile(file.relative, ''))) {
      throw refuse(
        'SECRET_FILE',
        `"${filePath}" looks like a secret file (keys, tokens, credentials) and is not shown. Look for where the code reads the setting instead.`,
        shownPath,
      );
    }
    if (file.isDirectory) {
      throw refuse(
        'NOT_A_FILE',
        `"${filePath}" is a folder. Use list_dir to see what it holds.`,
        shownPath,
      );
    }
    if (!file.isFile) {
      throw refuse(
        'NOT_A_FILE',
        `"${filePath}" is not a regular file and cannot be read.`,
        shownPath,
      );
    }
    if (file.size > maxFileBytes) {
      throw fileTooLarge(shownPath, file.size, maxFileBytes);
    }
    const gated = await gateFile(file.absolute, file.relative, {
      allowSecrets,
      maxBytes: maxFileBytes,
    });
    if (!gated.ok && gated.code === 'BINARY_FILE') {
      throw refuse(
        'BINARY_FILE',
        `"${shownPath}" is a binary file (it contains NUL bytes); it has no lines to show.`,
        shownPath,
      );
    }
    if (!gated.ok && gated.code === 'FILE_UNREADABLE') {
      throw refuse(
        'FILE_UNREADABLE',
        `"${shownPath}" could not be read: ${gated.reason}. Its code cannot be shown; say so in the diagnosis (the repository's owner can make it readable).`,
        shownPath,
      );
    }
    if (!gated.ok) {
      throw refuse(
        'SECRET_FILE',
        `"${shownPath}" is refused: it looks like ${gated.reason}. Look for where the code reads the setting instead.`,
        shownPath,
      );
    }
    const { lines, withheld: secrets, valid } = gated;
    const total = lines.length;
    const start = integerInRange('startLine', startLine, { min: 1, fallback: 1 });
    if (total === 0) {
      if (start > 1) throw pastEnd(start, shownPath, total);
      return {
        text: `${shownPath} is empty (0 lines).`,
        path: shownPath,
        lines: null,
        totalLines: 0,
        truncated: false,
      };
    }
    if (start > total) throw pastEnd(start, shownPath, total);
    const requestedEnd = integerInRange('endLine', endLine, {
      min: 1,
      fallback: start + maxReadLines - 1,
    });
    if (requestedEnd < start) {
      throw new SightlineError({
        code: 'INVALID_ARGUMENT',
        message: `endLine (${requestedEnd}) is before startLine (${start}). Give endLine ≥ startLine; "${shownPath}" has ${pluralize(total, 'line')}.`,
        details: { startLine: start, endLine: requestedEnd },
      });
    }
    const end = Math.min(requestedEnd, total, start + maxReadLines - 1);
    const width = Math.max(4, digits(end));
    const numbered = lines.slice(start - 1, end).map((line, offset) => {
      const secret = secrets.get(start + offset);
      const { text: cutText, cut } = secret
        ? { text: line, cut: false }
        : cutLine(line, maxLineChars);
      return {
        text: `${String(start + offset).padStart(width)}│ ${cutText}`,
        cut,
        withheld: !!secret,
      };
    });
    const render = (count: number) => {
      const last = start + count - 1;
      const out = [
        `${shownPath} (lines ${start}-${last} of ${total})`,
        ...numbered.slice(0, count).map((line) => line.text),
      ];
      if (last < total) {
        const why =
          count < numbered.length
            ? 'to stay within the output budget'
            : last < requestedEnd
              ? `read_file shows at most ${maxReadLines} lines a call`
              : '';
        out.push(
          `[Showing lines ${start}-${last} of ${total}${why ? ` (${why})` : ''}. To read on, call read_file with startLine=${last + 1}.]`,
        );
      }
      const cutCount = numbered.slice(0, count).filter((line) => line.cut).length;
      if (cutCount > 0)
        out.push(
          `[${pluralize(cutCount, 'line')} longer than ${maxLineChars} characters ${cutCount === 1 ? 'was' : 'were'} cut with "…".]`,
        );
      const withheld = numbered.slice(0, count).filter((line) => line.withheld);
      if (withheld.length > 0)
        out.push(
          `[${pluralize(withheld.length, 'line')} withheld because ${withheld.length === 1 ? 'it looks like a secret' : 'they look like secrets'}.]`,
        );
      if (!valid)
        out.push('[The file is not valid UTF-8; undecodable bytes are shown as "\uFFFD".]');
      return out.join('\n');
    };
    const shown = Math.max(1, countFittingItems(numbered.length, maxOutputTokens, render));
    const last = start + shown - 1;
    return {
      text: render(shown),
      path: shownPath,
      lines: [start, last],
      totalLines: total,
      truncated:
        last < (endLine === undefined ? total : Math.min(requestedEnd, total)) ||
        numbered.slice(0, shown).some((line) => line.cut),
    };
  } catch (error) {
    return toToolError(error);
  }
}

function pastEnd(start: number, path: string, total: number): SightlineError {
  return new SightlineError({
    code: 'INVALID_ARGUMENT',
    message: `startLine ${start} is past the end: "${path}" has ${pluralize(total, 'line')}.`,
    details: { path, startLine: start, totalLines: total },
  });
}
