/**
 * Store paths: validation, and the well-known locations of offloaded tool results and transcripts.
 *
 * Ids (session ids, tool call ids) come from apps and models, so they are escaped into safe file
 * names with an injective encoding: two different ids never share a path, and no id can climb out
 * of its folder.
 */
import { createHash } from 'node:crypto';
import { SightlineError } from '@sightline/core';
import { type CompactionStore, STORE_VERSION } from './compaction-store.js';

/** Longest segment of a store path, in UTF-8 bytes (the file name limit of common file systems). */
const MAX_SEGMENT_BYTES = 255;

/** Longest escaped id kept whole; longer ids keep a prefix plus a SHA-256 digest (file names ≤ 255 bytes). */
const MAX_ID_LENGTH = 160;

/**
 * Checks that `path` is a valid store entry path: starts with `/`, segments non-empty and at most
 * 255 bytes (UTF-8), no `.` or `..` segment, no backslash, no NUL.
 * @param path - the store path to check.
 * @returns `path` unchanged.
 * @throws SightlineError `STORE_PATH_INVALID` saying which rule failed.
 */
export function assertStorePath(path: string): string {
  const reason = storePathProblem(path, false);
  if (reason) throw invalidPath(path, reason);
  return path;
}

/**
 * Checks a path prefix for `list`/`grep`: like {@link assertStorePath}, but may be `/` or end with `/`.
 * @param prefix - the prefix to check.
 * @returns `prefix` unchanged.
 * @throws SightlineError `STORE_PATH_INVALID`.
 */
export function assertStorePrefix(prefix: string): string {
  const reason = storePathProblem(prefix, true);
  if (reason) throw invalidPath(prefix, reason);
  return prefix;
}

function storePathProblem(path: string, isPrefix: boolean): string | undefined {
  if (typeof path !== 'string' || !path.startsWith('/')) return 'it must start with "/"';
  if (path.includes('\0')) return 'it contains a NUL character';
  if (path.includes('\\')) return 'it contains a backslash; use "/"';
  const segments = path.slice(1).split('/');
  if (isPrefix && segments.at(-1) === '') segments.pop();
  if (!isPrefix && path === '/') return 'it names the store root, not an entry';
  for (const segment of segments) {
    if (segment === '') return 'it has an empty segment ("//" or a trailing "/")';
    if (segment === '.' || segment === '..') return `it has a "${segment}" segment`;
    if (Buffer.byteLength(segment, 'utf8') > MAX_SEGMENT_BYTES)
      return `a segment is longer than ${MAX_SEGMENT_BYTES} bytes`;
  }
  return undefined;
}

function invalidPath(path: string, reason: string): SightlineError {
  return new SightlineError({
    code: 'STORE_PATH_INVALID',
    message: `Invalid store path ${JSON.stringify(path)}: ${reason}. Store paths look like /tool_results/<session>/<id>.txt.`,
    details: { path },
  });
}

/**
 * Escapes an id into a safe file name: `A–Z a–z 0–9 - _` stay, every other UTF-16 code unit
 * becomes `%XXXX` (4 hex digits), so the mapping is injective (lone surrogates included) and never
 * yields `.` or `/`. Escaped ids longer
 * than 160 characters keep their first 120 characters plus `~` and the first 32 hex digits of their
 * SHA-256 (`~` never appears in an escaped id, so these cannot collide with short ids).
 * @param id - a session id or tool call id; must be non-empty.
 * @returns the file-name-safe form.
 * @throws SightlineError `INVALID_ARGUMENT` for an empty id.
 */
export function escapeStoreId(id: string): string {
  if (id.length === 0) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: 'Ids used in store paths must not be empty; pass a session or tool call id.',
    });
  }
  const escaped = id.replace(
    /[^A-Za-z0-9_-]/g,
    (unit) => `%${unit.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`,
  );
  if (escaped.length <= MAX_ID_LENGTH) return escaped;
  const digest = createHash('sha256').update(id).digest('hex').slice(0, 32);
  return `${escaped.slice(0, 120)}~${digest}`;
}

/**
 * Where an offloaded tool result lives: `/tool_results/<session>/<toolCallId>.txt`.
 * @param session - session id (escaped with {@link escapeStoreId}).
 * @param toolCallId - the tool call's id (escaped likewise).
 * @returns a valid store path.
 * @throws SightlineError `INVALID_ARGUMENT` for an empty id.
 */
export function toolResultPath(session: string, toolCallId: string): string {
  return `/tool_results/${escapeStoreId(session)}/${escapeStoreId(toolCallId)}.txt`;
}

/**
 * Where the full transcript of a session is appended: `/conversation_history/<session>.md`.
 * @param session - session id (escaped with {@link escapeStoreId}).
 * @returns a valid store path.
 * @throws SightlineError `INVALID_ARGUMENT` for an empty id.
 */
export function transcriptPath(session: string): string {
  return `/conversation_history/${escapeStoreId(session)}.md`;
}

/**
 * Rejects a pluggable store written for another contract version.
 * @param store - any object claiming to be a {@link CompactionStore}.
 * @returns `store`, typed.
 * @throws SightlineError `STORE_VERSION_MISMATCH` when `store.version` is not 1.
 */
export function assertStoreVersion(store: CompactionStore): CompactionStore {
  if (store?.version !== STORE_VERSION) {
    throw new SightlineError({
      code: 'STORE_VERSION_MISMATCH',
      message: `This compaction store implements version ${String(store?.version)}, but @sightline/compaction needs version ${STORE_VERSION}. Upgrade the store or use createMemoryStore()/createDiskStore().`,
      details: { version: store?.version },
    });
  }
  return store;
}
