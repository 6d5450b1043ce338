/**
 * Maps a report's words for a program failing — exception and error type names (`TypeError`,
 * `NullPointerException`, `java.io.IOException`, `KeyError`) and the runtimes' crash words
 * (segfault, `core dumped`, `panicked at`, Traceback) — to one shared word, `crash`, before a
 * classifier tokenizes it.
 *
 * Why: each exception name is a token of its own, and the app reviews the review classifier learns
 * from name none (0 of 2,983 training reviews, and none of Maalej et al.'s or CLAP's other 9,000),
 * so "save() throws TypeError" was words it had never seen and went to `other`. Users call the same
 * failure a crash, which the reviews teach well. Measured on the NLBSE'24 issues (never used to
 * train the review classifier), as bug/feature/other: bug F1 of the 162 issues naming an error
 * 54.1 → 63.0 %, of all 1,500 43.1 → 44.9 % (bench/README.md, classify). The issue classifier does
 * not use it: its cross-validated macro F1 did not rise with any such mapping.
 *
 * Exception names are found by intake's identifier extraction (`extractIdentifiers`: a code-like
 * token with an inner capital, a dotted or `::` path), so the plain words "error" and "exception"
 * are left as they are.
 */
import { extractIdentifiers } from '../parse/identifiers.js';

/** The word exception names and crash words become. */
export const SHARED_ERROR_WORD = 'crash';

/** A type name's last segment that names an error: `TypeError`, `IOException`, `PageFault`, `KernelPanic`. */
const ERROR_TYPE_NAME = /(?:Error|Exception|Fault|Panic)$/;
/** Where an error type name can end: what every name {@link isErrorTypeName} accepts holds. */
const ERROR_TYPE_END = /(?:Error|Exception|Fault|Panic)(?![\w$])/;
/** A code token as `extractIdentifiers` reads one: a name, optionally a dotted or `::` path. */
const CODE_TOKEN = /(?<![\w$])[A-Za-z_$][\w$]*(?:(?:\.|::|#)[A-Za-z_$][\w$]*)*/g;
/** The runtimes' own words for a process dying, as written in prose or quoted from a terminal. */
const CRASH_WORDS =
  /\b(?:seg(?:mentation )?faults?|segfaulted|core dumped|panicked at|traceback|SIG(?:SEGV|ABRT|BUS|ILL))\b/gi;

/**
 * Whether an identifier names an exception or error type.
 *
 * @param identifier - A code-like token (`TypeError`, `java.lang.NullPointerException`).
 * @returns True when its last segment ends in Error, Exception, Fault or Panic.
 * @example isErrorTypeName('std::io::Error'); // true
 */
export function isErrorTypeName(identifier: string): boolean {
  const last = identifier.split(/\.|::|#/).at(-1) ?? '';
  return last.length > 0 && ERROR_TYPE_NAME.test(last);
}

/**
 * Replaces every exception or error type name and every crash word of a text with
 * {@link SHARED_ERROR_WORD}.
 *
 * @param text - A report's title or text.
 * @returns The text with those names and words replaced, everything else as it was.
 * @example
 * withSharedErrorWords('save() throws TypeError: cannot read property x of undefined');
 * // 'save() throws crash: cannot read property x of undefined'
 */
export function withSharedErrorWords(text: string): string {
  // Most texts name no error type: skip the identifier scan for them (it doubled a review's time).
  const names = ERROR_TYPE_END.test(text)
    ? new Set(extractIdentifiers(text, []).filter(isErrorTypeName))
    : new Set<string>();
  const renamed =
    names.size === 0
      ? text
      : text.replace(CODE_TOKEN, (token) => (names.has(token) ? SHARED_ERROR_WORD : token));
  return renamed.replace(CRASH_WORDS, SHARED_ERROR_WORD);
}
