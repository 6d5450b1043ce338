/**
 * The focus of the repository map for one report: the in-app frames resolved to repository files,
 * the paths it names and the identifiers it mentions, as the localizer reads them.
 */
import type { Report } from '../intake/types.js';
import { readPackageName } from '../localize/frame-paths.js';
import { collectReportSignals } from '../localize/report-signals.js';
import type { Focus, RepoIndex } from '../repomap/types.js';

/**
 * Builds the personalized-PageRank focus of a report against an index.
 * @param report - the parsed report (`parseReport`, then `markInAppFrames`).
 * @param index - the repository index; its root `package.json` name is read (synchronously) so
 *   that frames under `node_modules/<this package>/` map as they do for `localize`.
 * @returns frames (innermost in-app first, 1-based lines), indexed paths and identifiers.
 */
export function reportFocus(report: Report, index: RepoIndex): Focus {
  const signals = collectReportSignals(report, index, {
    packageName: readPackageName(index.root),
  });
  return {
    identifiers: signals.identifiers,
    paths: signals.paths,
    frames: signals.frames.map((frame) => ({
      path: frame.path,
      ...(frame.line ? { line: frame.line } : {}),
    })),
  };
}
