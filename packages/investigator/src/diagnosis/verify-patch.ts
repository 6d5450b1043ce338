/**
 * Checks that a proposed unified diff applies cleanly to the repository, without writing anything:
 * every file it touches lies inside the root and exists (unless the patch creates it from
 * `/dev/null`), and every hunk's context and removed lines match the file exactly.
 */

import { printablePath, resolveInRoot } from '@sightline/codebase';
import { splitFileLines } from '@sightline/codebase/internal';
import { SightlineError } from '@sightline/core';
import { applyPatch, parsePatch, type StructuredPatch, type StructuredPatchHunk } from 'diff';
import type { RepoFileCache } from './repo-file-cache.js';
import type { VerificationError } from './verification-error.js';

const DEV_NULL = '/dev/null';
/** Longest file line echoed in a message, in characters. */
const ECHO_CHARS = 200;

/** Options of {@link verifyPatch}. */
export interface VerifyPatchOptions {
  /** Real repository root. */
  root: string;
  /** Reader shared with the rest of the verification. */
  files: RepoFileCache;
  /** Where the patch sits in the diagnosis. Default `proposedChange.patch`. */
  errorPath?: string;
}

/**
 * Verifies a unified diff against the repository. Several files per patch are allowed; `a/` and
 * `b/` header prefixes are stripped; a later section for the same file applies on top of earlier ones.
 * @param patch the unified diff text.
 * @param options root, file reader, error path.
 * @returns the failures, empty when the whole patch applies.
 */
export async function verifyPatch(
  patch: string,
  { root, files, errorPath = 'proposedChange.patch' }: VerifyPatchOptions,
): Promise<VerificationError[]> {
  const invalid = (message: string): VerificationError[] => [
    { code: 'PATCH_INVALID', path: errorPath, message },
  ];
  let sections: StructuredPatch[];
  try {
    sections = parsePatch(patch).filter((section) => section.hunks.length > 0);
  } catch (error) {
    return invalid(
      `the patch is not a valid unified diff (${error instanceof Error ? error.message : String(error)}); check that each @@ header's line counts match its hunk.`,
    );
  }
  if (sections.length === 0) {
    return invalid(
      'the patch has no hunks; give a unified diff with ---/+++ file headers and @@ hunks.',
    );
  }
  const errors: VerificationError[] = [];
  const patched = new Map<string, string>();
  for (const section of sections) {
    const oldName = stripPrefix(section.oldFileName, 'a/');
    const newName = stripPrefix(section.newFileName, 'b/');
    const target = oldName === DEV_NULL ? newName : oldName;
    const fail = (code: VerificationError['code'], message: string) =>
      errors.push({ code, path: errorPath, message });
    if (target === undefined || target === DEV_NULL) {
      fail('PATCH_INVALID', 'a hunk has no ---/+++ file header naming the file it changes.');
      continue;
    }
    const names = [oldName, newName];
    const places = await Promise.all(names.map((name) => locate(root, name)));
    const outside = names[places.indexOf('outside')];
    if (outside !== undefined) {
      fail(
        'PATH_OUTSIDE_ROOT',
        `the patch touches "${printablePath(outside)}", which is outside the repository root.`,
      );
      continue;
    }
    let source: string;
    const earlier = patched.get(target);
    if (oldName === DEV_NULL) {
      if (earlier !== undefined || places[1] === 'present') {
        fail(
          'PATCH_DOES_NOT_APPLY',
          `the patch creates "${printablePath(target)}" from /dev/null, but it already exists.`,
        );
        continue;
      }
      source = '';
    } else if (earlier !== undefined) {
      source = earlier;
    } else {
      const file = await files(target);
      if (!file.ok) {
        fail(file.code, `the patch changes "${printablePath(target)}": ${file.message}`);
        continue;
      }
      source = file.text;
    }
    const result = applyPatch(source, section);
    if (result === false) {
      fail('PATCH_DOES_NOT_APPLY', explainFailure(target, source, section));
      continue;
    }
    if (newName !== undefined && newName !== DEV_NULL) patched.set(newName, result);
  }
  return errors;
}

function stripPrefix(name: string | undefined, prefix: string): string | undefined {
  if (name === undefined || name === DEV_NULL) return name;
  return name.startsWith(prefix) ? name.slice(prefix.length) : name;
}

/** Where a patch file name points: outside the root, to an existing path, or to nothing yet. */
async function locate(
  root: string,
  name: string | undefined,
): Promise<'outside' | 'present' | 'absent' | 'none'> {
  if (name === undefined || name === DEV_NULL) return 'none';
  try {
    await resolveInRoot(root, name);
    return 'present';
  } catch (error) {
    // resolveInRoot checks the lexical path before existence, so a new file outside is caught too.
    return SightlineError.isInstance(error) && error.code === 'PATH_OUTSIDE_ROOT'
      ? 'outside'
      : 'absent';
  }
}

/** Names the first hunk that does not match, and the first line where it differs. */
function explainFailure(target: string, source: string, section: StructuredPatch): string {
  const lines = splitFileLines(source);
  const index = section.hunks.findIndex(
    (hunk) => applyPatch(source, { ...section, hunks: [hunk] }) === false,
  );
  const hunk = section.hunks[index];
  if (hunk === undefined) {
    return `the hunks for "${printablePath(target)}" each match alone but not together; they overlap or are out of order.`;
  }
  const header = `hunk ${index + 1} (@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@)`;
  const mismatch = firstMismatch(hunk, lines);
  if (mismatch === undefined) {
    return `${header} does not match "${printablePath(target)}" anywhere; copy its context lines exactly from the file.`;
  }
  const { line, expected } = mismatch;
  const actual =
    line > lines.length
      ? `the file has only ${lines.length} lines`
      : `line ${line} is \`${echo(lines[line - 1] ?? '')}\``;
  return `${header} does not apply to "${printablePath(target)}": it expects \`${echo(expected)}\` at line ${line}, but ${actual}; copy context and removed lines exactly from the file.`;
}

/** First context or removed line of `hunk` that differs from the file at the hunk's position. */
function firstMismatch(
  hunk: StructuredPatchHunk,
  lines: readonly string[],
): { line: number; expected: string } | undefined {
  let line = hunk.oldStart;
  for (const entry of hunk.lines) {
    const operation = entry[0];
    if (operation !== ' ' && operation !== '-') continue;
    const expected = entry.slice(1);
    if (lines[line - 1] !== expected) return { line, expected };
    line += 1;
  }
  return undefined;
}

function echo(text: string): string {
  return text.length > ECHO_CHARS ? `${text.slice(0, ECHO_CHARS)}…` : text;
}
