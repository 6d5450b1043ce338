/**
 * Fingerprints of parsed crash reports, to tell whether a change to intake lost anything on the
 * shared crash samples (`../shared/data/crashes`). A fingerprint keeps only hashes (no text of the
 * shared data enters the repository): one per exception header (`type: message`) and one per frame
 * location (function, module, file, line, column), with the frame's `inApp` flag beside it.
 * `compareFingerprints` reports what a new parse lost against a baseline, what it added, and
 * which frames changed side (application ↔ library).
 */
import { createHash } from 'node:crypto';
import type { Exception, Frame, Report } from '@sightline/intake';

/** Format version of {@link CrashFingerprint}; a baseline of another version is rejected. */
export const CRASH_FINGERPRINT_VERSION = 1;

/** What a parse of one crash sample found, as hashes. */
export interface CrashFingerprint {
  /** One hash per exception and cause: `type: message`. */
  exceptions: string[];
  /** One entry per frame, every exception and cause, innermost first. */
  frames: { location: string; inApp: boolean }[];
}

/** What a new parse changed against a baseline. */
export interface FingerprintDiff {
  /** Baseline exceptions whose header the new parse no longer has. */
  lostExceptions: number;
  /** Baseline frames whose location the new parse no longer has. */
  lostFrames: number;
  /** Frames of the new parse that the baseline did not have. */
  addedFrames: number;
  /** Frames kept at the same location whose `inApp` went from true to false. */
  appToLibrary: number;
  /** Frames kept at the same location whose `inApp` went from false to true. */
  libraryToApp: number;
}

const hash = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 16);

function chain(exceptions: Exception[]): Exception[] {
  const all: Exception[] = [];
  for (const exception of exceptions) {
    for (let current: Exception | undefined = exception; current; current = current.cause) {
      all.push(current);
    }
  }
  return all;
}

function locationOf(frame: Frame): string {
  return hash(
    [frame.function, frame.module, frame.file, frame.line, frame.column]
      .map((part) => part ?? '')
      .join('\u0000'),
  );
}

/**
 * Fingerprints a parsed report.
 * @param report - the report as `parseReport` returned it.
 * @returns hashes of its exception headers and frame locations, with each frame's `inApp`.
 */
export function fingerprintReport(report: Report): CrashFingerprint {
  const exceptions = chain(report.exceptions);
  const frames = [...exceptions.flatMap((exception) => exception.frames), ...(report.stack ?? [])];
  return {
    exceptions: exceptions.map((exception) => hash(`${exception.type}: ${exception.message}`)),
    frames: frames.map((frame) => ({ location: locationOf(frame), inApp: frame.inApp })),
  };
}

/** Removes one occurrence of each of `items` from the multiset `pool`; returns what was missing. */
function takeEach(pool: Map<string, number>, items: string[]): number {
  let missing = 0;
  for (const item of items) {
    const count = pool.get(item) ?? 0;
    if (count === 0) missing += 1;
    else pool.set(item, count - 1);
  }
  return missing;
}

function countOf(items: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return counts;
}

/**
 * Compares a new fingerprint with a baseline (frames as multisets: order changes are not losses).
 * @param baseline - the fingerprint of the baseline parse.
 * @param current - the fingerprint of the new parse.
 * @returns counts of lost and added frames and exceptions, and of frames that changed side.
 */
export function compareFingerprints(
  baseline: CrashFingerprint,
  current: CrashFingerprint,
): FingerprintDiff {
  const lostExceptions = takeEach(countOf(current.exceptions), baseline.exceptions);
  const currentLocations = current.frames.map((frame) => frame.location);
  const lostFrames = takeEach(
    countOf(currentLocations),
    baseline.frames.map((frame) => frame.location),
  );
  const addedFrames = takeEach(
    countOf(baseline.frames.map((frame) => frame.location)),
    currentLocations,
  );
  const sides = new Map<string, boolean[]>();
  for (const frame of current.frames) {
    sides.set(frame.location, [...(sides.get(frame.location) ?? []), frame.inApp]);
  }
  let appToLibrary = 0;
  let libraryToApp = 0;
  for (const frame of baseline.frames) {
    const now = sides.get(frame.location)?.shift();
    if (now === undefined || now === frame.inApp) continue;
    if (frame.inApp) appToLibrary += 1;
    else libraryToApp += 1;
  }
  return { lostExceptions, lostFrames, addedFrames, appToLibrary, libraryToApp };
}
