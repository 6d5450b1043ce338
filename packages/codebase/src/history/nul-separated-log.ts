/**
 * `git log -z` with NUL-separated fields, read back: the one way commit fields and paths are read
 * from git, since a message or a path may hold any byte but NUL (newlines, `\x1e`, `\x1f`) and
 * paths listed without `-z` come C-quoted.
 */

/** One commit of a NUL-separated `git log` (see {@link parseNulSeparatedLog}). */
export interface LoggedCommit {
  /** Its fields, one per field of the format, as git printed them (any character but NUL). */
  fields: string[];
  /** Repository-relative paths it changed (renames not followed), as they are, never quoted. */
  paths: string[];
}

/**
 * Splits the output of `git log -z --format=%x00<fields> --name-only` (fields separated by
 * `%x00`): per commit a NUL, its `fieldCount` fields each ended by a NUL (the last by git's own
 * terminator), then, when it changed files, a newline and each path ended by a NUL. Git never prints a NUL inside a field (it
 * ends a message at one) nor in a path, and no path is empty, so the empty part the next commit's
 * leading NUL leaves is where the paths end: whatever bytes the messages and paths hold
 * (`\x1e`, `\x1f`, newlines), each commit's fields and paths are what git printed.
 * @param stdout git's output.
 * @param fieldCount the fields of each commit's format.
 * @returns the commits in git's order.
 */
export function parseNulSeparatedLog(stdout: string, fieldCount: number): LoggedCommit[] {
  const parts = stdout.split('\0');
  const commits: LoggedCommit[] = [];
  // parts[0] is the empty text before the first commit's leading NUL.
  let at = 1;
  while (at + fieldCount <= parts.length) {
    const fields = parts.slice(at, at + fieldCount);
    at += fieldCount;
    const paths: string[] = [];
    if (at < parts.length && parts[at]?.startsWith('\n')) {
      paths.push(parts[at]?.slice(1) ?? '');
      at += 1;
      while (at < parts.length && parts[at] !== '') {
        paths.push(parts[at] ?? '');
        at += 1;
      }
    }
    // The next commit's leading NUL (or the end of the output).
    at += 1;
    commits.push({ fields, paths: paths.filter((file) => file !== '') });
  }
  return commits;
}
