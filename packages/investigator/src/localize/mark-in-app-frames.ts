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
import { allFrames, type Exception, type Frame, type Report } from '@sightline/intake';
import { isCrateSymbol, readCrateNames } from './cargo-crates.js';
import {
  type FrameFileLookup,
  frameFileLookup,
  indexFileLookup,
  resolveFrame,
} from './frame-paths.js';

/** What frames are marked against: the repository's files, package name and Rust crates. */
interface Marking {
  lookup: FrameFileLookup;
  packageName?: string;
  /** Rust crates the repository defines (Cargo.toml), for frames that carry only a symbol. */
  crates: Set<string>;
}

function markFrames(frames: Frame[], marking: Marking): Frame[] {
  return frames.map((frame): Frame => {
    const repoPath = resolveFrame(marking.lookup, frame, marking.packageName);
    if (repoPath === undefined) {
      const ownSymbol =
        frame.function !== undefined && isCrateSymbol(frame.function, marking.crates);
      return ownSymbol ? { ...frame, inApp: true } : frame;
    }
    if (repoPath === null) return { ...frame, inApp: false };
    return { ...frame, inApp: true, repoPath };
  });
}

function markException(exception: Exception, marking: Marking): Exception {
  return {
    ...exception,
    frames: markFrames(exception.frames, marking),
    ...(exception.cause ? { cause: markException(exception.cause, marking) } : {}),
  };
}

/** Whether a frame left unresolved by the file list names a file at the repository's root. */
function mayBeRootFile(lookup: FrameFileLookup, frame: Frame, packageName?: string): boolean {
  if (!frame.file || resolveFrame(lookup, frame, packageName) !== null) return false;
  const name = frame.file.split(/[\\/]/).at(-1) ?? '';
  return lookup.byName.get(name)?.some((segments) => segments.length === 1) ?? false;
}

/**
 * Re-checks every frame's `inApp` flag against the files of a repository (build output included,
 * since frames often run from `dist/`). Frames with a file (or a JVM class) become in-app exactly
 * when they resolve to a file of the repository (`resolveFramePath`: longest matching path
 * suffix), and get its `repoPath`; frames without one keep their flag, except Rust symbols of a
 * crate the repository's Cargo.toml defines, which become in-app.
 * @param report a parsed report (not modified).
 * @param repository the repository (see `openRepository`); its files are walked on first use.
 * @returns a copy of the report with updated frames.
 */
export async function markInAppFrames(report: Report, repository: Repository): Promise<Report> {
  // Most reviews and issues have no frame: skip listing the repository and building the lookup.
  if (report.exceptions.length === 0 && !report.stack?.length) return { ...report };
  const files = (await repository.files()).files.map((file) => file.path);
  const listed = frameFileLookup(files, path.basename(repository.root));
  const frames = [...allFrames(report.exceptions), ...(report.stack ?? [])];
  const marking: Marking = {
    // A frame from a deployment folder into a root file (`/app/server.js`) resolves when the
    // file defines the frame's function, which only the index knows (as `investigate` resolves
    // it: fresh-user trial 42 saw `triage --repo` drop such a top frame).
    lookup: frames.some((frame) => mayBeRootFile(listed, frame, repository.packageName))
      ? indexFileLookup(await repository.index())
      : listed,
    ...(repository.packageName ? { packageName: repository.packageName } : {}),
    crates: new Set(await readCrateNames(repository.root, files)),
  };
  return {
    ...report,
    exceptions: report.exceptions.map((exception) => markException(exception, marking)),
    ...(report.stack ? { stack: markFrames(report.stack, marking) } : {}),
  };
}
