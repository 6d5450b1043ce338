/**
 * Re-decides `inApp` against a real repository: a frame is the repository's own code when its
 * file exists there. The frame's path is cleaned first (`file://`, `webpack:///`, URL host, and
 * `node_modules/<package>/` when `<package>` is the repository's own package name — so a report
 * against a published library, whose traces run through `node_modules/<pkg>/`, finds the
 * library's files). A JVM frame (`MyServlet.java` in class `com.example.MyServlet`) is looked up
 * as `com/example/MyServlet.java` under any source root.
 */
import path from 'node:path';
import { listRepositoryFiles, resolveRoot } from '@sightline/codebase';
import type { Exception, Frame, Report } from '@sightline/intake';
import { isCrateSymbol, readCrateNames } from './cargo-crates.js';
import { framePathSegments, readPackageName } from './frame-paths.js';

/** Options of {@link markInAppFrames}. */
export interface MarkInAppFramesOptions {
  /**
   * Repository-relative file paths (`/` separators). Default: the repository's files, build output
   * (`bin/`, `dist/`) included, since frames often run from there.
   */
  files?: string[];
  /** The repository's package name; read from its `package.json` when absent. */
  packageName?: string;
}

interface Lookup {
  files: Set<string>;
  /** Relative path → every file ending with it, for JVM package paths under a source root. */
  suffixes: Map<string, string>;
  packageName?: string;
  rootName: string;
  /** Rust crates the repository defines (Cargo.toml), for frames that carry only a symbol. */
  crates: Set<string>;
}

function jvmCandidate(frame: Frame): string | undefined {
  if (!frame.file || /[/\\]/.test(frame.file) || !frame.module?.includes('.')) return undefined;
  const packagePath = frame.module.split('.').slice(0, -1);
  return [...packagePath, frame.file].join('/');
}

function resolveFrame(frame: Frame, lookup: Lookup): string | undefined | null {
  const jvm = jvmCandidate(frame);
  if (jvm) return lookup.suffixes.get(jvm) ?? null;
  if (!frame.file) return undefined;
  const segments = framePathSegments(frame.file, lookup.packageName);
  if (!segments || segments.length === 0) return null;
  for (let start = 0; start < segments.length; start += 1) {
    const candidate = segments.slice(start).join('/');
    if (!lookup.files.has(candidate)) continue;
    const deepEnough =
      segments.length - start >= 2 || start === 0 || segments[start - 1] === lookup.rootName;
    if (deepEnough) return candidate;
  }
  return null;
}

function markFrames(frames: Frame[], lookup: Lookup): Frame[] {
  return frames.map((frame): Frame => {
    const repoPath = resolveFrame(frame, lookup);
    if (repoPath === undefined) {
      const ownSymbol =
        frame.function !== undefined && isCrateSymbol(frame.function, lookup.crates);
      return ownSymbol ? { ...frame, inApp: true } : frame;
    }
    if (repoPath === null) return { ...frame, inApp: false };
    return { ...frame, inApp: true, repoPath };
  });
}

function markException(exception: Exception, lookup: Lookup): Exception {
  return {
    ...exception,
    frames: markFrames(exception.frames, lookup),
    ...(exception.cause ? { cause: markException(exception.cause, lookup) } : {}),
  };
}

/**
 * Re-checks every frame's `inApp` flag against the files of a repository. Frames with a file (or a
 * JVM class) become in-app exactly when that file exists in the repository, and get its
 * `repoPath`; frames without one keep their flag, except Rust symbols of a crate the repository's
 * Cargo.toml defines, which become in-app.
 * @param report a parsed report (not modified).
 * @param repoRoot the repository's root folder.
 * @param options precomputed file list and package name (see {@link MarkInAppFramesOptions}).
 * @returns a copy of the report with updated frames.
 * @throws SightlineError `PATH_NOT_FOUND` / `NOT_A_DIRECTORY` when `repoRoot` is not a folder.
 */
export async function markInAppFrames(
  report: Report,
  repoRoot: string,
  options: MarkInAppFramesOptions = {},
): Promise<Report> {
  const root = await resolveRoot(repoRoot);
  // Most reviews and issues have no frame: skip listing the repository and building the lookup.
  if (report.exceptions.length === 0 && !report.stack?.length) return { ...report };
  const files =
    options.files ??
    (await listRepositoryFiles(root, { includeBuildOutput: true })).files.map((file) => file.path);
  const suffixes = new Map<string, string>();
  for (const file of files) {
    const parts = file.split('/');
    for (let start = 0; start < parts.length - 1; start += 1) {
      const suffix = parts.slice(start).join('/');
      if (!suffixes.has(suffix)) suffixes.set(suffix, file);
    }
  }
  const packageName = options.packageName ?? readPackageName(root);
  const lookup: Lookup = {
    files: new Set(files),
    suffixes,
    ...(packageName ? { packageName } : {}),
    rootName: path.basename(root),
    crates: new Set(await readCrateNames(root, files)),
  };
  return {
    ...report,
    exceptions: report.exceptions.map((exception) => markException(exception, lookup)),
    ...(report.stack ? { stack: markFrames(report.stack, lookup) } : {}),
  };
}
