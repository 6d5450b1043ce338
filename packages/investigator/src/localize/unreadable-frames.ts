/**
 * Stack frames that point into code the index could not read (permissions): the files are in
 * the repository but in no ranking, so the innermost frame the localizer resolves is not where
 * the error was raised, and a root cause that said so would misquote the trace (fresh-user trial
 * 24).
 */
import type { RepositoryIndex } from '@sightline/codebase';
import type { Frame, Report } from '@sightline/intake';

/** A frame of the report in a file the index could not read. */
export interface UnreadableFrame {
  frame: Frame;
  /** Repository-relative path of its file. */
  path: string;
}

/**
 * The innermost frame, in the trace that holds the frame written `resolvedRaw`, that comes before
 * it and whose file could not be read.
 * @param report - the report (exceptions' frames and its stack, innermost first).
 * @param unreadable - what the index could not read ({@link unreadableEntries}).
 * @param resolvedRaw - the text of the innermost frame the localizer resolved.
 * @returns the frame and its repository-relative path, or undefined when there is none.
 */
export function unreadableFrameBefore(
  report: Report,
  unreadable: readonly string[],
  resolvedRaw: string,
): UnreadableFrame | undefined {
  if (unreadable.length === 0) return undefined;
  const traces = [...report.exceptions.map((exception) => exception.frames), report.stack ?? []];
  for (const frames of traces) {
    const resolved = frames.findIndex((frame) => frame.raw === resolvedRaw);
    for (const frame of frames.slice(0, Math.max(0, resolved))) {
      const path = unreadablePath(frame, unreadable);
      if (path) return { frame, path };
    }
  }
  return undefined;
}

/** The paths the index could not read: files, and folders (ending with `/`). */
export function unreadableEntries(index: RepositoryIndex): string[] {
  return index.skipped.filter((entry) => entry.reason === 'unreadable').map((entry) => entry.path);
}

/**
 * The repository-relative path of `frame`'s file when it is, or lies in, an unreadable entry.
 * @param frame - a frame of the report.
 * @param unreadable - {@link unreadableEntries}.
 * @returns the path, or undefined when the frame's file is not unreadable (or has no file).
 */
export function unreadablePath(frame: Frame, unreadable: readonly string[]): string | undefined {
  if (frame.repoPath && unreadable.includes(frame.repoPath)) return frame.repoPath;
  const file = frame.file?.replaceAll('\\', '/');
  if (!file) return undefined;
  for (const entry of unreadable) {
    // The entry from its start, or after a `/` (an absolute or deployed path ending in it).
    const start = file.startsWith(entry) ? 0 : file.lastIndexOf(`/${entry}`) + 1;
    if (start === 0 && !file.startsWith(entry)) continue;
    const rest = file.slice(start);
    if (entry.endsWith('/') || rest === entry) return rest;
  }
  return undefined;
}
