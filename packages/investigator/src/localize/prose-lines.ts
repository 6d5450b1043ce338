/**
 * Lines of repository files a report names outside any stack trace: `src/app.rs:354`,
 * `lib/parse.c:88:5: error: …` (a compiler's or linter's message), a permalink's
 * `…/blob/<commit>/src/x.ts#L45-L52`. A reporter who names a line names the code the report is
 * about, so the suspect's range is the definition holding it, as for a stack frame's line (trial
 * 49: `src/app.rs:354` was credited as a path named and its line ignored).
 */
import type { RepositoryIndex } from '@sightline/codebase';
import { trimEndCharacters } from '@sightline/intake';
import { framePathSegments, indexFileLookup, resolveFramePath } from './frame-paths.js';

/** Chunks of text between whitespace, quotes and brackets (a Markdown link's URL is one). */
const CHUNK = /[^\s"'`()[\]{},;|<>]+/g;
/** `file.ext:line`, `file.ext:line:column`, with the colon a compiler's message puts after it. */
const LOCATED = /^(.+\.[A-Za-z]\w{0,9}):(\d{1,7})(?::\d{1,7})?:?$/;
/** A permalink's `file.ext#L12` or `file.ext#L12-L20` (GitHub, GitLab's `#L12-20`). */
const PERMALINK = /^(.+\.[A-Za-z]\w{0,9})#L(\d{1,7})(?:-L?\d{1,7})?$/;
/** Chunks read at most: a long log names lines of many files; the first ones are the report's. */
const MAX_CHUNKS = 20_000;

/**
 * The first line the report names in each indexed file, by repository path.
 * @param text - the report's title and body.
 * @param index - the repository index (paths resolve as stack frames' do: by their longest
 *   common suffix with an indexed file's path).
 * @param packageName - this repository's package name, for paths under `node_modules/<name>`.
 * @returns repository path → 1-based line (inside the file), in the report's order.
 */
export function proseLines(
  text: string,
  index: RepositoryIndex,
  packageName?: string,
): Map<string, number> {
  const lines = new Map<string, number>();
  let read = 0;
  for (const [chunk] of text.matchAll(CHUNK)) {
    read += 1;
    if (read > MAX_CHUNKS) break;
    if (chunk.length > 500) continue;
    // A sentence's full stop or a Markdown emphasis after the location is not part of it.
    const located = trimEndCharacters(chunk, '.,!?*_');
    const found = LOCATED.exec(located) ?? PERMALINK.exec(located);
    if (!found?.[1]) continue;
    const segments = framePathSegments(found[1], packageName);
    const path = segments?.length ? resolveFramePath(indexFileLookup(index), segments) : null;
    const line = Number(found[2]);
    const lineCount = path ? (index.files.get(path)?.lineCount ?? 0) : 0;
    if (path && !lines.has(path) && line >= 1 && line <= lineCount) lines.set(path, line);
  }
  return lines;
}
