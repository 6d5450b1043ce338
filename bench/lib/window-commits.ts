/**
 * bench:history's stage of a resolved window's commits as text (subject and changed files), for
 * the report-matched evidence (packages/investigator/src/localize/window-subjects.ts): the window
 * resolved again in the snapshot at the fix's parent, as investigate resolves it, kept in the
 * stage cache so the figures never read git.
 */
import { findRegressionWindow } from '@sightline/codebase';
import type { WindowCommitText } from '@sightline/investigator/internal';
import { cachedStage, codeKey } from './history-cache.js';
import { historyAt } from './history-windows.js';

/** The window code as committed (what the kept commits depend on). */
const WINDOW_COMMITS_KEY = codeKey([
  'packages/codebase/src/history/regression-window.ts',
  'packages/codebase/src/history/version-mentions.ts',
  'packages/codebase/src/history/gate-commit-texts.ts',
  'bench/lib/window-commits.ts',
]);

/**
 * The commits of a report's window at the fix's parent (empty when none resolves).
 * @param id the case's id (its key in the stage cache).
 * @param mirror the snapshot (bare repository).
 * @param parent the fix's parent.
 * @param text the report (title and body).
 */
export function windowCommitTexts(
  id: string,
  mirror: string,
  parent: string,
  text: string,
): Promise<WindowCommitText[]> {
  return cachedStage('window-commits', WINDOW_COMMITS_KEY, id, async () => {
    const { window } = await findRegressionWindow(historyAt(mirror, parent), text);
    return (window?.commits ?? []).map(({ subject, files }) => ({ subject, files }));
  });
}
