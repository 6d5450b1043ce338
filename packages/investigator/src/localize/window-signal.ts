/**
 * The regression window as a localization signal: a suspect file that a commit inside the window
 * changed moves up. The lift shrinks as the window widens (a window that changed every file says
 * nothing): factor 1 + {@link WINDOW_LIFT} · √min(1, 10 / files changed). The form is Sightline's
 * choice; bench:history measures it (Acc@1 with and without history on the regression set).
 */
import type { Suspect } from '../diagnosis/schema.js';

/** Largest relative score lift of a file changed in the window. */
export const WINDOW_LIFT = 1.5;

/**
 * Re-ranks suspects with the files a regression window changed.
 * @param suspects the localizer's suspects (a wider list than will be kept).
 * @param changed repository-relative path → commits of the window that changed it.
 * @returns the suspects, those changed in the window lifted (with a line of evidence), re-sorted
 *   by score (ties keep their order).
 */
export function liftWindowFiles(
  suspects: readonly Suspect[],
  changed: ReadonlyMap<string, number>,
): Suspect[] {
  if (changed.size === 0) return [...suspects];
  const factor = 1 + WINDOW_LIFT * Math.sqrt(Math.min(1, 10 / changed.size));
  return suspects
    .map((suspect, order) => {
      const commits = [suspect.path, ...(suspect.twins ?? [])].reduce(
        (most, path) => Math.max(most, changed.get(path) ?? 0),
        0,
      );
      if (commits === 0) return { suspect, order };
      return {
        suspect: {
          ...suspect,
          score: suspect.score * factor,
          evidence: [
            ...suspect.evidence,
            `changed in the regression window (${commits} commit${commits === 1 ? '' : 's'})`,
          ],
        },
        order,
      };
    })
    .sort((a, b) => b.suspect.score - a.suspect.score || a.order - b.order)
    .map(({ suspect }) => suspect);
}
