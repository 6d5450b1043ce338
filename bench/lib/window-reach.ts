/**
 * What a regression window could do for localization, measured on bench:history's regression set:
 * how often its files hold the fixed file, how many files it changed, and the most any signal
 * "the window changed this suspect's file" could move Acc@1 — however it is weighted, it can only
 * lift the fixed file to first where no other suspect ahead of it is in the window, and can only
 * demote a right first suspect the window did not change below one it did.
 */
import type { Suspect } from '@sightline/investigator';

/** A regression case's window as this reads it. */
export interface WindowReachCase {
  /** The localizer's suspects (history off), most suspect first. */
  suspects: readonly Suspect[];
  /** Files the fix changed. */
  gold: readonly string[];
  /** Files the window's commits changed (path → commits). */
  windowFiles: ReadonlyMap<string, number>;
}

/** What {@link windowReach} finds on one case. */
export interface WindowReach {
  /** The window changed a fixed file. */
  holdsFix: boolean;
  /** The fixed file is ranked below first and no suspect ahead of it is in the window. */
  canLift: boolean;
  /** The first suspect is the fixed file, outside the window, and another suspect is inside. */
  canDemote: boolean;
}

const inWindow = (suspect: Suspect, files: ReadonlyMap<string, number>) =>
  [suspect.path, ...(suspect.twins ?? [])].some((file) => files.has(file));

/** One case's {@link WindowReach}. */
export function windowReach({ suspects, gold, windowFiles }: WindowReachCase): WindowReach {
  const wanted = new Set(gold);
  const at = suspects.findIndex((suspect) => wanted.has(suspect.path));
  const fixed = suspects[at];
  const first = suspects[0];
  return {
    holdsFix: gold.some((file) => windowFiles.has(file)),
    canLift:
      at > 0 &&
      fixed !== undefined &&
      inWindow(fixed, windowFiles) &&
      !suspects.slice(0, at).some((suspect) => inWindow(suspect, windowFiles)),
    canDemote:
      at === 0 &&
      first !== undefined &&
      !inWindow(first, windowFiles) &&
      suspects.some((suspect) => inWindow(suspect, windowFiles)),
  };
}
