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
import { type ExpectedFrame, type RawRecord, readExpectations } from './peer-trace-expectations.js';

export type { ExpectedFrame, FrameField } from './peer-trace-expectations.js';

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

interface RawCapture {
  id: number;
  file: string;
  test: string;
  kind: string;
  input: unknown;
  records: RawRecord[];
}

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

function stackText(capture: RawCapture): string {
  if (typeof capture.input === 'string') return capture.input;
  const input = (capture.input ?? {}) as Record<string, unknown>;
  const asText = (value: unknown) => (typeof value === 'string' ? value : undefined);
  if (capture.kind === 'sentry-exception')
    return asText(input.stacktrace) ?? asText(input.stack) ?? '';
  return asText(input.stack) ?? '';
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
    const { frames, countAsserted } = readExpectations(capture.kind, capture.records);
    const excluded = exclusionOf(capture, frames, countAsserted);
    const input = capture.input as { framesToPop?: unknown } | null;
    const framesToPop = Number(input?.framesToPop) || 0;
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
