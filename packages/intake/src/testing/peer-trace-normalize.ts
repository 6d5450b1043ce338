/**
 * The conventions that differ between stack-trace parsers without either being wrong, removed so
 * that Sightline's frames and another parser's can be compared field by field. The list is the
 * one documented with the peer fixtures (../shared/data/peer-traces/README.md): anonymous
 * spellings, ` [as x]`, `async `/`new ` prefixes and SpiderMonkey `/<` suffixes on names,
 * `eval code` = `eval`, placeholder files, and transport prefixes (`file://`, `webpack:///`,
 * `app:///`, leading `./`).
 */

/** A stack frame reduced to the fields peers agree on; absent = the parser gave none. */
export interface ComparableFrame {
  function?: string;
  file?: string;
  /** 1-based. */
  line?: number;
  /** 1-based. */
  column?: number;
}

/**
 * Names that mean "no name": Sentry's `?` (and `Object.?`, its spelling of `Object.<anonymous>`),
 * V8's `<anonymous>`, stacktrace-parser's `<unknown>`, JavaScriptCore's `global code`, IE's
 * `Anonymous function`.
 */
const ANONYMOUS = new Set([
  '',
  '?',
  'object.?',
  '<anonymous>',
  '<unknown>',
  'object.<anonymous>',
  'global code',
  'anonymous function',
]);

/** Files that name no file: V8's `native` and `<anonymous>`, JavaScriptCore's `[native code]`. */
const PLACEHOLDER_FILES = new Set([
  'native',
  'native code',
  '[native code]',
  '<anonymous>',
  'eval code',
]);

/**
 * Normalises a function name.
 * @returns the name without alias, prefixes and `/<` suffixes; `undefined` when anonymous.
 */
export function normalizeFunctionName(name: string | null | undefined): string | undefined {
  if (name === null || name === undefined) return undefined;
  let cleaned = name.trim();
  const alias = cleaned.endsWith(']') ? cleaned.lastIndexOf(' [as ') : -1;
  if (alias >= 0) cleaned = cleaned.slice(0, alias);
  cleaned = cleaned.replace(/^(?:async |new )+/, '');
  while (cleaned.endsWith('/<')) cleaned = cleaned.slice(0, -2);
  if (cleaned === 'eval code') cleaned = 'eval';
  return ANONYMOUS.has(cleaned.toLowerCase()) ? undefined : cleaned;
}

/**
 * Normalises a frame's file.
 * @returns the file without transport prefix (a `file:///C:/` URL becomes `C:/`); `undefined` for
 *   a placeholder.
 */
export function normalizeFileName(file: string | null | undefined): string | undefined {
  if (file === null || file === undefined) return undefined;
  const bare = file.trim().replace(/^\((.*)\)$/, '$1');
  if (PLACEHOLDER_FILES.has(bare.toLowerCase())) return undefined;
  const cleaned = bare
    .replace(/^file:\/\//i, '')
    .replace(/^\/([A-Za-z]:[\\/])/, '$1')
    .replace(/^(?:webpack|app):\/\/\//i, '')
    .replace(/^(?:\.\/)+/, '');
  return cleaned === '' ? undefined : cleaned;
}

/** A positive number, or `undefined` (peers write a missing line as `null`). */
function position(value: number | null | undefined): number | undefined {
  return typeof value === 'number' && value > 0 ? value : undefined;
}

/**
 * Normalises a whole frame.
 * @param frame - function, file, line and column as any parser gives them.
 * @returns the comparable frame (absent fields left out).
 */
export function normalizeFrame(frame: {
  function?: string | null;
  file?: string | null;
  line?: number | null;
  column?: number | null;
}): ComparableFrame {
  const name = normalizeFunctionName(frame.function);
  const file = normalizeFileName(frame.file);
  const line = position(frame.line);
  const column = position(frame.column);
  return {
    ...(name !== undefined ? { function: name } : {}),
    ...(file !== undefined ? { file } : {}),
    ...(line !== undefined ? { line } : {}),
    ...(column !== undefined ? { column } : {}),
  };
}
