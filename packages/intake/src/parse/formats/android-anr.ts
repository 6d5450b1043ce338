/**
 * Android ART thread dumps (ANR `traces.txt`, SIGQUIT dumps, "DALVIK THREADS"): the `main`
 * thread's stack is the exception (type `ANR`, message: its state and what it waits for). When the
 * main thread waits for a lock, the thread holding it is added as a second exception, since its
 * frames usually show the cause. Format: source.android.com/docs/core/tests/debug/read-bug-reports.
 */
import { MAX_FRAMES } from '../limits.js';
import type { Exception, Frame } from '../types.js';
import { crashReport } from './error-header.js';
import { parseJvmFrame } from './java.js';
import type { TraceFormat } from './types.js';

const THREAD = /^"(.*)" (?:daemon )?prio=\d+ (?:tid=(\d+) (\S+))?/;
const NATIVE = /^\s*native: #\d+ pc [0-9a-fA-F]+ +(\S+)(.*)$/;
const LOCK = /^\s*- (waiting to lock|waiting on|sleeping on|locked) (.*)$/;

interface ThreadDump {
  name: string;
  tid?: string;
  state?: string;
  frames: Frame[];
  waits?: string;
}

function parseNativeFrame(line: string): Frame | null {
  const match = NATIVE.exec(line);
  if (!match?.[1]) return null;
  let rest = (match[2] ?? '').trim();
  const buildId = rest.lastIndexOf(' (BuildId:');
  if (buildId >= 0) rest = rest.slice(0, buildId).trim();
  let symbol = rest.startsWith('(') && rest.endsWith(')') ? rest.slice(1, -1) : undefined;
  const offset = symbol?.lastIndexOf('+') ?? -1;
  if (symbol && offset > 0 && /^\+\d+$/.test(symbol.slice(offset)))
    symbol = symbol.slice(0, offset);
  return {
    file: match[1],
    ...(symbol ? { function: symbol } : {}),
    inApp: match[1].startsWith('/data/app/'),
    raw: line.trim(),
  };
}

function parseThreads(lines: string[]): ThreadDump[] {
  const threads: ThreadDump[] = [];
  let current: ThreadDump | undefined;
  for (const line of lines) {
    const header = THREAD.exec(line);
    if (header) {
      current = { name: header[1] ?? '', tid: header[2], state: header[3], frames: [] };
      threads.push(current);
      continue;
    }
    if (!current) continue;
    if (line.trim() === '') {
      current = undefined;
      continue;
    }
    const frame = parseJvmFrame(line) ?? parseNativeFrame(line);
    if (frame && current.frames.length < MAX_FRAMES) current.frames.push(frame);
    const lock = LOCK.exec(line);
    if (lock && !current.waits && lock[1] !== 'locked') current.waits = `${lock[1]} ${lock[2]}`;
  }
  return threads;
}

/** Parses the main thread of an ART thread dump (and the thread it waits for). */
function parseAnrExceptions(lines: string[]): Exception[] {
  const threads = parseThreads(lines);
  const main =
    threads.find((thread) => thread.name === 'main') ??
    threads.find((thread) => thread.tid === '1');
  if (!main) return [];
  const holderId = main.waits ? /held by thread (\d+)/.exec(main.waits)?.[1] : undefined;
  const holder = holderId ? threads.find((thread) => thread.tid === holderId) : undefined;
  const state = main.state ? ` ${main.state}` : '';
  const waits = main.waits ? `: ${main.waits}` : '';
  const holderNote = holder ? ` ("${holder.name}", ${holder.state ?? 'unknown'})` : '';
  const exceptions: Exception[] = [
    { type: 'ANR', message: `main thread${state}${waits}${holderNote}`, frames: main.frames },
  ];
  if (holder) {
    exceptions.push({
      type: 'ANR lock holder',
      message:
        `thread "${holder.name}" (tid=${holder.tid}) ${holder.state ?? ''} holds the lock the main thread waits for`.replace(
          / {2,}/g,
          ' ',
        ),
      frames: holder.frames,
    });
  }
  return exceptions;
}

/** The ART thread-dump format. */
export const androidAnrFormat: TraceFormat = {
  name: 'android-anr',
  requires: { what: 'an Android ANR thread dump (`DALVIK THREADS`, `"main" … prio=`)' },
  detect: ({ lines }) =>
    lines.some((line) => line.startsWith('DALVIK THREADS') || /^----- pid \d+ at /.test(line)) &&
    lines.some((line) => /^"main" .*prio=/.test(line))
      ? 95
      : 0,
  parse: (input) => crashReport(input, parseAnrExceptions(input.lines), true),
  parseExceptions: parseAnrExceptions,
};
