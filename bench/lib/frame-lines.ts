/**
 * The lines of the blamed suspect files that the report's stack frames name: where the failure
 * ran through them. A commit that last changed such a line is a likelier cause of a crash (the
 * crash-stack features of ChangeLocator: Wu, Wen, Cheung & Zhang, "ChangeLocator: Locate
 * Crash-Inducing Changes Based on Crash Reports", EMSE 2018). A feature of the suspect-commit
 * ranking, measured by bench:history (at weight 0 in the shipped model, so investigate does not
 * read it).
 */
import { allFrames, type Report } from '@sightline/intake';
import { frameFileLookup, resolveFrame } from '@sightline/investigator/internal';

/**
 * @param report the parsed report (its exceptions, their causes and a bare stack).
 * @param paths repository-relative files blamed (`/` separators).
 * @param packageName this repository's package name (a frame inside `node_modules/<it>/` is its
 *   own code; see `framePathSegments`).
 * @returns path → the 1-based lines frames name in it, ascending, for the paths some frame with a
 *   line resolves to (by its `repoPath`, else by the longest path suffix among `paths`).
 */
export function frameLinesOf(
  report: Pick<Report, 'exceptions' | 'stack'>,
  paths: readonly string[],
  packageName?: string,
): Map<string, number[]> {
  const wanted = new Set(paths);
  const lookup = frameFileLookup(wanted);
  const found = new Map<string, Set<number>>();
  for (const frame of [...allFrames(report.exceptions), ...(report.stack ?? [])]) {
    if (!frame.line) continue;
    const file =
      frame.repoPath && wanted.has(frame.repoPath)
        ? frame.repoPath
        : resolveFrame(lookup, frame, packageName);
    if (!file) continue;
    found.set(file, (found.get(file) ?? new Set()).add(frame.line));
  }
  return new Map([...found].map(([file, lines]) => [file, [...lines].sort((a, b) => a - b)]));
}
