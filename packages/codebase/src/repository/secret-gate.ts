/**
 * The secret gate: the one place repository text passes through on its way to any output (code
 * tool results, the repository map's signatures, diagnosis evidence, verification and patch
 * messages, MCP resources, the console's code context, suspect-commit text), and a report's text
 * before anything reads it (`gateReport`). It decodes a file the way the search engine does
 * (UTF-8, or UTF-16 with a byte order mark), refuses what may not be read at all (secret names,
 * hard links, binary files, `KEY=value` files with secrets), and replaces every line that holds a
 * secret with a note. Everything a channel shows, searches or compares is computed from the gated
 * text, so a withheld line answers the same whatever it holds: no count, no position of a match,
 * no "occurs elsewhere" (no oracle).
 */
import { createHash } from 'node:crypto';
import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { withheldLine } from '@sightline/core';
import { isSecretFile, printablePath, secretFolderOf, splitFileLines } from './content.js';
import { DEFAULT_MAX_READ_BYTES, readAtMost } from './read-at-most.js';
import { type SecretScan, scanSecrets } from './secrets.js';

/** Text that passed the gate. */
export interface GatedText {
  ok: true;
  /** The decoded text with every withheld line replaced by its note (line endings kept). */
  text: string;
  /** Its lines (numbered as `splitFileLines` numbers them), withheld ones replaced by the note. */
  lines: string[];
  /** 1-based line → what was found on it (rule names only, never the secret). */
  withheld: ReadonlyMap<number, string>;
  /** How the bytes were decoded. */
  encoding: TextEncoding;
  /** False when UTF-8 bytes were invalid (shown as U+FFFD). */
  valid: boolean;
}

/** A file the gate does not let through at all. */
export interface GateRefusal {
  ok: false;
  /**
   * `SECRET_FILE` for secrets by name, link count or content; `BINARY_FILE` for NUL bytes;
   * `FILE_UNREADABLE` when the file could not be read (permissions, removed meanwhile).
   */
  code: 'SECRET_FILE' | 'BINARY_FILE' | 'FILE_UNREADABLE';
  /** Why, in words that name no secret (`a hard link (…)`, `a KEY=value file that sets X`). */
  reason: string;
}

/** Encodings the gate reads, as ripgrep does by default (byte order mark sniffing). */
export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be';

/** Options of {@link gateFile}. */
export interface GateFileOptions {
  /** Let secrets through (the tools' `allowSecrets`): nothing is withheld or refused for them. */
  allowSecrets?: boolean;
  /**
   * Most bytes read of the file, whatever its reported size; a longer file is refused as
   * `FILE_UNREADABLE`. Default {@link DEFAULT_MAX_READ_BYTES} (10 MiB).
   */
  maxBytes?: number;
}

/**
 * Decodes file bytes as ripgrep's default `--encoding auto` does: a UTF-16 byte order mark
 * (little or big endian) selects UTF-16, a UTF-8 one is dropped, anything else is UTF-8 with
 * invalid sequences as U+FFFD.
 * @param bytes the file's content.
 * @returns the text, the encoding, and whether UTF-8 was valid.
 */
export function decodeText(bytes: Uint8Array): {
  text: string;
  encoding: TextEncoding;
  valid: boolean;
} {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    return {
      text: new TextDecoder('utf-16le').decode(bytes.subarray(2)),
      encoding: 'utf-16le',
      valid: true,
    };
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    return {
      text: new TextDecoder('utf-16be').decode(bytes.subarray(2)),
      encoding: 'utf-16be',
      valid: true,
    };
  }
  const body =
    bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return {
      text: new TextDecoder('utf-8', { fatal: true }).decode(body),
      encoding: 'utf-8',
      valid: true,
    };
  } catch {
    return { text: new TextDecoder('utf-8').decode(body), encoding: 'utf-8', valid: false };
  }
}

/** Scans already made, by path and content hash: a file is scanned once while it is unchanged. */
const scans = new Map<string, Promise<SecretScan>>();
/** Most scans kept (each is a small map of line numbers). */
const MAX_SCANS = 20_000;

