/**
 * Whether a report's words around a failing version say it is a change from an earlier one
 * ("since 1.2.0", "after upgrading to 1.2.0", "no longer works in 1.2.0", "started failing in
 * 1.2.0"), as opposed to a version it merely fails in ("crashes after clicking save in 1.2.0",
 * "I started the server on 1.2.0 and it throws"). "after" and "started" are common words that
 * speak of a change only when bound to the version (after … the version) or to a failure (started
 * failing); the other words name a change on their own.
 */
import type { VersionMention } from './version-mentions.js';

/** Words that name a change wherever they stand in the mention's clause. */
const CHANGE_WORDS =
  /\b(?:since|upgrad\w*|updat\w*|bump\w*|regress\w*|no longer|stopped|introduced|broke)\b/i;

/** "after" bound to the version: "after 1.2.0", "after moving to v1.2.0". */
const AFTER_VERSION =
  /\bafter\s+(?:(?:upgrad|updat|bump|mov|switch|migrat|go)\w*\s+(?:to\s+)?)?(?:the\s+)?(?:version\s+|release\s+|commit\s+|v\s*)?$/i;

/** "started" followed by a failure: "started failing", "started to crash". */
const STARTED_FAILING =
  /\bstarted\s+(?:to\s+)?(?:fail|crash|throw|break|error|happen|occur|hang|freez|leak|panic|segfault|reject|complain|return|show|print|emit|log)\w*/i;

/**
 * Whether a mention's words claim a change (the version worked before).
 * @param mention a version or commit the report names, with the clause it was read from.
 * @returns true for "since …", "after upgrading to …", "no longer", "started failing" and the
 *   like; false for a version only named as the one that fails.
 */
export function claimsChange(mention: Pick<VersionMention, 'text' | 'context'>): boolean {
  const { context } = mention;
  if (CHANGE_WORDS.test(context) || STARTED_FAILING.test(context)) {
    return true;
  }
  const at = context.toLowerCase().indexOf(mention.text.toLowerCase());
  return at !== -1 && AFTER_VERSION.test(context.slice(0, at));
}
