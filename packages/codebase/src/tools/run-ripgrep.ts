/**
 * Runs ripgrep (the binary shipped by `@vscode/ripgrep`) without a shell and streams its `--json`
 * output, stopping it as soon as enough accepted matches are in, the time is up, or the accepted
 * matches have grown too large. Only accepted matches count towards either cap, so a match the
 * caller drops (a withheld line) changes nothing in the answer.
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
  /**
   * Keeps a match when true (e.g. drops withheld lines); matches are judged one at a time, in
   * ripgrep's order, with ripgrep's output paused meanwhile. Default keeps all.
   */
  accept?: (match: RipgrepMatch) => boolean | Promise<boolean>;
  /** Stops once this many accepted matches are collected. */
  maxMatches: number;
  /** Kills ripgrep after this many milliseconds. */
  timeoutMs: number;
  /**
   * Kills ripgrep once its accepted matches (as printed, UTF-8) pass this many bytes, or one
   * line of its output does.
   */
  maxOutputBytes: number;
}

/** What one ripgrep run produced. */
export interface RipgrepRun {
  matches: RipgrepMatch[];
  /**
   * Accepted context lines (ripgrep's `--before-context`/`--after-context`), each cut to
   * 2,000 characters, in ripgrep's order; `matchStart` is 0. Empty without those flags.
   */
  context: RipgrepMatch[];
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
  type: 'match' | 'context';
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
    const context: RipgrepMatch[] = [];
    // With context flags, the last match's after-context follows it: read on to the next
    // accepted match or the file's end before stopping (a withheld match changes nothing).
    const withContext = args.some((arg) => /^--(?:before|after)-context$/.test(arg));
    let full = false;
    let stopped: RipgrepRun['stopped'] = null;
    let pending = '';
    let kept = 0;
    let stderr = '';
    const queue: string[] = [];
    let working = false;
    let exit: { code: number | null } | undefined;
    const stop = (reason: NonNullable<RipgrepRun['stopped']>) => {
      if (stopped) return;
      stopped = reason;
      queue.length = 0;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => stop('timeout'), timeoutMs);
    const finish = () => {
      if (exit === undefined || working) return;
      clearTimeout(timer);
      resolve({ matches, context, stopped, exitCode: exit.code, stderr });
    };
    const handleLine = async (line: string) => {
      const isContext = line.startsWith('{"type":"context"');
      if (!isContext && !line.startsWith('{"type":"match"')) {
        if (full) stop('max-matches');
        return;
      }
      const match = parseMatch(JSON.parse(line) as RipgrepMatchEvent);
      if (!(await accept(match)) || stopped) return;
      if (isContext) {
        context.push({ ...match, text: match.text.slice(0, 2_000), matchStart: 0 });
        return;
      }
      if (full) {
        stop('max-matches');
        return;
      }
      matches.push(match);
      kept += Buffer.byteLength(line);
      if (kept > maxOutputBytes) stop('output-cap');
      else if (matches.length >= maxMatches) {
        if (withContext) full = true;
        else stop('max-matches');
      }
    };
    const pump = async () => {
      if (working) return;
      working = true;
      try {
        for (let line = queue.shift(); line !== undefined && !stopped; line = queue.shift()) {
          await handleLine(line);
        }
      } catch (error) {
        stop('output-cap');
        reject(error);
      } finally {
        working = false;
      }
      if (!stopped) child.stdout.resume();
      finish();
    };
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (stopped) return;
      const lines = chunk.split('\n');
      if (lines.length > 1) {
        lines[0] = pending + lines[0];
        pending = lines.pop() ?? '';
        queue.push(...lines);
        child.stdout.pause();
        void pump();
      } else {
        pending += chunk;
      }
      if (pending.length > maxOutputBytes) stop('output-cap');
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
      if (!stopped && pending.length > 0) queue.push(pending);
      pending = '';
      exit = { code: exitCode };
      if (queue.length > 0) void pump();
      else finish();
    });
  });
}
