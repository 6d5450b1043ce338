/**
 * What `investigate --out FILE` may not overwrite: the report it reads, or a file of the
 * repository it investigates that is not a diagnosis written before (a fresh-user trial's
 * `--out src/app.ts` replaced the source file with the diagnosis of its own bug).
 */
import { open, realpath } from 'node:fs/promises';
import path from 'node:path';
import { SightlineError } from '@sightline/core';

/** How much of an existing `--out` file is read to tell a diagnosis apart (bytes). */
const SNIFF_BYTES = 64 * 1024;

/** The lines every Markdown diagnosis holds (render-markdown.ts of @sightline/investigator). */
const MARKDOWN_DIAGNOSIS = [/^- \*\*Method:\*\* /m, /^## Root cause$/m];

/** The fields every JSON diagnosis holds (the `Diagnosis` schema). */
const JSON_DIAGNOSIS = ['"rootCause"', '"affectedFiles"', '"method"'];

const real = (file: string) => realpath(file).catch(() => path.resolve(file));

/**
 * The first {@link SNIFF_BYTES} of a file, or `undefined` when it does not exist.
 * @param file - the path.
 */
async function headOf(file: string): Promise<string | undefined> {
  const handle = await open(file, 'r').catch(() => undefined);
  if (!handle) return undefined;
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
}

/**
 * Whether a file's beginning reads as a diagnosis Sightline wrote (Markdown or JSON).
 * @param head - the file's first bytes as text.
 */
export function looksLikeDiagnosis(head: string): boolean {
  return head.trimStart().startsWith('{')
    ? JSON_DIAGNOSIS.every((field) => head.includes(field))
    : MARKDOWN_DIAGNOSIS.every((line) => line.test(head));
}

/**
 * Refuses an `--out` that would destroy input: the report file itself, or an existing file inside
 * the repository that is not an earlier diagnosis (a new file there, or a diagnosis written by an
 * earlier run, is fine).
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
  const relative = path.relative(await real(repo), target);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return;
  const head = await headOf(target);
  if (head === undefined || looksLikeDiagnosis(head)) return;
  throw new SightlineError({
    code: 'INVALID_ARGUMENT',
    message: `--out "${out}" is a file of the repository being investigated (${relative.split(path.sep).join('/')}), not an earlier diagnosis; writing there would overwrite it. Give --out a new file, or one outside the repository.`,
    details: { out, repo },
  });
}
