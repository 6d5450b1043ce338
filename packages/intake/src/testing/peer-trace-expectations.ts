/**
 * What each peer's test asserts about frames, read from its recorded assertions: Sentry's frame
 * objects (oldest first), stacktrace-parser's frames, error-stack-parser's `toMatchStackFrame`
 * arguments and single getters, `length` assertions; turned into expected frames innermost first,
 * normalised with `normalizeFrame`.
 */
import { type ComparableFrame, normalizeFrame } from './peer-trace-normalize.js';

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

/** One recorded assertion of a peer test: a path into the result, a matcher, its argument. */
export interface RawRecord {
  path: (string | number)[];
  matcher: string;
  expected: unknown;
}

type Json = Record<string, unknown>;

const ALL_FIELDS: FrameField[] = ['function', 'file', 'line', 'column'];

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

/** A whole expected frame list, innermost first (Sentry lists frames oldest first). */
function expectedList(kind: string, expected: unknown): ExpectedFrame[] {
  if (kind === 'stp') return (expected as unknown[]).map(stacktraceParserFrame);
  const all =
    kind === 'sentry-exception' ? asObject(asObject(expected).stacktrace).frames : expected;
  const list = Array.isArray(all) ? [...all].reverse() : [];
  return list.map((frame) => sentryFrame(frame, kind === 'sentry-frames'));
}

/**
 * Reads a peer test's assertions.
 * @param kind - how the peer's result is shaped (`sentry-exception`, `sentry-node-line`,
 *   `sentry-frames`, `stp`, `esp`).
 * @returns the expected frames, innermost first, and whether the count is asserted.
 */
export function readExpectations(
  kind: string,
  records: RawRecord[],
): { frames: (ExpectedFrame | null)[]; countAsserted: boolean } {
  const frames: (ExpectedFrame | null)[] = [];
  let countAsserted = false;
  for (const record of records) {
    const [first, second] = record.path;
    const { expected } = record;
    if (record.matcher === 'toThrow') {
      countAsserted = true;
    } else if (first === 'length') {
      countAsserted = true;
      while (frames.length < Number(expected)) frames.push(null);
    } else if (first === undefined && (kind === 'sentry-exception' || Array.isArray(expected))) {
      countAsserted = true;
      expectedList(kind, expected).forEach((frame, index) => {
        place(frames, index, frame);
      });
    } else if (first === undefined && kind === 'sentry-node-line') {
      countAsserted = true;
      if (expected !== null) place(frames, 0, sentryFrame(expected, true));
    } else if (kind === 'sentry-node-line' && typeof first === 'string') {
      if (first === 'in_app' && typeof expected === 'boolean')
        place(frames, 0, { frame: {}, asserted: [], inApp: expected });
      const field = oneField(first, expected);
      if (field) place(frames, 0, field);
    } else if (typeof first === 'string' && /^\d+$/.test(first)) {
      const index = Number(first);
      const frame =
        typeof second === 'string'
          ? oneField(second, expected)
          : kind === 'stp'
            ? stacktraceParserFrame(expected)
            : errorStackParserFrame(expected);
      if (frame) place(frames, index, frame);
    }
  }
  return { frames, countAsserted };
}
