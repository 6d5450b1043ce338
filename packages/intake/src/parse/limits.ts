/**
 * Size limits of intake. Every regular expression in intake runs on lines capped at
 * {@link MAX_LINE_CHARS}, so even a pathological line costs a bounded amount of work.
 */

/** Largest report accepted, in bytes (UTF-8). Larger input throws `REPORT_TOO_LARGE`. */
export const MAX_REPORT_BYTES = 10 * 1024 * 1024;

/** Characters of one line looked at by the parsers; the rest of a longer line is ignored. */
export const MAX_LINE_CHARS = 2_000;

/** Characters of the report text kept in `Report.body`; longer bodies are cut with a note. */
export const MAX_BODY_CHARS = 200_000;

/** Frames kept per exception (innermost first); deeper frames (e.g. runaway recursion) are dropped. */
export const MAX_FRAMES = 256;

/** Exceptions kept per report. */
export const MAX_EXCEPTIONS = 32;

/** Depth of `cause` chains kept. */
export const MAX_CAUSE_DEPTH = 16;

/** Identifiers and paths kept per report, in order of first appearance. */
export const MAX_TOKENS = 300;

/** Characters kept of a report's title; longer titles are cut. */
export const MAX_TITLE_CHARS = 300;