function cachedScan(text: string, filePath: string): Promise<SecretScan> {
  const key = `${filePath}\0${createHash('sha1').update(text).digest('hex')}`;
  let scan = scans.get(key);
  if (scan === undefined) {
    if (scans.size >= MAX_SCANS) scans.delete(scans.keys().next().value as string);
    scan = scanSecrets(text, filePath === '' ? undefined : filePath);
    scans.set(key, scan);
  } else {
    // Most recently used last, so the oldest is dropped first.
    scans.delete(key);
    scans.set(key, scan);
  }
  return scan;
}

/** Replaces the withheld lines of `text` by their notes, keeping every line ending. */
function replaceLines(text: string, withheld: ReadonlyMap<number, string>): string {
  if (withheld.size === 0) return text;
  const parts = text.split(/(\r?\n)/);
  for (const [line, what] of withheld) {
    const at = (line - 1) * 2;
    if (at < parts.length) parts[at] = withheldLine(what);
  }
  return parts.join('');
}

function gated(
  text: string,
  scan: SecretScan | null,
  encoding: TextEncoding,
  valid: boolean,
): GatedText {
  const withheld = scan?.lines ?? new Map<number, string>();
  const shown = replaceLines(text, withheld);
  return { ok: true, text: shown, lines: splitFileLines(shown), withheld, encoding, valid };
}

/**
 * Passes any text through the gate: suspect-commit messages, report excerpts, code context a
 * console shows. A text of the `KEY=value` kind with a secret is refused whole.
 * @param text the text.
 * @param filePath a path the text is from, for rules that look at it (settings files). Default none.
 * @returns the gated text, or why it is refused.
 */
export async function gateText(text: string, filePath = ''): Promise<GatedText | GateRefusal> {
  const scan = await cachedScan(text, filePath);
  if (scan.file) return { ok: false, code: 'SECRET_FILE', reason: scan.file };
  return gated(text, scan, 'utf-8', true);
}

/** What {@link gateTexts} lets through. */
export interface GatedTexts {
  /** The texts in the order given, each with its withheld lines replaced by their notes. */
  texts: string[];
  /** Whether anything was withheld (false: every text is as given). */
  withheld: boolean;
}

/** Lines of a text as `splitFileLines` numbers them in a longer text: one more than its `\n`s. */
function lineCount(text: string): number {
  let count = 1;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++;
  return count;
}

/**
 * Passes several texts through the gate in one scan (a report's title, body, messages and
 * frames): each line of each text is withheld as {@link gateText} withholds it, the texts read as
 * one text joined by `\n` (so a secret spanning two of them is withheld in both).
 * @param texts the texts, each any number of lines.
 * @returns the texts with their withheld lines replaced by notes (line endings kept); when the
 *   texts together are of the `KEY=value` kind with a secret, every non-empty one is the note of
 *   that refusal. Never throws.
 */
export async function gateTexts(texts: readonly string[]): Promise<GatedTexts> {
  const gated = await gateText(texts.join('\n'));
  if (!gated.ok) {
    const note = withheldLine(gated.reason);
    return { texts: texts.map((text) => (text === '' ? text : note)), withheld: true };
  }
  if (gated.withheld.size === 0) return { texts: [...texts], withheld: false };
  const lines = [...gated.withheld.keys()].sort((a, b) => a - b);
  let next = 0;
  let first = 1;
  const shown = texts.map((text) => {
    const end = first + lineCount(text);
    const own = new Map<number, string>();
    for (let line = lines[next]; line !== undefined && line < end; line = lines[++next]) {
      own.set(line - first + 1, gated.withheld.get(line) ?? '');
    }
    first = end;
    return replaceLines(text, own);
  });
  return { texts: shown, withheld: true };
}

/**
 * Why a file could not be read, in words with the system's error code.
 * @param error what reading it threw.
 * @returns `permission denied (EACCES)`, `it no longer exists (ENOENT)`, or `EIO` and the like.
 */
function unreadableReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? 'unknown error';
  if (code === 'EACCES' || code === 'EPERM') return `permission denied (${code})`;
  if (code === 'ENOENT') return `it no longer exists (${code})`;
  return `a read error (${code})`;
}

/**
 * The gate's refusal of a path by its name alone, before anything is looked up: callers that
 * answer for a path (the service's code view) refuse it first, so a missing or odd file under
 * `.git/` is not told apart from a present one (fresh-user trial 26: `.git/objects` was "not a
 * file").
 * @param relative repository-relative path, as asked or resolved.
 * @returns a `SECRET_FILE` refusal saying which folder of credentials or which name, or `null`.
 */
