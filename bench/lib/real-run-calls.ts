/**
 * How many code-tool calls real agent runs needed before they knew what to change: the evidence
 * for the investigation's default tool-call budget (`DEFAULT_FUNNEL_BUDGETS.toolCalls`).
 *
 * Input: the recorded runs of ../shared/data/trajectories and trajectories-long (the ones
 * bench:compaction replays): mini-swe-agent runs (`messages` with one bash command per tool call)
 * and SWE-agent runs (`trajectory[].action`: `open`, `search_dir`, `edit`, …). Each run ends with
 * its patch (`info.submission`); the files it changes, less the files it creates, are the run's
 * fix files.
 *
 * Per run, every command up to the first edit of a fix file is sorted: a read of one file (`cat`,
 * `sed -n`, `head`, `nl`, a `grep -n` with context in one file, SWE-agent `open`/`goto`/`scroll`)
 * or a search (`grep -r`, `find`, `ls`, `git log`, SWE-agent `search_*`/`find_file`); commands
 * that run, install or write are neither (Sightline's agent cannot run code). The **need** is the
 * searches plus the distinct files read: Sightline's `read_file` returns a whole file (to its cap)
 * where these agents read the same file in several slices. "Reach" is the reads and searches up
 * to the first that names a fix file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** What one run needed. */
export interface RealRunCalls {
  /** The trajectory file's name. */
  run: string;
  /** Files the run's patch changes (not those it creates), repository-relative. */
  fixFiles: string[];
  /** Searches before the first edit of a fix file (or in the whole run when it never edits one). */
  searches: number;
  /** Distinct files read before that edit. */
  filesRead: number;
  /** `searches + filesRead`: the code-tool calls a Sightline agent would have made. */
  need: number;
  /** Reads and searches up to the first that names a fix file; `null` when none does. */
  reach: number | null;
  /** Whether the run edited a fix file (else the whole run was counted). */
  edited: boolean;
}

const READ_PROGRAMS = new Set(['cat', 'sed', 'head', 'tail', 'nl', 'awk', 'wc']);
const SEARCH_PROGRAMS = new Set(['grep', 'egrep', 'rg', 'find', 'ls', 'tree', 'xargs']);
const SWE_AGENT_VIEW = new Set(['open', 'goto', 'scroll_up', 'scroll_down']);
const SWE_AGENT_SEARCH = new Set(['search_dir', 'search_file', 'find_file']);
const GIT_READS = new Set(['show', 'log', 'grep', 'diff', 'blame']);
/** A search of the machine rather than the repository (looking for a JDK under `/usr`, …). */
const OUTSIDE_REPOSITORY =
  /\bfind\s+(?:\/(?:\s|$)|\/(?:usr|etc|opt|var|lib|bin|sbin|boot|tmp|proc|dev|home|mnt|media|root)\b|~)/;
const SOURCE_PATH = /[\w./-]+\.[A-Za-z]{1,5}\b/g;

/** A command's kind: a read of one file, a search, or something else (run, install, write). */
type CommandKind = { kind: 'read'; file: string | 'open file' } | { kind: 'search' } | null;

/** The first command of a shell line, after any `cd …`. */
function firstCommand(command: string): string {
  const parts = command
    .split(/&&|;|\|\|/)
    .map((part) => part.trim())
    .filter((part) => part !== '' && !part.startsWith('cd '));
  return parts[0] ?? '';
}

