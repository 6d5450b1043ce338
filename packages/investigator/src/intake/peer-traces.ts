/**
 * The stack-trace fixtures of established parsers' own test suites (Sentry's browser parser and
 * Node line parsers, error-stack-parser, stacktrace-parser), as recorded in
 * ../shared/data/peer-traces/fixtures.json: for each test, the text its parser was given and the
 * frames it asserts, turned into {@link PeerCase}s (frames innermost first, normalised with
 * `normalizeFrame`). Tests whose assertions the data README calls peer quirks not worth matching
 * (Sentry's wasm test, its 1 KiB line cut, data-URI rewriting, `decodeURI` of Node paths) and the
 * obsolete Opera 12-and-older formats are kept but marked `excluded`, with the reason.
 */
import { readFileSync } from 'node:fs';
import { type ComparableFrame, normalizeFrame } from './peer-trace-normalize.js';

/** The five peer suites. */
export type PeerSuite =
  | 'sentry-browser'
  | 'sentry-node'
  | 'sentry-node-legacy'
  | 'error-stack-parser'
  | 'stacktrace-parser';

/** Every suite, in report order. */
export const PEER_SUITES: readonly PeerSuite[] = [
  'sentry-browser',
  'sentry-node',
  'sentry-node-legacy',
  'error-stack-parser',
  'stacktrace-parser',
];

/** A field a peer can assert. */
export type FrameField = keyof ComparableFrame;

/** What a peer asserts about one frame. */
export interface ExpectedFrame {
  /** The expected values, normalised; a field asserted but absent here must be absent. */
  frame: ComparableFrame;
  /** The fields the peer checks. */
  asserted: FrameField[];
  /** The peer's `in_app`, where its parser decides it (Sentry's Node parsers). */
  inApp?: boolean;
}

/** One peer test, ready to run through intake. */
export interface PeerCase {
  id: number;
  suite: PeerSuite;
  /** The peer test's full name. */
  test: string;
  /** The stack text the peer's parser was given ('' when none). */
  text: string;
  /** Expected frames innermost first; `null` where the peer asserts nothing about a position. */
  frames: (ExpectedFrame | null)[];
  /** True when the peer asserts the number of frames. */
  countAsserted: boolean;
  /** Sentry's `framesToPop`: innermost frames its post-processing drops. */
  framesToPop: number;
  /** Why this case is left out of the figures (a documented peer quirk, an obsolete format). */
  excluded?: string;
}

interface RawRecord {
  path: (string | number)[];
  matcher: string;
  expected: unknown;
}

interface RawCapture {
  id: number;
  file: string;
  test: string;
  kind: string;
  input: unknown;
  records: RawRecord[];
}

type Json = Record<string, unknown>;

const ALL_FIELDS: FrameField[] = ['function', 'file', 'line', 'column'];

/** Peer test names whose assertions the data README excludes, with the reason. */
const EXCLUSIONS: [RegExp, string][] = [
  [/\bOpera (?:[1-9]|1[0-2])(?:\.\d+)?\b/, 'obsolete format: Opera 12 and older'],
  [/wasm/i, "peer quirk: Sentry's wasm test"],
  [/over 1kb/i, "peer quirk: Sentry's 1 KiB line cut"],
  [/data.?uri/i, 'peer quirk: data-URI rewriting'],
  [/decodeURI|encoded|percent-encoded/i, 'peer quirk: decodeURI of Node paths'],
];

function suiteOf(file: string): PeerSuite {
  if (file === 'sentry-javascript/core-stacktrace') return 'sentry-node';
  if (file === 'sentry-javascript/node-legacy-stacktrace') return 'sentry-node-legacy';
  if (file.startsWith('error-stack-parser/')) return 'error-stack-parser';
  if (file.startsWith('stacktrace-parser/')) return 'stacktrace-parser';
  return 'sentry-browser';
}

const asObject = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
const asText = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;
const asNumber = (value: unknown): number | null => (typeof value === 'number' ? value : null);

function sentryFrame(raw: unknown, withInApp: boolean): ExpectedFrame {
  const frame = asObject(raw);
  return {
    frame: normalizeFrame({
      function: asText(frame.function),
      file: asText(frame.filename),
      line: asNumber(frame.lineno),
      column: asNumber(frame.colno),
    }),
    asserted: ALL_FIELDS,
    ...(withInApp && typeof frame.in_app === 'boolean' ? { inApp: frame.in_app } : {}),
  };
}

function stacktraceParserFrame(raw: unknown): ExpectedFrame {
  const frame = asObject(raw);
  return {
    frame: normalizeFrame({
      function: asText(frame.methodName),
      file: asText(frame.file),
      line: asNumber(frame.lineNumber),
      column: asNumber(frame.column),
    }),
    asserted: ALL_FIELDS,
  };
}

/** error-stack-parser's `toMatchStackFrame` arguments: `[function, args, file, line, column]`. */
function errorStackParserFrame(raw: unknown): ExpectedFrame {
  const [name, , file, line, column] = Array.isArray(raw) ? raw : [];
  return {
    frame: normalizeFrame({
      function: asText(name),
      file: asText(file),
      line: asNumber(line),
      column: asNumber(column),
    }),
    asserted: ALL_FIELDS,
  };
}

