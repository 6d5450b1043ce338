/**
 * One line of a SpiderMonkey (Firefox) or JavaScriptCore (Safari, React Native's JSC) stack:
 * `fn@url:line:column` (a *signed* frame), or what JavaScriptCore prints without the `@` — a bare
 * location (`http://x/file.js:48:22`, the frame that threw), a bare function name (`baz`, native
 * or eval code) or `[native code]`. Bare lines are *unsigned*: they count only inside a run of
 * signed frames (see `firefox.ts`). Safari's Web Inspector prints a copied console error's frames
 * as `fn (url:line)` (`(anonymous function) (…)`, `global code (…)`, `forEach ([native code])`),
 * read as signed frames too (trial 49). Eval frames (`file.js line 26 > eval:1:30`) are attributed
 * to the calling file and line, as Sentry's stack parser does (getsentry/sentry-javascript,
 * `packages/browser/src/stack-parsers.ts`).
 */
import { isInAppFile } from '../frame-origin.js';
import { normalizeFramePath, splitLocation } from '../frame-path.js';
import { trimEndCharacters } from '../lines.js';
import type { Frame } from '../types.js';

/** A frame read from one line; `signed` when the line had the `fn@location` shape. */
export interface FirefoxFrameLine {
  frame: Frame;
  signed: boolean;
}

const EVAL = /^(\S+) line (\d+)(?: > (?:eval|Function))+/;
/** A file worth a frame: a URL, a path with a folder, or a dotted file name (`33.js`). */
const FILE = /^(?:[a-z][\w+.-]*:|[^\s]*[/\\]|[\w$.-]+\.[A-Za-z]\w*$)/i;
const BARE_NAME = /^(?:[A-Za-z_$][\w$.]*|eval code|global code)$/;
/** Web Inspector's `fn (location)`: a name (or its anonymous and code placeholders) and a location. */
const INSPECTOR_FRAME =
  /^([A-Za-z_$][\w$.]*|\(anonymous function\)|(?:global|eval|module) code) \((\[native code\]|[^()\s]+)\)$/;

function cleanFunction(name: string): string | undefined {
  const open = name.endsWith(')') ? name.indexOf('(') : -1;
  const cleaned = trimEndCharacters(open >= 0 ? name.slice(0, open) : name, '/<*').trim();
  return cleaned === '' || cleaned === 'null' || cleaned === 'global code' ? undefined : cleaned;
}

/**
 * Splits `fn@location` at the first `@` outside brackets and quotes, so that `obj["@fn"]@x.js:1:2`
 * keeps its name and `who@http://host/@scope/x.js:1:2` its URL.
 * @returns name and location, or `null` when the line has no such `@`.
 */
function splitAtSign(line: string): { name: string; location: string } | null {
  let depth = 0;
  let quote: string | undefined;
  for (let index = 0; index < line.length; index += 1) {
    const character = line[index];
    if (quote) {
      if (character === quote) quote = undefined;
    } else if (character === '"' || character === "'") quote = character;
    else if (character === '[') depth += 1;
    else if (character === ']') depth = Math.max(0, depth - 1);
    else if (character === '@' && depth === 0) {
      return { name: line.slice(0, index), location: line.slice(index + 1) };
    }
  }
  return null;
}

function locatedFrame(location: string, name: string | undefined, raw: string): Frame | null {
  if (location === '[native code]') {
    const fn = name === undefined ? undefined : cleanFunction(name);
    return { file: '[native code]', ...(fn ? { function: fn } : {}), inApp: false, raw };
  }
  const evalMatch = EVAL.exec(location);
  const parsed = evalMatch?.[1]
    ? { file: evalMatch[1], line: Number(evalMatch[2]) }
    : splitLocation(location);
  if (parsed.line === undefined || /\s/.test(parsed.file) || !FILE.test(parsed.file)) return null;
  const file = normalizeFramePath(parsed.file) ?? parsed.file;
  const fn = name === undefined ? undefined : cleanFunction(name);
  const column = 'column' in parsed ? parsed.column : undefined;
  return {
    file,
    line: parsed.line,
    ...(column ? { column } : {}),
    ...(fn ? { function: fn } : {}),
    inApp: isInAppFile(file),
    raw,
  };
}

/**
 * Reads one line of a Firefox/Safari stack.
 * @returns the frame and whether the line was signed, or `null` when it is not a frame line.
 */
export function parseFirefoxLine(line: string): FirefoxFrameLine | null {
  const trimmed = line.trim();
  if (trimmed === '' || trimmed.startsWith('at ')) return null;
  const inspector = INSPECTOR_FRAME.exec(trimmed);
  if (inspector?.[1] && inspector[2]) {
    const frame = locatedFrame(inspector[2], inspector[1], trimmed);
    return frame ? { frame, signed: true } : null;
  }
  const split = splitAtSign(trimmed);
  if (split && !split.name.includes('://')) {
    if (/\s/.test(split.name.replace(/^(?:global|eval) code$/, ''))) return null;
    const frame = locatedFrame(split.location, split.name, trimmed);
    return frame ? { frame, signed: true } : null;
  }
  const bare = trimmed === '[native code]' ? null : locatedFrame(trimmed, undefined, trimmed);
  if (bare) return { frame: bare, signed: false };
  if (trimmed === '[native code]') {
    return { frame: { file: '[native code]', inApp: false, raw: trimmed }, signed: false };
  }
  if (!BARE_NAME.test(trimmed) || /(?:Error|Exception)$/.test(trimmed)) return null;
  const fn = cleanFunction(trimmed);
  return fn ? { frame: { function: fn, inApp: false, raw: trimmed }, signed: false } : null;
}
