/**
 * The regression window as a localization signal. A suspect moves up by how much of its range the
 * window's commits last changed (blame): factor 1 + {@link RANGE_LIFT} · share; a suspect in a file
 * the window changed elsewhere moves up a little, less as the window widens (a window that changed
 * every file says nothing): + {@link FILE_LIFT} · √min(1, 10 / files changed). Changes inside a
 * regression window are where the bug-localization literature finds regressions (the "version
 * history" signal of Sisman & Kak 2012; bisection's premise); the form and weights are
 * Sightline's choice, measured by bench:history (Acc@1 with and without history).
 */
import type { Suspect } from '../diagnosis/schema.js';

/** Lift of a suspect range changed whole inside the window. */
export const RANGE_LIFT = 2;
/** Lift of a suspect in a file the window changed (before the width discount). */
export const FILE_LIFT = 0.5;

/**
 * Re-ranks suspects with what a regression window changed.
 * @param suspects the localizer's suspects (a wider list than will be kept).
 * @param changed repository-relative path → commits of the window that changed it.
 * @param rangeShares path → share (0–1) of that suspect's range last changed by the window's
 *   commits, for the suspects that were blamed. Default none.
 * @returns the suspects, lifted ones with a line of evidence, re-sorted by score (ties keep their
 *   order).
 */
export function liftWindowFiles(
  suspects: readonly Suspect[],
  changed: ReadonlyMap<string, number>,
  rangeShares: ReadonlyMap<string, number> = new Map(),
): Suspect[] {
  if (changed.size === 0) return [...suspects];
  const specificity = Math.sqrt(Math.min(1, 10 / changed.size));
  return suspects
    .map((suspect, order) => {
      const commits = [suspect.path, ...(suspect.twins ?? [])].reduce(
        (most, path) => Math.max(most, changed.get(path) ?? 0),
        0,
      );
      if (commits === 0) return { suspect, order };
      const share = rangeShares.get(suspect.path) ?? 0;
      const factor = 1 + RANGE_LIFT * share + FILE_LIFT * specificity;
      const what =
        share > 0
          ? `${Math.round(share * 100)} % of its lines last changed in the regression window`
          : `its file changed in the regression window (${commits} commit${commits === 1 ? '' : 's'})`;
      return {
        suspect: {
          ...suspect,
          score: suspect.score * factor,
          evidence: [...suspect.evidence, what],
        },
        order,
      };
    })
    .sort((a, b) => b.suspect.score - a.suspect.score || a.order - b.order)
    .map(({ suspect }) => suspect);
}
