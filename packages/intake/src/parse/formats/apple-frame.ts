/**
 * One frame line of an Apple crash report's backtrace, `4   kaki    0x0000000100081a1c main + 108`
 * (number, image, address, symbol with its offset, optionally `(File.m:12)`), as crash reports and
 * Foundation's "First throw call stack" print it. Format: developer.apple.com/documentation/xcode/
 * examining-the-fields-in-a-crash-report ("Backtraces").
 */
import type { Frame } from '../types.js';

const FRAME_START = /^(\d+)\s+(\S.*)$/;
const ADDRESS = /\s(0x[0-9a-fA-F]+)\s/;

/**
 * Reads one frame line; the symbol keeps Objective-C's `-[Class selector:]` and C++'s signature,
 * without its ` + 108` offset.
 * @param line - the line, starting with the frame's number (no indentation).
 * @param process - the crashed process's image name: its frames are in-app; none when undefined.
 * @returns the frame, or `null` when the line is no frame line.
 */
export function parseAppleFrame(line: string, process: string | undefined): Frame | null {
  const start = FRAME_START.exec(line);
  if (!start?.[2]) return null;
  const rest = `${start[2]} `;
  const address = ADDRESS.exec(rest);
  if (!address || address.index === undefined) return null;
  const image = rest.slice(0, address.index).trim();
  let symbol = rest.slice(address.index + address[0].length).trim();
  let file: string | undefined;
  let lineNumber: number | undefined;
  const source = / \(([^()\s]+):(\d+)(?::\d+)?\)$/.exec(symbol);
  if (source?.[1]) {
    file = source[1];
    lineNumber = Number(source[2]);
    symbol = symbol.slice(0, source.index).trim();
  }
  symbol = symbol.replace(/ \(in [^)]*\)$/, '').replace(/ \+ \d+$/, '');
  const fn = /^0x[0-9a-fA-F]+$/.test(symbol) || symbol === image ? undefined : symbol;
  return {
    ...(file ? { file } : {}),
    ...(lineNumber ? { line: lineNumber } : {}),
    ...(fn ? { function: fn } : {}),
    module: image,
    inApp: process !== undefined && image === process,
    raw: line.trim(),
  };
}