/** error-stack-parser's getters, and Sentry's frame keys, by the field they hold. */
const FIELD_KEYS: Record<string, FrameField> = {
  fileName: 'file',
  filename: 'file',
  functionName: 'function',
  lineNumber: 'line',
  columnNumber: 'column',
};

function oneField(key: string, value: unknown): ExpectedFrame | null {
  const field = FIELD_KEYS[key];
  if (!field) return null;
  const frame = normalizeFrame({
    [field]: field === 'line' || field === 'column' ? asNumber(value) : asText(value),
  });
  return { frame, asserted: [field] };
}

/** Puts `frame` at `index`, merging with what earlier records asserted there. */
function place(frames: (ExpectedFrame | null)[], index: number, frame: ExpectedFrame): void {
  while (frames.length <= index) frames.push(null);
  const known = frames[index];
  frames[index] = known
    ? {
        frame: { ...known.frame, ...frame.frame },
        asserted: [...new Set([...known.asserted, ...frame.asserted])],
        ...((frame.inApp ?? known.inApp) !== undefined
          ? { inApp: frame.inApp ?? known.inApp }
          : {}),
      }
    : frame;
}

function stackText(capture: RawCapture): string {
  if (typeof capture.input === 'string') return capture.input;
  const input = asObject(capture.input);
  if (capture.kind === 'sentry-exception')
    return asText(input.stacktrace) ?? asText(input.stack) ?? '';
  return asText(input.stack) ?? '';
}

/** A whole expected frame list, innermost first (Sentry lists frames oldest first). */
function expectedList(kind: string, expected: unknown): ExpectedFrame[] {
  if (kind === 'stp') return (expected as unknown[]).map(stacktraceParserFrame);
  const all =
    kind === 'sentry-exception' ? asObject(asObject(expected).stacktrace).frames : expected;
  const list = Array.isArray(all) ? [...all].reverse() : [];
  return list.map((frame) => sentryFrame(frame, kind === 'sentry-frames'));
}

function expectations(capture: RawCapture): Pick<PeerCase, 'frames' | 'countAsserted'> {
  const frames: (ExpectedFrame | null)[] = [];
  let countAsserted = false;
  for (const record of capture.records) {
    const [first, second] = record.path;
    const { expected } = record;
    if (record.matcher === 'toThrow') {
      countAsserted = true;
    } else if (first === 'length') {
      countAsserted = true;
      while (frames.length < Number(expected)) frames.push(null);
    } else if (
      first === undefined &&
      (capture.kind === 'sentry-exception' || Array.isArray(expected))
    ) {
      countAsserted = true;
      expectedList(capture.kind, expected).forEach((frame, index) => {
        place(frames, index, frame);
      });
    } else if (first === undefined && capture.kind === 'sentry-node-line') {
      countAsserted = true;
      if (expected !== null) place(frames, 0, sentryFrame(expected, true));
    } else if (capture.kind === 'sentry-node-line' && typeof first === 'string') {
      if (first === 'in_app' && typeof expected === 'boolean')
        place(frames, 0, { frame: {}, asserted: [], inApp: expected });
      const field = oneField(first, expected);
      if (field) place(frames, 0, field);
    } else if (typeof first === 'string' && /^\d+$/.test(first)) {
      const index = Number(first);
      const frame =
        typeof second === 'string'
          ? oneField(second, expected)
          : capture.kind === 'stp'
            ? stacktraceParserFrame(expected)
            : errorStackParserFrame(expected);
      if (frame) place(frames, index, frame);
    }
  }
  return { frames, countAsserted };
}

function exclusionOf(
  capture: RawCapture,
  frames: (ExpectedFrame | null)[],
  counted: boolean,
): string | undefined {
  const rule = EXCLUSIONS.find(([pattern]) => pattern.test(capture.test));
  if (rule) return rule[1];
  const asserts =
    counted ||
    frames.some((frame) => frame && (frame.asserted.length > 0 || frame.inApp !== undefined));
  return asserts ? undefined : 'the peer test asserts nothing about frames';
}

/**
 * Reads the peer fixtures.
 * @param file - path of `fixtures.json`.
 * @returns one case per recorded peer test, in file order.
 * @throws Error when the file cannot be read or is not the recorded layout.
 */
export function readPeerTraces(file: string): PeerCase[] {
  const data = JSON.parse(readFileSync(file, 'utf8')) as { captures?: RawCapture[] };
  if (!Array.isArray(data.captures)) throw new Error(`${file} has no "captures" list`);
  return data.captures.map((capture): PeerCase => {
    const { frames, countAsserted } = expectations(capture);
    const excluded = exclusionOf(capture, frames, countAsserted);
    const framesToPop = Number(asObject(capture.input).framesToPop) || 0;
    return {
      id: capture.id,
      suite: suiteOf(capture.file),
      test: capture.test,
      text: stackText(capture),
      frames,
      countAsserted,
      framesToPop,
      ...(excluded ? { excluded } : {}),
    };
  });
}