export function refusedByName(relative: string): GateRefusal | null {
  if (!isSecretFile(relative, '')) return null;
  return { ok: false, code: 'SECRET_FILE', reason: secretNameReason(relative) };
}

/**
 * Why a file is refused by its path: the folder of credentials it is in (fresh-user trial 24:
 * `.git/config` was called "a secret file by its name"), or its name, said as it is: a path asked
 * through a symbolic link resolves to its target, whose name is the reason (fresh-user trial 44:
 * `envcopy.txt`, a link to `.env`, was refused "by its name").
 */
function secretNameReason(relative: string): string {
  const folder = secretFolderOf(relative);
  if (folder === '.git') {
    return "a file of git's own folder .git/, never read (it may hold credentials, as .git/config can; history is read through git, not these files)";
  }
  if (folder !== null) return `a file under ${folder}/, a folder of keys and credentials`;
  return `a secret file by its name, ${printablePath(path.posix.basename(relative))}`;
}

/**
 * Reads a repository file through the gate. The path must already be proven inside the root
 * (`resolveInRoot`); the gate refuses it by name, by link count (a hard link may be a file outside
 * the repository), as binary (a NUL byte once decoded) or by content (`scanSecrets` says the
 * whole file is a secret).
 * @param absolute the file's absolute real path.
 * @param relative its repository-relative path with `/` separators.
 * @param options see {@link GateFileOptions}.
 * @returns the gated text, or why the file is refused (`FILE_UNREADABLE` with the system's error
 *   code, e.g. `EACCES`, when it could not be read: nothing of it is shown). Never throws.
 */
export async function gateFile(
  absolute: string,
  relative: string,
  { allowSecrets = false, maxBytes = DEFAULT_MAX_READ_BYTES }: GateFileOptions = {},
): Promise<GatedText | GateRefusal> {
  const refuse = (code: GateRefusal['code'], reason: string): GateRefusal => ({
    ok: false,
    code,
    reason,
  });
  if (!allowSecrets) {
    const named = refusedByName(relative);
    if (named) return named;
  }
  let bytes: Buffer | null;
  try {
    const info = await lstat(absolute);
    if (!allowSecrets && info.nlink > 1) {
      return refuse('SECRET_FILE', 'a hard link (it may be a file outside the repository)');
    }
    if (info.size > maxBytes) {
      return refuse(
        'FILE_UNREADABLE',
        `${info.size} bytes, more than the ${maxBytes} read of one file`,
      );
    }
    bytes = await readAtMost(absolute, maxBytes);
    if (bytes === null) {
      return refuse(
        'FILE_UNREADABLE',
        `longer than ${maxBytes} bytes although its size was given as ${info.size}: a file that grows or streams (like those under /proc)`,
      );
    }
  } catch (error) {
    return refuse('FILE_UNREADABLE', unreadableReason(error));
  }
  const { text, encoding, valid } = decodeText(bytes);
  if (text.includes('\0')) return refuse('BINARY_FILE', 'a binary file (it contains NUL bytes)');
  if (allowSecrets) return gated(text, null, encoding, valid);
  if (isSecretFile(relative, text))
    return refuse('SECRET_FILE', 'a file holding a token or password');
  const scan = await cachedScan(text, relative);
  if (scan.file) return refuse('SECRET_FILE', scan.file);
  return gated(text, scan, encoding, valid);
}

/**
 * A per-call memo of {@link gateFile} by repository-relative path, for channels that look at
 * many lines of few files (grep's matches, a diagnosis' citations).
 * @param root the repository's real path.
 * @param options see {@link GateFileOptions}.
 * @returns a function from a repository-relative path to its gated text or refusal.
 */
export function createFileGate(
  root: string,
  options: GateFileOptions = {},
): (relative: string) => Promise<GatedText | GateRefusal> {
  const files = new Map<string, Promise<GatedText | GateRefusal>>();
  return (relative) => {
    let file = files.get(relative);
    if (file === undefined) {
      file = gateFile(path.join(root, relative), relative, options);
      files.set(relative, file);
    }
    return file;
  };
}
