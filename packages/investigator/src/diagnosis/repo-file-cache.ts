/**
 * Reads the repository files a diagnosis cites, each once per verification, through the sandbox
 * (`resolveInRoot`) and the secret gate (`gateFile`), and turns every reason a path cannot be
 * cited into a model-readable failure. Every check and message of a verification (quotes, line
 * counts, patches, re-ask excerpts) works on the gated text, so a withheld line answers the same
 * whatever it holds.
 */
import path from 'node:path';
import {
  gateFile,
  isSecretFile,
  printablePath,
  type Repository,
  resolveInRoot,
} from '@sightline/codebase';
import { withoutBuildOutput } from '@sightline/codebase/internal';
import { SightlineError } from '@sightline/core';
import { closest, distance } from 'fastest-levenshtein';
import type { VerificationErrorCode } from './verification-error.js';

/** A readable text file of the repository. */
export interface RepoFile {
  ok: true;
  /** Repository-relative path with `/` separators. */
  path: string;
  /** Whole content as the gate shows it: every withheld line replaced by its note. */
  text: string;
  /** Lines of `text` without their terminators; a final newline does not start an extra line. */
  lines: string[];
}

/** Why a path cannot be cited. */
export interface RepoFileFailure {
  ok: false;
  code: VerificationErrorCode;
  message: string;
  /** For `PATH_NOT_FOUND`: the one path the requested one most likely means, if there is one. */
  suggestion?: string;
}

/** Reads a repository file by the path a diagnosis gives, at most once per path. */
export type RepoFileCache = (requested: string) => Promise<RepoFile | RepoFileFailure>;

/** Most same-named files suggested when a path does not exist. */
const MAX_SUGGESTIONS = 3;
/** Largest edit distance to a suggested path, as a share of the requested path's length. */
const MISSPELLING_SHARE = 0.3;

/**
 * Creates a per-verification cache of repository files.
 * @param repository the repository; its walk (build output left out) names same-named files
 *   when a cited path does not exist.
 * @returns a reader that never throws for a bad path: it returns a {@link RepoFileFailure}.
 */
export function createRepoFileCache(repository: Repository): RepoFileCache {
  const { root } = repository;
  const files = new Map<string, Promise<RepoFile | RepoFileFailure>>();
  let listing: Promise<string[]> | undefined;
  const listPaths = () => {
    listing ??= repository
      .files()
      .then((listed) => withoutBuildOutput(listed).files.map((file) => file.path));
    return listing;
  };
  return (requested) => {
    let file = files.get(requested);
    if (file === undefined) {
      file = readRepoFile(root, requested, listPaths);
      files.set(requested, file);
    }
    return file;
  };
}

async function readRepoFile(
  root: string,
  requested: string,
  listPaths: () => Promise<string[]>,
): Promise<RepoFile | RepoFileFailure> {
  const fail = (code: VerificationErrorCode, message: string): RepoFileFailure => ({
    ok: false,
    code,
    message,
  });
  let resolved: Awaited<ReturnType<typeof resolveInRoot>>;
  try {
    resolved = await resolveInRoot(root, requested);
  } catch (error) {
    if (!SightlineError.isInstance(error)) throw error;
    if (error.code === 'PATH_NOT_FOUND') {
      const { message, suggestion } = await notFound(requested, listPaths);
      return { ...fail('PATH_NOT_FOUND', message), ...(suggestion ? { suggestion } : {}) };
    }
    return fail(
      'PATH_OUTSIDE_ROOT',
      `"${printablePath(requested)}" is outside the repository root; cite only files inside the repository, by repository-relative path without "..".`,
    );
  }
  if (path.isAbsolute(requested)) {
    return fail(
      'PATH_NOT_RELATIVE',
      `"${printablePath(requested)}" is an absolute path; write it relative to the repository root: "${printablePath(resolved.relative)}".`,
    );
  }
  if (!resolved.isFile) {
    return fail(
      'NOT_A_FILE',
      `"${printablePath(requested)}" is ${resolved.isDirectory ? 'a directory' : 'not a regular file'}; cite a file inside it.`,
    );
  }
  if (isSecretFile(resolved.relative, '') || isSecretFile(requested, '')) {
    return fail(
      'SECRET_FILE',
      `"${printablePath(requested)}" looks like a secrets file; it is never read or cited.`,
    );
  }
  const gated = await gateFile(resolved.absolute, resolved.relative);
  if (!gated.ok && gated.code === 'BINARY_FILE') {
    return fail(
      'BINARY_FILE',
      `"${printablePath(requested)}" is a binary file; it has no lines to cite.`,
    );
  }
  if (!gated.ok && gated.code === 'FILE_UNREADABLE') {
    return fail(
      'FILE_UNREADABLE',
      `"${printablePath(requested)}" could not be read (${gated.reason}); it cannot be cited.`,
    );
  }
  if (!gated.ok) {
    return fail(
      'SECRET_FILE',
      `"${printablePath(requested)}" holds credentials; it is never read or cited.`,
    );
  }
  return { ok: true, path: resolved.relative, text: gated.text, lines: gated.lines };
}

async function notFound(
  requested: string,
  listPaths: () => Promise<string[]>,
): Promise<{ message: string; suggestion?: string }> {
  const wanted = requested.replace(/\\/g, '/').replace(/^\.\//, '');
  const name = path.posix.basename(wanted);
  const paths = await listPaths();
  const sameName = paths.filter((candidate) => path.posix.basename(candidate) === name);
  const { text, only } = suggestion(wanted, sameName, paths);
  return {
    message: `"${printablePath(requested)}" does not exist in the repository; ${text}.`,
    ...(only ? { suggestion: only } : {}),
  };
}

/**
 * What to cite instead: files with the same name, else the nearest path by edit distance
 * (Levenshtein) when it is a plausible misspelling, else how to find one.
 * @returns the advice, and `only`: the single path it names, when it names exactly one.
 */
function suggestion(
  wanted: string,
  sameName: string[],
  paths: string[],
): { text: string; only?: string } {
  if (sameName.length === 1 && sameName[0]) {
    return { text: `files with that name: "${printablePath(sameName[0])}"`, only: sameName[0] };
  }
  if (sameName.length > 0) {
    const listed = sameName
      .slice(0, MAX_SUGGESTIONS)
      .map((candidate) => `"${printablePath(candidate)}"`)
      .join(', ');
    const more =
      sameName.length > MAX_SUGGESTIONS ? ` and ${sameName.length - MAX_SUGGESTIONS} more` : '';
    return { text: `files with that name: ${listed}${more}` };
  }
  const nearest = paths.length > 0 ? closest(wanted, paths) : undefined;
  if (nearest && distance(wanted, nearest) <= Math.max(2, wanted.length * MISSPELLING_SHARE)) {
    return {
      text: `the nearest path is "${printablePath(nearest)}" (a misspelling?)`,
      only: nearest,
    };
  }
  return { text: 'use a path that exists (list the folder to find it)' };
}
