/**
 * What `investigate --out FILE` may not overwrite: the report it reads, or a file of the
 * repository it investigates that is not a diagnosis written before (a fresh-user trial's
 * `--out src/app.ts` replaced the source file with the diagnosis of its own bug).
 */
import { open, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { SightlineError } from '@sightline/core';

/**
 * The largest existing `--out` file read to tell a diagnosis apart (bytes); a larger one is no
 * diagnosis (they hold a report's title, some suspects and their reasons: kilobytes).
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
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return false;
    const { method, rootCause, affectedFiles } = value as Record<string, unknown>;
    return (
      (method === 'offline' || method === 'agent') &&
      typeof rootCause === 'object' &&
      rootCause !== null &&
      Array.isArray(affectedFiles)
    );
  } catch {
    return false;
  }
}

/**
 * Refuses an `--out` that would destroy input: the report file itself; an existing file inside
 * the repository that is not an earlier diagnosis (a new file there, or a diagnosis written by an
 * earlier run, is fine), or that cannot be read, or is no regular file (a named pipe would block
 * the run); an existing file with other names (hard links: writing changes them all, wherever
 * they are) that is not an earlier diagnosis. Call it after `checkWritable` (a folder is refused
 * there).
 * @param out - the `--out` path.
 * @param report - the `--report` path (`-` for standard input).
 * @param repo - the `--repo` folder.
 * @throws SightlineError `INVALID_ARGUMENT` naming what would be overwritten and what to do.
 */
export async function refuseDestructiveOut(
  out: string,
  report: string,
  repo: string,
): Promise<void> {
  const target = await real(out);
  if (report !== '-' && target === (await real(report))) {
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
  if (existing.isFile() && looksLikeDiagnosis(await textOf(target))) return;
  throw new SightlineError({
    code: 'INVALID_ARGUMENT',
    message: inRepo
      ? `--out "${out}" is a file of the repository being investigated (${relative.split(path.sep).join('/')}), not an earlier diagnosis; writing there would overwrite it. Give --out a new file, or one outside the repository.`
      : `--out "${out}" has ${existing.nlink} names (hard links) and is not an earlier diagnosis; writing there would change the file under every name, wherever they are. Give --out a new file.`,
    details: { out, repo },
  });
}
