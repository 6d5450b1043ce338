/** Starts {@link ./worker-process.test-helper.ts} as a child process and follows its output lines. */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const script = fileURLToPath(new URL('./worker-process.test-helper.ts', import.meta.url));
const workspace = fileURLToPath(new URL('../../../../', import.meta.url));

/** A running worker process. */
export interface WorkerProcess {
  child: ChildProcess;
  /** Every stdout line so far. */
  lines: string[];
  /** Resolves when a line equal to `line` has been printed. */
  waitFor(line: string, timeoutMs?: number): Promise<void>;
  /** Ends the process with SIGTERM (graceful) and waits for it to exit. */
  stop(): Promise<void>;
}

/** Spawns a worker on `database` (SQLite path or Postgres URL) in `mode`. */
export function spawnWorker(
  database: string,
  mode: 'normal' | 'hang-after-diagnosis',
): WorkerProcess {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=@sightline/source', script, database, mode],
    { cwd: workspace, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const lines: string[] = [];
  let stderr = '';
  let buffer = '';
  const waiters: { line: string; resolve: () => void }[] = [];
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk));
  child.stdout?.on('data', (chunk: Buffer) => {
    buffer += chunk;
    const parts = buffer.split('\n');
    buffer = parts.pop() ?? '';
    for (const line of parts) {
      lines.push(line);
      for (const waiter of waiters.filter((candidate) => candidate.line === line)) waiter.resolve();
    }
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return {
    child,
    lines,
    waitFor(line, timeoutMs = 60_000) {
      if (lines.includes(line)) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(
              new Error(`The worker did not print "${line}" in ${timeoutMs} ms. stderr: ${stderr}`),
            ),
          timeoutMs,
        );
        waiters.push({
          line,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
        child.once('exit', (code) =>
          reject(new Error(`The worker exited (${code}) before "${line}": ${stderr}`)),
        );
      });
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
