/**
 * Runs ripgrep (the binary shipped by `@vscode/ripgrep`) without a shell and streams its `--json`
 * output, stopping it as soon as enough matches are in, the time is up, or it has printed too much.
 * ripgrep's default regex engine runs in linear time, so no pattern can backtrack forever; the
 * timeout guards against huge trees and the byte cap against huge matching lines.
 */
import { spawn } from 'node:child_process';
import { rgPath } from '@vscode/ripgrep';

/** One matching line as ripgrep reports it. */
export interface RipgrepMatch {
  /** Path as ripgrep printed it (relative to the working directory). */
  path: string;
  /** 1-based line number. */
  line: number;
  /** The line without its line ending; invalid UTF-8 decoded with U+FFFD. */
  text: string;
  /** Character offset in `text` where the first match starts. */
  matchStart: number;
}

/** Options of {@link runRipgrep}. */
export interface RunRipgrepOptions {
  /** Working directory (the repository root). */
  cwd: string;
  /** Arguments after the binary; must include `--json`. */
  args: string[];
  /** Keeps a match when true (e.g. drops secret files). Default keeps all. */
  accept?: (match: RipgrepMatch) => boolean;
  /** Stops once this many accepted matches are collected. */
  maxMatches: number;
  /** Kills ripgrep after this many milliseconds. */
  timeoutMs: number;
  /** Kills ripgrep after it printed this many bytes (UTF-8) on stdout. */
  maxOutputBytes: number;
}

/** What one ripgrep run produced. */
export interface RipgrepRun {
  matches: RipgrepMatch[];
  /** Why ripgrep was stopped early, or `null` when it finished by itself. */
  stopped: 'max-matches' | 'timeout' | 'output-cap' | null;
  /** ripgrep's exit code (`null` when killed): 0 matches, 1 none, 2 error. */
  exitCode: number | null;
  /** ripgrep's stderr, at most 8,000 characters. */
  stderr: string;
}

interface RipgrepText {
  text?: string;
  bytes?: string;
}

interface RipgrepMatchEvent {
  type: 'match';
  data: {
    path: RipgrepText;
    lines: RipgrepText;
    line_number: number;
    submatches: { start: number }[];
  };
}

function toBuffer(value: RipgrepText): Buffer {
  return value.bytes !== undefined
    ? Buffer.from(value.bytes, 'base64')
    : Buffer.from(value.text ?? '', 'utf8');
}

function parseMatch(event: RipgrepMatchEvent): RipgrepMatch {
  const raw = toBuffer(event.data.lines);
  const startByte = Math.min(event.data.submatches[0]?.start ?? 0, raw.length);
  const text = raw.toString('utf8').replace(/\r?\n$/, '');
  return {
    path: toBuffer(event.data.path).toString('utf8'),
    line: event.data.line_number,
    text,
    matchStart: Math.min(raw.subarray(0, startByte).toString('utf8').length, text.length),
  };
}

/**
 * Spawns ripgrep and collects its matches.
 * @param options see {@link RunRipgrepOptions}; `args` must include `--json`.
 * @returns the matches in ripgrep's order, and why it stopped.
 * @throws Error when the binary cannot be started.
 */
export function runRipgrep({
  cwd,
  args,
  accept = () => true,
  maxMatches,
  timeoutMs,
  maxOutputBytes,
}: RunRipgrepOptions): Promise<RipgrepRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(rgPath, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], shell: false });
    const matches: RipgrepMatch[] = [];
    let stopped: RipgrepRun['stopped'] = null;
    let pending = '';
    let printed = 0;
    let stderr = '';
    const stop = (reason: NonNullable<RipgrepRun['stopped']>) => {
      if (stopped) return;
      stopped = reason;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => stop('timeout'), timeoutMs);
    const handleLine = (line: string) => {
      if (stopped || !line.startsWith('{"type":"match"')) return;
      const match = parseMatch(JSON.parse(line) as RipgrepMatchEvent);
      if (!accept(match)) return;
      matches.push(match);
      if (matches.length >= maxMatches) stop('max-matches');
    };
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (stopped) return;
      printed += Buffer.byteLength(chunk);
      const lines = chunk.split('\n');
      if (lines.length > 1) {
        lines[0] = pending + lines[0];
        pending = lines.pop() ?? '';
        for (const line of lines) handleLine(line);
      } else {
        pending += chunk;
      }
      if (printed > maxOutputBytes) stop('output-cap');
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < 8_000) stderr = (stderr + chunk).slice(0, 8_000);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (exitCode) => {
      clearTimeout(timer);
      if (!stopped && pending.length > 0) handleLine(pending);
      resolve({ matches, stopped, exitCode, stderr });
    });
  });
}
