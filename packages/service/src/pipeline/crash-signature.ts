/**
 * Crash fingerprints: the signature a crash report's group is keyed by (Sentry's grouping by
 * stack trace, docs.sentry.io/concepts/data-management/event-grouping/): the exception type and
 * the in-app frames as `file|function` — no line or column numbers, memory addresses, generated
 * ids or build hashes, recursion collapsed — so a release that shifts lines keeps the group; when
 * no frame is in-app, the exception type, its message (numbers and ids masked) and the first
 * named function (two errors thrown on one framework path stay apart).
 *
 * Versioned, as Sentry versions its grouping: a stored group keeps the signature it was created
 * with, so a new rule gets a new prefix and the old ones are kept to find the groups made before.
 * - `crash4:` (current): as `crash3:`, and a function name keeps its digits (`functionKey`,
 *   frame-key.ts): only generated ordinals, hashes and addresses are taken out of it, where
 *   `crash3:` masked every digit, so crashes in `fn0` and `fn1`, `parseV2` and `parseV3`, `sha1`
 *   and `sha256` were one group. Clang blocks and lambdas, GCC clones, Java hidden lambda classes
 *   and Go's `go`/`defer` wrappers name their function; `funcN` is a Go closure in Go frames only;
 *   a frame without a file is keyed by its module without Java's generated class ids
 *   (`moduleKey`).
 * - `crash3:` (until 2026-12-07): as `crash2:`, and without in-app frames an error code in the
 *   message is kept (`Minified React error #185`, `invariant=185`, `code 1006`: two codes are two
 *   bugs), and a frame named as a minifier names (one or two characters: `Sa`, `F`; a build
 *   renames them) keys by its file alone (an in-app one; the message then keys the fingerprint
 *   too) or not at all (the first named frame is the first other); so one crash from two builds
 *   is one group and two errors on one bundle path are two (fresh-user trial 20).
 * - `crash2:` (until 2026-12-04): each frame's function normalized (`normalizeFunction`,
 *   frame-function.ts), so one crash printed by two runtime versions or call shapes
 *   (`Function.wrap [as post]` and `wrap`, `lambda$main$0` and `main$lambda-1`) is one group;
 *   Python's list, dict and set comprehension frames are left out (Python 3.12 inlines them).
 * - `crash:` (legacy, until 2026-12-03): the function text with ids masked.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { withoutQueryAndFragment } from '@sightline/intake';
import { allFrames, type Frame, type Report } from '../adapters/investigator.js';
import { isInlinedComprehension, normalizeFunction } from './frame-function.js';
import { functionKey, moduleKey } from './frame-key.js';

/** In-app frames in a fingerprint at most (deep recursion or huge traces stay bounded). */
const MAX_FINGERPRINT_FRAMES = 50;

/** How one version of the fingerprint reads a frame and a message. */
interface Rule {
  prefix: string;
  /** The exception message as the fingerprint keys it (no frame in-app, or one minified). */
  message(text: string): string;
  /** The frame's file as the fingerprint keys it (see {@link frameFile}). */
  file(frame: Frame): string;
  /** The frame's function as the fingerprint keys it ('' when it has none). */
  function(frame: Frame): string;
  /** The name of the first named frame when no frame is in-app ('' to look further). */
  topName(frame: Frame): string;
  /** Frames left out of the fingerprint. */
  skip(frame: Frame): boolean;
  /** Whether a frame's function keys the fingerprint (else its file alone does). */
  stable(frame: Frame): boolean;
}

/** A minifier's name: one or two characters (`F`, `Sa`, `$e`), renamed by every build. */
const MINIFIED_NAME = /^[A-Za-z_$][A-Za-z0-9_$]?$/;

