/**
 * Finds secrets by content: secretlint's recommended rule set (cloud keys, GitHub, Slack, npm,
 * OpenAI, Anthropic, SendGrid, Shopify, GCP, database connection strings, credentials in URLs)
 * with its `secretlint-disable` comments ignored (a repository's author, or an attacker, must not
 * switch the check off), plus the formats of `secret-rules.ts` (gitleaks' token formats, settings
 * files, multi-line values) and `KEY=value` files with a secret-named key. The secret gate
 * (`secret-gate.ts`) asks this module before any file text is shown.
 */

import { lintSource } from '@secretlint/core';
import { secretLintProfiler } from '@secretlint/profiler';
import { creator as recommended } from '@secretlint/secretlint-rule-preset-recommend';
import type { SecretLintCoreConfig } from '@secretlint/types';
import { printablePath, splitFileLines } from './content.js';
import { findLiteralJoinedSecrets } from './literal-joins.js';
import { isPathLike } from './password-value.js';
import { isSecretSettingPointer, snakeCase } from './secret-names.js';
import { PLACEHOLDER } from './secret-placeholder.js';
import {
  JOINED_LINE_RULES,
  SECRET_RULES,
  type SecretRule,
  withoutComment,
} from './secret-rules.js';
import { type FoundSecret, findSplitSecrets } from './split-secrets.js';
import { isBlockScalarHeader } from './yaml-block-scalar.js';

/**
 * Version of the rules: stored with everything computed from a scan (the index cache), so a
 * change of the rules is never answered from an older scan. Bump it when a rule changes:
 * secret-rules-version.test.ts fails when the rules' source changes and this does not.
 */
export const SECRET_RULES_VERSION = 52;

/**
 * Characters that show nothing (Unicode's default-ignorable format characters but a line's):
 * soft hyphen, combining grapheme joiner, Arabic letter mark, Mongolian vowel separator,
 * zero-width space, non-joiner and joiner, left-to-right and right-to-left marks, the bidi
 * embeddings and isolates, word joiner and invisible operators, a byte order mark inside the text.
 */
