/**
 * The focus of the repository map for one report: the in-app frames resolved to repository files,
 * the paths it names and the identifiers it mentions, as the localizer reads them.
 */

import type { Focus } from '@sightline/codebase';
import type { ReportSignals } from '../localize/report-signals.js';

/**
 * Turns a report's signals (`collectReportSignals`) into the personalized-PageRank focus of the
 * repository map, so the map leans toward what the localizer saw.
 * @param signals - the report's signals against the index.
 * @returns frames (innermost in-app first, 1-based lines), indexed paths and identifiers.
 */
export function reportFocus(signals: ReportSignals): Focus {
  return {
    identifiers: signals.identifiers,
    paths: signals.paths,
    frames: signals.frames.map((frame) => ({
      path: frame.path,
      ...(frame.line ? { line: frame.line } : {}),
    })),
  };
}