const CRASH2: Rule = {
  prefix: 'crash2:',
  message: maskIds,
  file: (frame) => frameFile(frame),
  function: (frame) => maskIds(normalizeFunction(frame.function)),
  topName: (frame) => {
    const name = maskIds(normalizeFunction(frame.function));
    return /^(?:Object|Module|#)$/.test(name) ? '' : name;
  },
  skip: (frame) => isInlinedComprehension(frame.function),
  stable: () => true,
};

/** `crash2:` with error codes kept and minified names keying nothing (see the module header). */
const CRASH3: Rule = {
  ...CRASH2,
  prefix: 'crash3:',
  message: maskIdsButCodes,
  topName: (frame) => (CRASH3.stable(frame) ? CRASH2.topName(frame) : ''),
  stable: (frame) => !MINIFIED_NAME.test(normalizeFunction(frame.function)),
};

/** `crash3:` with the digits of function names kept, generated ids out (see the module header). */
const CURRENT: Rule = {
  ...CRASH3,
  prefix: 'crash4:',
  file: (frame) => frameFile(frame, moduleKey),
  function: functionKey,
  topName: (frame) => {
    const name = CURRENT.stable(frame) ? functionKey(frame) : '';
    return /^(?:Object|Module|#)$/.test(name) ? '' : name;
  },
  stable: (frame) => !MINIFIED_NAME.test(functionKey(frame)),
};

const LEGACY: Rule = {
  prefix: 'crash:',
  message: maskIds,
  file: (frame) => frameFile(frame),
  function: (frame) => maskIds(frame.function ?? ''),
  topName: legacyFunctionName,
  skip: () => false,
  stable: () => true,
};

/**
 * `crash4:<hash>` of the exception type and the normalized in-app frames (all frames when none is
 * in-app; see the module header), or undefined when the report has no trace.
 */
export function crashSignature(report: Report): string | undefined {
  return fingerprint(report, CURRENT);
}

/**
 * The signatures the earlier rules gave the same report (`crash3:<hash>`, `crash2:<hash>`,
 * `crash:<hash>`, newest first): what groups stored before `crash4:` are keyed by. Empty when the
 * report has no trace.
 */
export function legacyCrashSignatures(report: Report): string[] {
  return [CRASH3, CRASH2, LEGACY].flatMap((rule) => fingerprint(report, rule) ?? []);
}

function fingerprint(report: Report, rule: Rule): string | undefined {
  const exception =
    report.exceptions.find((candidate) => candidate.frames.length > 0) ?? report.exceptions[0];
  const frames = exception ? allFrames([exception]) : (report.stack ?? []);
  if (!exception && frames.length === 0) return undefined;
  const inApp = frames.filter((frame) => frame.inApp);
  const message = rule.message(exception?.message ?? '').trim();
  // Without in-app frames the stack is a framework's or a bundle's path: many errors share it, and
  // one error's frames differ between browsers and builds. Like Sentry when no frame contributes,
  // the exception type and message (numbers and ids masked) are the fingerprint; the frames only
  // stand in when there is no message.
  const keys: string[] = [];
  for (const frame of inApp.length > 0 ? inApp : message ? [] : frames) {
    if (rule.skip(frame)) continue;
    const key = `${rule.file(frame)}|${rule.stable(frame) ? rule.function(frame) : ''}`;
    if (key !== '|' && keys.at(-1) !== key) keys.push(key);
    if (keys.length === MAX_FINGERPRINT_FRAMES) break;
  }
  const top = inApp.length > 0 || !message ? '' : (frames.map(rule.topName).find(Boolean) ?? '');
  // In-app frames with minified names left out say less of the crash: its message says the rest.
  const minified = frames.some((frame) => frame.inApp && !rule.stable(frame));
  const parts = [
    exception?.type ?? 'stack',
    ...keys,
    inApp.length > 0 && !minified ? '' : message,
    top,
  ];
  return `${rule.prefix}${createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 32)}`;
}

/**
 * A frame's file: its repository path, else its base name without build hashes, else its module
 * as `module` keys it (as written by default).
 */
function frameFile(frame: Frame, module: (text: string | undefined) => string = String): string {
  const file =
    frame.repoPath ??
    (frame.file
      ? path.posix
          .basename(withoutQueryAndFragment(frame.file.replace(/\\/g, '/')))
          .replace(/[.-][0-9a-f]{6,}(?=\.)/gi, '')
      : '');
  return file || (frame.module ? module(frame.module) : '');
}

/** The legacy rule's name of a frame: its last identifier (`Bridge.emit` → `emit`). */
function legacyFunctionName(frame: Frame): string {
  const names = maskIds(frame.function ?? '').match(/[\p{L}_$][\p{L}\p{N}_$]*/gu);
  const last = names?.at(-1);
  return last && !/^(?:anonymous|Object|Module)$/.test(last) ? last : '';
}

/** An error code's label and number (see {@link maskIdsButCodes}). */
const ERROR_CODE = /(\b(?:error|code|errno|invariant)\s?[#=:]?\s?)(\d+)/gi;

/**
 * {@link maskIds} but for the number of an error code (after `error`, `code`, `errno` or
 * `invariant`, with `#`, `=` or `:` between): `Minified React error #185` keeps its 185.
 */
function maskIdsButCodes(text: string): string {
  const codes: string[] = [];
  const held = text.replace(ERROR_CODE, (_, label: string, code: string) => {
    codes.push(code);
    return `${label}\uE000`;
  });
  return maskIds(held).replace(/\uE000/g, () => codes.shift() ?? '');
}

/** Hex addresses, UUIDs, long hex ids and numbers masked (`$1`, `lambda$12`, `0x7fff…`). */
function maskIds(text: string): string {
  return text
    .replace(/0x[0-9a-f]+/gi, '#')
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '#')
    .replace(/\b[0-9a-f]{12,}\b/gi, '#')
    .replace(/\d+/g, '#');
}
