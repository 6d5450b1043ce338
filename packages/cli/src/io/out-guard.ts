/**
 * What `--out FILE` of a command that reads a repository may not overwrite: the report
 * `investigate` reads, or a file of the repository that is not the command's own earlier output
 * (a fresh-user trial's `investigate --out src/app.ts` replaced the source file with the diagnosis
 * of its own bug; trial 35's `map --out src/main.c` did the same with a repository map).
 */
import { open, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { SightlineError } from '@sightline/core';
import { jsonObjectOf } from './json-object.js';

/**
 * The largest existing `--out` file read to tell an earlier output apart (bytes); a larger one is
 * none (a diagnosis holds a report's title, some suspects and their reasons; a repository map is
 * token-budgeted: kilobytes).
 */
const MAX_DIAGNOSIS_BYTES = 1024 * 1024;

/** The lines every Markdown diagnosis holds (render-markdown.ts of @sightline/investigator). */
const MARKDOWN_DIAGNOSIS = [/^- \*\*Method:\*\* /m, /^## Root cause$/m];

const real = (file: string) => realpath(file).catch(() => path.resolve(file));

/**
 * A regular file's text; `''` when it cannot be read or is over {@link MAX_DIAGNOSIS_BYTES} (it
 * then reads as no diagnosis).
 * @param file - the path of an existing regular file.
 */
async function textOf(file: string): Promise<string> {
  const handle = await open(file, 'r').catch(() => undefined);
  if (!handle) return '';
  try {
    const buffer = Buffer.alloc(MAX_DIAGNOSIS_BYTES + 1);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return bytesRead > MAX_DIAGNOSIS_BYTES ? '' : buffer.subarray(0, bytesRead).toString('utf8');
  } catch {
    return '';
  } finally {
    await handle.close();
  }
}

/** Whether `relative` (from `path.relative`) names something outside its base. */
const outside = (relative: string) =>
  relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative);

/**
 * Whether a file's text is a diagnosis Sightline wrote: Markdown with its method line and root
 * cause heading, or a JSON object with the diagnosis' `method`, `rootCause` and `affectedFiles`
 * (a JSON schema or other file that merely names those fields is not one).
 * @param text - the whole file.
 */
export function looksLikeDiagnosis(text: string): boolean {
  if (!text.trimStart().startsWith('{')) return MARKDOWN_DIAGNOSIS.every((line) => line.test(text));
  const { method, rootCause, affectedFiles } = jsonObjectOf(text) ?? {};
  return (
    (method === 'offline' || method === 'agent') &&
    typeof rootCause === 'object' &&
    rootCause !== null &&
    Array.isArray(affectedFiles)
  );
}

/** A repository map's text: a file's path line, then its numbered definition lines (map.ts). */
const MAP_TEXT = /^[^\s:][^\n]*:\n\s*(?:\d+│|⋮)/;

/**
 * Whether a file's text is a repository map `sightline map` wrote: its text form, or its JSON
 * (`budget`, `shownFiles` and a `files` list).
 * @param text - the whole file.
 */
export function looksLikeRepositoryMap(text: string): boolean {
  if (!text.trimStart().startsWith('{')) return MAP_TEXT.test(text.trimStart());
  const { budget, shownFiles, files } = jsonObjectOf(text) ?? {};
  return typeof budget === 'number' && typeof shownFiles === 'number' && Array.isArray(files);
}

/** What a command writes to `--out`, and how its earlier output is told apart. */
export interface OutputKind {
  /** For messages: `diagnosis`, `repository map`. */
  name: string;
  /** Whether an existing file's whole text is this command's earlier output. */
  recognizes: (text: string) => boolean;
}

/** `investigate`'s output. */
export const DIAGNOSIS_OUTPUT: OutputKind = { name: 'diagnosis', recognizes: looksLikeDiagnosis };

/** `map`'s output. */
export const MAP_OUTPUT: OutputKind = {
  name: 'repository map',
  recognizes: looksLikeRepositoryMap,
};

/**
 * Refuses an `--out` that would destroy input: the report file itself; an existing file inside
 * the repository that is not the command's earlier output (a new file there, or an output written
 * by an earlier run, is fine), or that cannot be read, or is no regular file (a named pipe would
 * block the run); an existing file with other names (hard links: writing changes them all,
 * wherever they are) that is not an earlier output. Call it after `checkWritable` (a folder is
 * refused there).
 * @param out - the `--out` path.
 * @param input.repo - the `--repo` folder.
 * @param input.report - the `--report` path (`-` for standard input); none for `map`.
 * @param kind - what the command writes.
 * @throws SightlineError `INVALID_ARGUMENT` naming what would be overwritten and what to do.
 */
export async function refuseDestructiveOut(
  out: string,
  { repo, report }: { repo: string; report?: string },
  kind: OutputKind,
): Promise<void> {
  const target = await real(out);
  if (report && report !== '-' && target === (await real(report))) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: `--out "${out}" is the report file itself; writing the diagnosis there would overwrite the report. Give --out another file.`,
      details: { out, report },
    });
  }
  const existing = await stat(target).catch(() => undefined);
  if (!existing) return;
  const relative = path.relative(await real(repo), target);
  const inRepo = relative !== '' && !outside(relative);
  if (!inRepo && existing.nlink < 2) return;
  if (existing.isFile() && kind.recognizes(await textOf(target))) return;
  throw new SightlineError({
    code: 'INVALID_ARGUMENT',
    message: inRepo
      ? `--out "${out}" is a file of the repository in --repo (${relative.split(path.sep).join('/')}), not an earlier ${kind.name}; writing there would overwrite it. Give --out a new file, or one outside the repository.`
      : `--out "${out}" has ${existing.nlink} names (hard links) and is not an earlier ${kind.name}; writing there would change the file under every name, wherever they are. Give --out a new file.`,
    details: { out, repo },
  });
}
