/**
 * gitleaks' `private-key` rule: a private key block from its BEGIN line to its END line, or to the
 * end of the lines that look like a key's body when no END line is near. Minified and generated
 * files have lines of megabytes, so every search here reads the text once however many BEGIN
 * lines it holds: a search whose result still lies ahead serves the next BEGIN line.
 */
import { createKeyBodySpanCheck } from './key-body-span.js';
import type { SecretRule } from './secret-rule.js';

const KEY_BEGIN_PREFIX = '-----BEGIN ';
const KEY_END_PREFIX = '-----END ';
/** Farthest a private key's END line is looked for, in characters (an RSA-8192 key is ~6,500). */
const KEY_SPAN_CHARS = 16_384;
/** Sixteen characters of base64: a BEGIN line with them after it holds a key's body. */
const BASE64_RUN = /[A-Za-z0-9+/]{16}/g;

/** Whether a character code is in a PEM label's class, `[A-Z0-9 _-]`. */
function isLabelCode(code: number): boolean {
  return (
    (code >= 65 && code <= 90) ||
    (code >= 48 && code <= 57) ||
    code === 32 ||
    code === 95 ||
    code === 45
  );
}

/** End of the farthest `PRIVATE KEY-----` or `PRIVATE KEY BLOCK-----` in `label`, or -1. */
function lastKeyTrailerEnd(label: string): number {
  for (let at = label.lastIndexOf('PRIVATE KEY'); at !== -1; ) {
    if (label.startsWith(' BLOCK-----', at + 11)) return at + 22;
    if (label.startsWith('-----', at + 11)) return at + 16;
    at = at === 0 ? -1 : label.lastIndexOf('PRIVATE KEY', at - 1);
  }
  return -1;
}

/**
 * The BEGIN lines of private keys, as `/-----BEGIN [A-Z0-9 _-]*PRIVATE KEY(?: BLOCK)?-----/g`
 * finds them, in linear time: the label's characters are all in its class, so a BEGIN whose label
 * run has no `PRIVATE KEY-----` fails for every BEGIN later in that run too, and is skipped past
 * (the pattern retried each `-----BEGIN ` to the run's end: quadratic).
 */
function* keyBeginLines(text: string): Generator<{ index: number; end: number }> {
  let at = text.indexOf(KEY_BEGIN_PREFIX);
  while (at !== -1) {
    const from = at + KEY_BEGIN_PREFIX.length;
    let runEnd = from;
    while (runEnd < text.length && isLabelCode(text.charCodeAt(runEnd))) runEnd++;
    const trailerEnd = lastKeyTrailerEnd(text.slice(from, runEnd));
    if (trailerEnd === -1) {
      at = text.indexOf(KEY_BEGIN_PREFIX, runEnd);
      continue;
    }
    yield { index: at, end: from + trailerEnd };
    at = text.indexOf(KEY_BEGIN_PREFIX, from + trailerEnd);
  }
}

/**
 * A line of a key's body: base64, or a PEM header (`Proc-Type: 4,ENCRYPTED`); what
 * `/^\s*(?:[A-Za-z0-9+/=]+|[A-Za-z-]+: [\w ,-]+)?\s*$/` accepts, in linear time (its two `\s*`
 * around an optional part, and `[\w ,-]+\s*`, split a run of spaces every way: quadratic).
 */
export function isKeyBodyLine(line: string): boolean {
  const body = line.trim();
  if (body === '' || /^[A-Za-z0-9+/=]+$/.test(body)) return true;
  const started = line.trimStart();
  const header = /^[A-Za-z-]+: /.exec(started);
  if (!header) return false;
  const value = started.slice(header[0].length);
  const kept = value.trimEnd();
  // `[\w ,-]+` needs one character: with only spaces left, the first of them.
  return kept === '' ? value.startsWith(' ') : /^[\w ,-]+$/.test(kept);
}

/** Fewest characters of a body's shorter last line, unless it has a digit, `+`, `/` or `=`. */
const MIN_LAST_LINE = 8;

/**
 * Where the body of a key with no END line ends, from the line break `stop` after its BEGIN line:
 * PEM headers (`Proc-Type: 4,ENCRYPTED`) and a blank line after them, then base64 lines of one
 * width and a shorter last line; the first line of another width, or that is no base64, is not
 * the key's (a word after a body cut short, `Thanks`, the code after it).
 * @returns the index of the line break (or the text's end) after the body's last line; `stop`
 *   when no line below is a body line.
 */
function bodyEndAfter(text: string, stop: number): number {
  let bodyEnd = stop;
  let width = 0;
  let headers = false;
  while (bodyEnd < text.length) {
    const next = text.indexOf('\n', bodyEnd + 1);
    const lineEnd = next === -1 ? text.length : next;
    const line = text.slice(bodyEnd + 1, lineEnd).trim();
    if (line === '') {
      // Only the blank line between a PEM's headers and its base64.
      if (!headers || width > 0) break;
      headers = false;
    } else if (!/^[A-Za-z0-9+/=]+$/.test(line)) {
      if (width > 0 || !isKeyBodyLine(line)) break;
      headers = true;
    } else if (width === 0 || line.length === width) {
      width = line.length;
    } else {
      const last = line.length < width && (line.length >= MIN_LAST_LINE || /[\d+/=]/.test(line));
      if (last) bodyEnd = lineEnd;
      break;
    }
    bodyEnd = lineEnd;
  }
  return bodyEnd;
}