/** A path as the run wrote it (quoted, absolute under `/testbed`), repository-relative. */
function relative(file: string): string {
  return file
    .replace(/^["']|["']$/g, '')
    .replace(/^.*\/testbed\//, '')
    .replace(/^\.\//, '');
}

/**
 * Sorts one command.
 * @param command - the bash line or SWE-agent action, as recorded.
 * @returns a read (with the file, or `open file` for SWE-agent's view moves), a search, or `null`.
 */
export function classifyCommand(command: string): CommandKind {
  const quiet = command.replace(/2>\/dev\/null|2>&1/g, '');
  if (quiet.includes('<<') || /(^|\s)>>?\s*\S/.test(quiet) || /\bsed\s+-i/.test(quiet)) {
    return null;
  }
  if (OUTSIDE_REPOSITORY.test(quiet)) return null;
  const first = firstCommand(quiet);
  const [program = '', subcommand = ''] = first.split(/\s+/);
  if (SWE_AGENT_VIEW.has(program)) {
    return program === 'open' && subcommand
      ? { kind: 'read', file: relative(subcommand) }
      : { kind: 'read', file: 'open file' };
  }
  if (SWE_AGENT_SEARCH.has(program)) return { kind: 'search' };
  if (program === 'git') return GIT_READS.has(subcommand) ? { kind: 'search' } : null;
  const paths = first.match(SOURCE_PATH) ?? [];
  const onePath = paths.length === 1 && paths[0] ? relative(paths[0]) : undefined;
  if (READ_PROGRAMS.has(program))
    return onePath ? { kind: 'read', file: onePath } : { kind: 'search' };
  if (
    program === 'grep' &&
    onePath &&
    !/\s-\w*[rR]/.test(first) &&
    /\s-(?:n|[ABC]\s*\d)/.test(first)
  ) {
    return { kind: 'read', file: onePath };
  }
  return SEARCH_PROGRAMS.has(program) ? { kind: 'search' } : null;
}

/** The files a unified diff changes, less those it creates. */
export function fixFilesOf(patch: string): string[] {
  return patch
    .split(/^diff --git /m)
    .slice(1)
    .filter((block) => !/^new file mode/m.test(block.split('@@')[0] ?? ''))
    .flatMap((block) => /^a\/(\S+)/.exec(block)?.[1] ?? []);
}

/** The commands of a recorded run and its patch, in either format. */
function readRun(file: string): { commands: string[]; patch: string } {
  const run = JSON.parse(readFileSync(file, 'utf8')) as {
    messages?: { tool_calls?: { function: { arguments: string } }[] }[];
    trajectory?: { action: string }[];
    info?: { submission?: string | null };
  };
  const commands = run.messages
    ? run.messages.flatMap((message) =>
        (message.tool_calls ?? []).map(
          (call) => (JSON.parse(call.function.arguments) as { command?: string }).command ?? '',
        ),
      )
    : (run.trajectory ?? []).map((step) => step.action);
  return { commands, patch: run.info?.submission ?? '' };
}

/**
 * Counts what one recorded run needed (see the module header).
 * @param commands - the run's commands, in order.
 * @param fixFiles - the files its patch changes.
 * @param run - a name for the row.
 */
export function countRunCalls(
  commands: readonly string[],
  fixFiles: readonly string[],
  run: string,
): RealRunCalls {
  const names = (command: string) => fixFiles.some((file) => command.includes(file));
  let openFile: string | undefined;
  let searches = 0;
  let reads = 0;
  let reach: number | null = null;
  let edited = false;
  const filesRead = new Set<string>();
  for (const command of commands) {
    // SWE-agent's `create` opens the new file: an `edit` after it writes there.
    const created = /^create\s+(\S+)/.exec(command)?.[1];
    if (created) openFile = relative(created);
    const sorted = classifyCommand(command);
    const isFix = (file: string | undefined) =>
      file !== undefined && fixFiles.some((fix) => fix.endsWith(file) || file.endsWith(fix));
    if (!sorted) {
      const editsOpenFile = /^edit\s+\d/.test(command) && isFix(openFile);
      if (names(command) || editsOpenFile) {
        edited = true;
        break;
      }
      continue;
    }
    reads += 1;
    if (sorted.kind === 'search') searches += 1;
    else {
      if (sorted.file !== 'open file') openFile = sorted.file;
      if (openFile) filesRead.add(openFile);
    }
    if (reach === null && (names(command) || (sorted.kind === 'read' && isFix(openFile)))) {
      reach = reads;
    }
  }
  return {
    run,
    fixFiles: [...fixFiles],
    searches,
    filesRead: filesRead.size,
    need: searches + filesRead.size,
    reach,
    edited,
  };
}

/**
 * Measures every recorded run with a patch in the given folders.
 * @param folders - folders of `.traj` / `.traj.json` files; a missing folder is skipped.
 * @returns one row per run that changed at least one existing file, by file name.
 */
export function measureRealRuns(folders: readonly string[]): RealRunCalls[] {
  const rows: RealRunCalls[] = [];
  for (const folder of folders) {
    let names: string[];
    try {
      names = readdirSync(folder).filter((name) => /\.traj(\.json)?$/.test(name));
    } catch {
      continue;
    }
    for (const name of names.sort()) {
      const { commands, patch } = readRun(path.join(folder, name));
      const fixFiles = fixFilesOf(patch);
      if (fixFiles.length > 0) rows.push(countRunCalls(commands, fixFiles, name));
    }
  }
  return rows;
}

/**
 * The nearest-rank percentile of whole numbers.
 * @param values - the sample (not empty).
 * @param fraction - in (0, 1], e.g. 0.5 for the median, 0.75 for the upper quartile.
 */
export function nearestRank(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
}
