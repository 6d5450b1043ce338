/**
 * Reads the repository files a diagnosis cites, each once per verification, through the sandbox
 * (`resolveInRoot`), and turns every reason a path cannot be cited into a model-readable failure.
 */
import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { isSecretFile, type Repository, resolveInRoot } from '@sightline/codebase';
import {
  SNIFF_BYTES,
  scanSecrets,
  sniffContent,
  splitFileLines,
  withoutBuildOutput,
} from '@sightline/codebase/internal';
import { SightlineError } from '@sightline/core';
import type { VerificationErrorCode } from './verification-error.js';

/** A readable text file of the repository. */
export interface RepoFile {
  ok: true;
  /** Repository-relative path with `/` separators. */
  path: string;
  /** Whole content. */
  text: string;
  /** Lines without their terminators; a final newline does not start an extra line. */
  lines: string[];
  /** 1-based lines that look like secrets → what was found; never echoed in a message. */
  secretLines: Map<number, string>;
}

/** Why a path cannot be cited. */
export interface RepoFileFailure {
  ok: false;
  code: VerificationErrorCode;
  message: string;
}

/** Reads a repository file by the path a diagnosis gives, at most once per path. */
export type RepoFileCache = (requested: string) => Promise<RepoFile | RepoFileFailure>;

/** Most same-named files suggested when a path does not exist. */
const MAX_SUGGESTIONS = 3;

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
      return fail('PATH_NOT_FOUND', await notFoundMessage(requested, listPaths));
    }
    return fail(
      'PATH_OUTSIDE_ROOT',
      `"${requested}" is outside the repository root; cite only files inside the repository, by repository-relative path without "..".`,
    );
  }
  if (path.isAbsolute(requested)) {
    return fail(
      'PATH_NOT_RELATIVE',
      `"${requested}" is an absolute path; write it relative to the repository root: "${resolved.relative}".`,
    );
  }
  if (!resolved.isFile) {
    return fail(
      'NOT_A_FILE',
      `"${requested}" is ${resolved.isDirectory ? 'a directory' : 'not a regular file'}; cite a file inside it.`,
    );
  }
  if (isSecretFile(resolved.relative)) {
    return fail(
      'SECRET_FILE',
      `"${requested}" looks like a secrets file; it is never read or cited.`,
    );
  }
  const head = Buffer.alloc(Math.min(SNIFF_BYTES, resolved.size));
  const handle = await open(resolved.absolute, 'r');
  try {
    await handle.read(head, 0, head.length, 0);
  } finally {
    await handle.close();
  }
  if (sniffContent(head, resolved.relative) === 'binary') {
    return fail('BINARY_FILE', `"${requested}" is a binary file; it has no lines to cite.`);
  }
  const text = await readFile(resolved.absolute, 'utf8');
  const secrets = await scanSecrets(text, resolved.relative);
  if (isSecretFile(resolved.relative, text) || secrets.file) {
    return fail('SECRET_FILE', `"${requested}" holds credentials; it is never read or cited.`);
  }
  return {
    ok: true,
    path: resolved.relative,
    text,
    lines: splitFileLines(text),
    secretLines: secrets.lines,
  };
}

async function notFoundMessage(
  requested: string,
  listPaths: () => Promise<string[]>,
): Promise<string> {
  const name = path.posix.basename(requested.replace(/\\/g, '/'));
  const sameName = (await listPaths()).filter(
    (candidate) => path.posix.basename(candidate) === name,
  );
  const hint =
    sameName.length === 0
      ? 'use a path that exists (list the folder to find it)'
      : `files with that name: ${sameName
          .slice(0, MAX_SUGGESTIONS)
          .map((candidate) => `"${candidate}"`)
          .join(
            ', ',
          )}${sameName.length > MAX_SUGGESTIONS ? ` and ${sameName.length - MAX_SUGGESTIONS} more` : ''}`;
  return `"${requested}" does not exist in the repository; ${hint}.`;
}
