/**
 * Lines of repository code around a line (a stack frame's, an evidence quote's), for the console:
 * the path is proven inside the project's repository (symlinks and `..` refused) and the file is
 * read through the secret gate, so a secret file is refused whole and a line holding a secret is
 * replaced by a note — the same rules as the investigation's own tools. ±5 lines as Sentry shows
 * around each in-app frame (https://docs.sentry.io/platforms/javascript/sourcemaps/).
 */
import { SightlineError } from '@sightline/core';
import {
  gateFile,
  printablePath,
  refusedByName,
  resolveInRoot,
  resolveRoot,
} from '../adapters/investigator.js';

/** Lines shown on each side of the asked line. */
export const CONTEXT_LINES = 5;

/** Code around a line, or why none is shown. */
export type CodeContext =
  | {
      ok: true;
      /** Repository-relative path, `/` separators. */
      path: string;
      /** The asked line, 1-based (clamped to the file). */
      line: number;
      /** 1-based line of `lines[0]`. */
      start: number;
      /** The lines, withheld ones replaced by their note. */
      lines: string[];
      /** 1-based numbers of withheld lines among them. */
      withheld: number[];
    }
  | {
      ok: false;
      /** `PATH_NOT_FOUND`, `PATH_OUTSIDE_ROOT`, `NOT_A_FILE`, `SECRET_FILE`, `BINARY_FILE`,
       *  `FILE_UNREADABLE`. */
      code: string;
      /** Why, in words that name no secret. */
      reason: string;
    };

/**
 * The lines `line - 5 … line + 5` of `file` in the repository at `repo`. Never throws for a path
 * (an answer says why no code is shown).
 *
 * @param repo - The project's repository folder.
 * @param file - Repository-relative path (as a frame's `repoPath` or a quote's `path`).
 * @param line - 1-based line.
 */
export async function codeContext(repo: string, file: string, line: number): Promise<CodeContext> {
  // By name first: whether a file under .git/ exists, or is a folder, is not told either.
  const named = refusedByName(file);
  if (named) return { ok: false, code: named.code, reason: `Not shown: ${named.reason}.` };
  let resolved: Awaited<ReturnType<typeof resolveInRoot>>;
  try {
    resolved = await resolveInRoot(await resolveRoot(repo), file);
  } catch (error) {
    if (SightlineError.isInstance(error)) {
      // The sandbox's own message advises an agent's tool (list_dir); a triager is told why.
      const reason =
        error.code === 'PATH_NOT_FOUND'
          ? `"${printablePath(file)}" is not in the project's repository as checked out: the report may name a file of another version, or one a build writes.`
          : error.message;
      return { ok: false, code: error.code, reason };
    }
    throw error;
  }
  if (!resolved.isFile) {
    return { ok: false, code: 'NOT_A_FILE', reason: `${resolved.relative} is not a file.` };
  }
  const gated = await gateFile(resolved.absolute, resolved.relative);
  if (!gated.ok) {
    return { ok: false, code: gated.code, reason: `Not shown: ${gated.reason}.` };
  }
  const total = gated.lines.length;
  const at = Math.min(Math.max(1, line), Math.max(1, total));
  const start = Math.max(1, at - CONTEXT_LINES);
  const end = Math.min(total, at + CONTEXT_LINES);
  const withheld = [...gated.withheld.keys()].filter((number) => number >= start && number <= end);
  return {
    ok: true,
    path: resolved.relative,
    line: at,
    start,
    lines: gated.lines.slice(start - 1, end),
    withheld: withheld.sort((a, b) => a - b),
  };
}
