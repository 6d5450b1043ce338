/**
 * What a SQLite store's failure to open says to a person, when it is this user's access to the
 * file or its folder and not the database: better-sqlite3 throws `SqliteError` with SQLite's
 * extended result code (`SQLITE_READONLY_…`, `SQLITE_CANTOPEN…`, `SQLITE_PERM`;
 * sqlite.org/rescode.html), and its message ("attempt to write a readonly database") names
 * neither the file nor a remedy.
 */

/** The advice of every access problem: who may open the store, and what to change. */
const ADVICE =
  'Run the command as the user who runs `sightline serve` (the owner of the store), or let this user read and write the file and its folder (SQLite writes its -wal and -shm files beside it).';

/**
 * The sentence for a SQLite store this user may not open or write.
 * @param error - what opening or first writing the store threw, or what looking for its file threw
 *   (a Node error: `EACCES`, `EPERM`).
 * @param file - the store's file, as given.
 * @returns the sentence, or `undefined` when the error is not one of access (a corrupt file, a
 *   full disk: its own message says more).
 */
export function sqliteAccessProblem(error: unknown, file: string): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return undefined;
  if (code.startsWith('SQLITE_READONLY') || code === 'SQLITE_PERM')
    return `The store at ${file} is read-only for this user (${code}). ${ADVICE}`;
  if (code.startsWith('SQLITE_CANTOPEN') || code === 'EACCES' || code === 'EPERM')
    return `The store at ${file} cannot be opened by this user (${code}): it or a folder on its path cannot be read or written. ${ADVICE}`;
  return undefined;
}