const INVISIBLE =
  /\u034F|[\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;

/** What {@link scanSecrets} found in a text. */
export interface SecretScan {
  /** Why the whole text must be withheld (a `KEY=value` file with secrets), or `null`. */
  file: string | null;
  /** 1-based line number → what was found on it (never the secret itself). */
  lines: Map<number, string>;
}

const CONFIG: SecretLintCoreConfig = {
  rules: [
    {
      id: '@secretlint/secretlint-rule-preset-recommend',
      rule: recommended,
      rules: [
        // Access key IDs (AKIA…) are off by default in secretlint; a leaked ID still names an account.
        { id: '@secretlint/secretlint-rule-aws', options: { enableIDScanRule: true } },
        // The rule that honours `secretlint-disable` comments: a comment must not hide a secret.
        { id: '@secretlint/secretlint-rule-filter-comments', disabled: true },
      ],
    },
  ],
};

const ASSIGNMENT_START = /^\s*(?:export\s+)?([A-Za-z_][\w.-]*)\s*[=:]\s*/;

/**
 * A line's `KEY=value` (or `KEY: value`) name and value: what
 * `/^\s*(?:export\s+)?([A-Za-z_][\w.-]*)\s*[=:]\s*(.*)$/` captures, in linear time (on a value
 * holding a line terminator, which `.` does not cross, it retried `(.*)` from every space before
 * the value: quadratic).
 */
function assignmentOf(line: string): { key: string; value: string } | null {
  const start = ASSIGNMENT_START.exec(line);
  if (!start) return null;
  const value = line.slice(start[0].length);
  return /[\n\r\u2028\u2029]/.test(value) ? null : { key: start[1] ?? '', value };
}
/**
 * A secret word of a setting's key (in snake case, `snakeCase`): whole at its end (`token`, not
 * `tokenizer`; `auth`, not `author`), and at its start too for the short words (`pass`, `pwd`,
 * `auth`: not `bypass`). `DBPASSWORD`, `SECRET_KEY_BASE` and `oauth_token` are secret keys; a
 * blog's `author`, a model's `tokenizer` are not (fresh-user trial 45: each refused its file).
 */
const SECRET_KEY_WORD =
  /(?:passw(?:or)?d|passphrase|secret|token|credential|(?:api|access|private|signing|encryption|master)_?key|(?:^|[^a-z])(?:pass|pwd|auth))s?(?:$|[^a-z])/i;

/**
 * Values that set no secret: a number of up to five digits, a boolean, null (`password_min: 8`);
 * paths and URLs are `isPathLike`'s.
 */
const NOT_A_SECRET_VALUE = /^(?:\d{1,5}|true|false|yes|no|on|off|null|none)$/i;

/**
 * Whether a setting gives a secret a value: its key holds a {@link SECRET_KEY_WORD} and does not
 * only name or locate a secret (`isSecretSettingPointer`: `POSTGRES_PASSWORD_FILE`, `TOKEN_URL`,
 * `PASSWORD_MIN_LENGTH`), and its value is neither a placeholder nor a number or a boolean.
 */
function setsSecret({ key, value }: { key: string; value: string }): boolean {
  const name = snakeCase(key);
  if (!SECRET_KEY_WORD.test(name) || isSecretSettingPointer(name)) return false;
  const unquoted = value.trim().replace(/^["']|["']$/g, '');
  // A route table's `password: '/account/password/reset',` is no secret (fresh-user trial 46).
  const bare = unquoted.replace(/["'],?$/, '');
  return !PLACEHOLDER.test(bare) && !NOT_A_SECRET_VALUE.test(bare) && !isPathLike(bare);
}

/**
 * The `KEY=value` rule: a text whose non-comment lines are mostly assignments (a dotenv or
 * properties file) and that gives a secret-named key (`*_SECRET`, `*_TOKEN`, `*PASSWORD*`,
 * `*_API_KEY`, …) a value that is not a placeholder.
 */
function secretAssignmentFile(lines: string[]): string | null {
  const content = lines.filter((line) => line.trim() !== '' && !/^\s*[#;!]/.test(line));
  if (content.length === 0) return null;
  const assignments = content
    .map((line, at) => {
      const assignment = assignmentOf(line);
      return (
        assignment && { ...assignment, value: blockScalarValue(content, at, assignment.value) }
      );
    })
    .filter((match) => match !== null);
  if (assignments.length < content.length * 0.6) return null;
  const secret = assignments.find(setsSecret);
  return secret ? `a KEY=value file that sets ${secret.key}` : null;
}

/**
 * The value of a setting line: as written, but for a YAML block scalar (`password: >-`), whose
 * value is the more indented lines under it (YAML 1.2, §8.1), joined by spaces. The header alone
 * is no value: a file that sets `password: >-` then `${DB_PASSWORD}` was refused whole.
 * @param lines - the file's non-blank, non-comment lines.
 * @param at - the setting line's position in `lines`.
 * @param value - what follows the setting's `:` on its line.
 * @returns the value to weigh.
 */
function blockScalarValue(lines: readonly string[], at: number, value: string): string {
  if (!isBlockScalarHeader(withoutComment(value))) return value;
  const indent = (line: string) => line.length - line.trimStart().length;
  const own = indent(lines[at] ?? '');
  const body: string[] = [];
  for (const line of lines.slice(at + 1)) {
    if (indent(line) <= own) break;
    body.push(line.trim());
  }
  return body.join(' ');
}

/** Marks every line the character range [start, end) touches. */
function markRange(
  text: string,
  lineStarts: number[],
  start: number,
  end: number,
  what: string,
  lines: Map<number, string>,
) {
  let line = lineStarts.findLastIndex((at) => at <= start) + 1;
  while (
    line > 0 &&
    line <= lineStarts.length &&
    (lineStarts[line - 1] ?? text.length) < Math.max(end, start + 1)
  ) {
    if (!lines.has(line)) lines.set(line, what);
    line++;
  }
}

function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (
    let at = text.indexOf('\n');
    at !== -1 && at < text.length - 1;
    at = text.indexOf('\n', at + 1)
  ) {
    starts.push(at + 1);
  }
  return starts;
}

/**
 * secretlint's profiler times every rule on every file with global performance marks that it
 * keeps forever (a large repository would grow them without end) and measures later, keyed by
 * file path (a path with a newline, or two runs on one path, make it throw). Sightline never reads
 * those timings, so the profiler is given a clock that records nothing.
 */
(secretLintProfiler as unknown as { perf: { mark(): void; measure(): void } }).perf = {
  mark: () => undefined,
  measure: () => undefined,
};

/**
 * A string literal's prefix, Python's (`b`, `r`, `f`, `u`, `br`, `rb`, `fr`, any case), before
 * its quote and after no name's character.
 */
const STRING_PREFIX = /\b[bBrRuUfF]{1,2}(?=["'])/g;

async function lint(text: string, filePath: string | undefined) {
  const result = await lintSource({
    source: {
      content: text,
      filePath: printablePath(filePath ?? 'file.txt'),
      ext: '',
      contentType: 'text',
    },
    options: { config: CONFIG, maskSecrets: true, noPhysicFilePath: filePath === undefined },
  });
  return result.messages;
}

/**
 * The secrets secretlint's preset and the rules of `secret-rules.ts` find in a text.
 * @param rules the rules beside secretlint's. Default all of `secret-rules.ts`.
 * @throws what secretlint throws on a text it cannot check.
 */
async function findSecrets(
  text: string,
  filePath: string | undefined,
  rules: readonly SecretRule[] = SECRET_RULES,
): Promise<FoundSecret[]> {
  const found: FoundSecret[] = [];
  // secretlint's rules match tokens by their own shape, which a string's prefix does not change.
  for (const message of await lint(text, filePath)) {
    const rule = message.ruleId.replace(/^@secretlint\/secretlint-rule-/, '');
    found.push({ start: message.range[0], end: message.range[1], what: `secretlint rule ${rule}` });
  }
  // A string's prefix (`b"…"`, `rb'…'`, `f"…"`) does not change what it holds: our rules read the
  // text as written and, when it has one, with each prefix as spaces (ranges stay the text's).
  const unprefixed = text.replace(STRING_PREFIX, (prefix) => ' '.repeat(prefix.length));
  for (const read of unprefixed === text ? [text] : [text, unprefixed]) {
    for (const rule of rules) {
      for (const [start, end] of rule.find(read, filePath ?? '')) {
        found.push({ start, end, what: rule.what });
      }
    }
  }
  return found;
}

/**
 * Scans a text for secrets, read without its invisible characters ({@link INVISIBLE}), line by
 * line and in its logical lines (a secret split over several lines, `split-secrets.ts`). Line
 * numbers follow `splitFileLines` (`\n` and `\r\n` lines, 1-based).
 * @param given a file's decoded content (or one line of it).
 * @param filePath the file's repository-relative path, for rules that look at it. Default none.
 * @returns the file-level verdict and the lines to withhold, each with what was found (rule names
 *   only, never the secret). Never throws: a secretlint failure withholds every line.
 */
export async function scanSecrets(given: string, filePath?: string): Promise<SecretScan> {
  const lines = new Map<number, string>();
  if (given === '') return { file: null, lines };
  // Read as a person reads it: a zero-width character inside a token hides it from every rule
  // (fresh-user trial 30); none is a line break, so the lines found are the given text's.
  const text = given.replace(INVISIBLE, '');
  const physical = splitFileLines(text);
  const file = secretAssignmentFile(physical);
  const starts = lineStartsOf(text);
  try {
    for (const { start, end, what } of await findSecrets(text, filePath)) {
      markRange(text, starts, start, end, what, lines);
    }
    // A secret that starts on a line the line scan withheld, joined to the next line only by a
    // guess (a long line ending in a token, then code), is that scan's: it would take the code.
    const split = await findSplitSecrets(text, (joined) =>
      findSecrets(joined, filePath, JOINED_LINE_RULES),
    );
    const found = new Set(lines.keys());
    for (const secret of split) {
      if (secret.guessed && found.has(secret.lines[0] ?? 0)) continue;
      for (const line of secret.lines) if (!lines.has(line)) lines.set(line, secret.what);
    }
    const joined = await findLiteralJoinedSecrets(physical, (variants) =>
      findSecrets(variants, filePath, JOINED_LINE_RULES),
    );
    for (const { line, what } of joined) if (!lines.has(line)) lines.set(line, what);
  } catch {
    return { file: 'a text the secret scanner could not check', lines };
  }
  return { file, lines };
}