/**
 * `search(from)`, the first position at or after `from` where something holds (-1 for none), for
 * `from`s that only grow: a position found that still lies ahead is the answer again, so the text
 * is read once.
 */
function forwardSearch(search: (from: number) => number): (from: number) => number {
  let found: number | undefined;
  return (from) => {
    if (found === undefined || (found !== -1 && found < from)) found = search(from);
    return found;
  };
}

/** The starts and ends, ascending, of the END-line tails `PRIVATE KEY-----` and `PRIVATE KEY BLOCK-----`. */
function keyTrailers(text: string): { starts: number[]; ends: number[] } {
  const starts: number[] = [];
  const ends: number[] = [];
  for (let at = text.indexOf('PRIVATE KEY'); at !== -1; at = text.indexOf('PRIVATE KEY', at + 11)) {
    const length = text.startsWith(' BLOCK-----', at + 11)
      ? 22
      : text.startsWith('-----', at + 11)
        ? 16
        : 0;
    if (length === 0) continue;
    starts.push(at);
    ends.push(at + length);
  }
  return { starts, ends };
}

/** The first index of the ascending `values` whose value is at least `bound` (their length if none). */
function firstAtLeast(values: number[], bound: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((values[middle] ?? bound) < bound) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Where the END line of a key whose BEGIN line ends at `from` ends: what
 * `/-----END [A-Z0-9 _-]*PRIVATE KEY(?: BLOCK)?-----/g` finds from `from` in the text's first
 * `from + KEY_SPAN_CHARS` characters, for `from`s that only grow. An END line's label lies in one
 * run of label characters and reaches, greedily, the last tail in the run (and the span); the END
 * lines of a run that holds no tail after them are skipped past together. The pattern read every
 * `-----END ` to its run's end, over the span again for each BEGIN line: a MiB line of BEGIN and
 * END lines took 4 s, one of BEGIN lines alone 186 s (with the body check).
 */
function createKeyEndFinder(text: string): (from: number) => number | undefined {
  let trailers: { starts: number[]; ends: number[] } | undefined;
  let candidate = text.indexOf(KEY_END_PREFIX);
  let runStart = -1;
  let runEnd = -1;
  return (from) => {
    trailers ??= keyTrailers(text);
    const limit = from + KEY_SPAN_CHARS;
    while (candidate !== -1) {
      if (candidate < from) {
        candidate = text.indexOf(KEY_END_PREFIX, from);
        continue;
      }
      if (candidate < runStart || candidate >= runEnd) {
        runStart = candidate;
        runEnd = candidate + KEY_END_PREFIX.length;
        while (runEnd < text.length && isLabelCode(text.charCodeAt(runEnd))) runEnd++;
      }
      const first = firstAtLeast(trailers.starts, candidate + KEY_END_PREFIX.length);
      const firstEnd = trailers.ends[first];
      if (firstEnd === undefined || firstEnd > runEnd) {
        candidate = text.indexOf(KEY_END_PREFIX, runEnd);
        continue;
      }
      // Later END lines end later still: none of them is in the span either.
      if (firstEnd > limit) return undefined;
      const last = firstAtLeast(trailers.ends, Math.min(runEnd, limit) + 1) - 1;
      return trailers.ends[last];
    }
    return undefined;
  };
}

/**
 * A private key block: from `-----BEGIN … PRIVATE KEY-----` to its END line when what lies
 * between is a key's body (`key-body-span.ts`); else, and without an END line near, to the end of
 * the body below it (`bodyEndAfter`: a key cut short still hides its body, and only its body). A
 * BEGIN line with no body at all (a message naming the format) is not a key.
 */
export const PRIVATE_KEY_RULE: SecretRule = {
  what: 'a private key block',
  *find(text) {
    const keyEnd = createKeyEndFinder(text);
    const lineEnd = forwardSearch((from) => text.indexOf('\n', from));
    const base64Run = forwardSearch((from) => {
      BASE64_RUN.lastIndex = from;
      return BASE64_RUN.exec(text)?.index ?? -1;
    });
    // The body below the last line end read: [bodyFrom, bodyEnd), whole lines of a key's body.
    let bodyFrom = -1;
    let bodyEnd = -1;
    const isBodySpan = createKeyBodySpanCheck(text);
    for (const begin of keyBeginLines(text)) {
      const from = begin.end;
      const end = keyEnd(from);
      // An END line counts when what lies between is a body (not the code between two constants).
      if (end !== undefined && isBodySpan(from, text.lastIndexOf(KEY_END_PREFIX, end))) {
        yield [begin.index, end];
        continue;
      }
      const stop = lineEnd(from);
      if (stop === -1) {
        if (base64Run(from) !== -1) yield [begin.index, text.length];
        continue;
      }
      if (stop < bodyFrom || stop > bodyEnd) {
        bodyFrom = stop;
        bodyEnd = bodyEndAfter(text, stop);
      }
      // A BEGIN line with no body after it, on its line or below, only names the format.
      const run = base64Run(from);
      if (stop === bodyEnd && (run === -1 || run > stop)) continue;
      yield [begin.index, bodyEnd];
    }
  },
};
