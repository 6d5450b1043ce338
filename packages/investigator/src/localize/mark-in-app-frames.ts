/**
 * Re-decides `inApp` against a real repository: a frame is the repository's own code when its
 * file exists there. The frame's path is cleaned first (`file://`, `webpack:///`, URL host, and
 * `node_modules/<package>/` when `<package>` is the repository's own package name — so a report
 * against a published library, whose traces run through `node_modules/<pkg>/`, finds the
 * library's files). A JVM frame (`MyServlet.java` in class `com.example.MyServlet`) is looked up
 * as `com/example/MyServlet.java` under any source root.
 */
import path from 'node:path';
import type { Repository } from '@sightline/codebase';
import type { Exception, Frame, Report } from '@sightline/intake';
import { type FrameFileLookup, frameFileLookup, resolveFrame } from './frame-paths.js';

function markFrames(frames: Frame[], lookup: FrameFileLookup, packageName?: string): Frame[] {
  return frames.map((frame): Frame => {
    const repoPath = resolveFrame(lookup, frame, packageName);
    if (repoPath === undefined) return frame;
    if (repoPath === null) return { ...frame, inApp: false };
    return { ...frame, inApp: true, repoPath };
  });
}

function markException(
  exception: Exception,
  lookup: FrameFileLookup,
  packageName?: string,
): Exception {
  return {
    ...exception,
    frames: markFrames(exception.frames, lookup, packageName),
    ...(exception.cause ? { cause: markException(exception.cause, lookup, packageName) } : {}),
  };
}

/**
 * Re-checks every frame's `inApp` flag against the files of a repository (build output included,
 * since frames often run from `dist/`). Frames with a file (or a JVM class) become in-app exactly
 * when they resolve to a file of the repository (`resolveFramePath`: longest matching path
 * suffix), and get its `repoPath`; frames without one (native addresses) keep their flag.
 * @param report a parsed report (not modified).
 * @param repository the repository (see `openRepository`); its files are walked on first use.
 * @returns a copy of the report with updated frames.
 */
export async function markInAppFrames(report: Report, repository: Repository): Promise<Report> {
  // Most reviews and issues have no frame: skip listing the repository and building the lookup.
  if (report.exceptions.length === 0 && !report.stack?.length) return { ...report };
  const { files } = await repository.files();
  const lookup = frameFileLookup(
    files.map((file) => file.path),
    path.basename(repository.root),
  );
  const { packageName } = repository;
  return {
    ...report,
    exceptions: report.exceptions.map((exception) => markException(exception, lookup, packageName)),
    ...(report.stack ? { stack: markFrames(report.stack, lookup, packageName) } : {}),
  };
}
