/**
 * The location part of a V8-style stack frame (V8, Edge and IE, Hermes): what `at fn (…)` holds
 * in its parentheses, or what follows `at ` when there is no function. Besides `file:line:column`
 * it reads Chrome's `async file:1:2`, Hermes' `address at file:1:2`, `eval at fn (file:1:2),
 * <anonymous>:1:1` (the call site of `eval`, as Sentry's and error-stack-parser's parsers read
 * it), WebAssembly's `file.wasm:wasm-function[190]:0x5aeb` (the module file; the offset is not a
 * line), placeholders (`native`, `native code`, `<anonymous>`) and a path or URL printed with no
 * line.
 */
import { normalizeFramePath, splitLocation } from '../frame-path.js';

/** Where a V8 frame points; `placeholder` when the file names no real file (`native`). */
export interface V8Location {
  file?: string;
  /** 1-based. */
  line?: number;
  /** 1-based. */
  column?: number;
  placeholder?: boolean;
}

const PLACEHOLDER =
  /^(?:native|native code|\[native code\]|<anonymous>|unknown location|index \d+)$/;
const WASM = /^(.+):wasm-function\[\d+\]:0x[0-9a-f]+$/i;
/** A file printed with no line must be a URL or a path with a folder, with no spaces or quotes. */
function isBareFile(text: string): boolean {
  return !/[\s"'`]/.test(text) && /[/\\]/.test(text);
}

/** The location `eval` was called from, in `eval at fn (location), <anonymous>:1:1`. */
function evalCallSite(text: string): string {
  const open = text.lastIndexOf('(');
  const close = text.indexOf(')', open);
  if (open >= 0 && close > open) return text.slice(open + 1, close);
  const comma = text.lastIndexOf(', ');
  return comma >= 0 ? text.slice(comma + 2) : text;
}

/**
 * Reads the location of a V8 frame.
 * @param text - the text between the parentheses of `at fn (…)`, or after `at `.
 * @returns the location, or `null` when the text is not one.
 */
export function parseV8Location(text: string): V8Location | null {
  let rest = text.trim().replace(/^(?:async |address at )+/, '');
  if (rest.startsWith('eval at ')) rest = evalCallSite(rest);
  if (PLACEHOLDER.test(rest)) return { file: rest, placeholder: true };
  const wasm = WASM.exec(rest);
  if (wasm?.[1]) return { file: normalizeFramePath(wasm[1]) ?? wasm[1] };
  const location = splitLocation(rest);
  if (location.line !== undefined) {
    const file = normalizeFramePath(location.file);
    if (file && /^(?:eval code|<anonymous>)$/.test(file)) {
      return { line: location.line, ...(location.column ? { column: location.column } : {}) };
    }
    return {
      ...(file ? { file } : {}),
      line: location.line,
      ...(location.column ? { column: location.column } : {}),
    };
  }
  return isBareFile(rest) ? { file: normalizeFramePath(rest) ?? rest } : null;
}
