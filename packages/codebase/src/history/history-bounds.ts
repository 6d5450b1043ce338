/**
 * How far each history search reads, so a repository of 100,000 commits costs what one of 10,000
 * does. Each search says in a note when its bound cut it short.
 */

/** Commits counted before the count stops. */
export const HISTORY_COUNT_BOUND = 10_000;
/**
 * History blamed for suspect commits, in days before the first report: blame walks no further
 * back (bench:history measures its time on repositories of ≥ 10,000 commits). Lines older than
 * that are not attributed; a commit that old weighs little by recency anyway.
 */
export const BLAME_HISTORY_DAYS = 3 * 365;
/** Newest commits read for the per-file bug-fix signals. */
export const FILE_HISTORY_COMMIT_BOUND = 5_000;
/** Commits of a regression window read at most (a wider window is cut, with a note). */
export const WINDOW_COMMIT_BOUND = 2_000;
