/**
 * The `list_dir` code tool: a folder of the repository as an indented tree, folders first, with
 * sizes and line counts, `.gitignore` and vendored folders left out, symlinks marked and never
 * followed, and the listing capped in entries and tokens.
 */
import type { Dirent } from 'node:fs';
import { lstat, readdir, realpath } from 'node:fs/promises';
import path from 'node:path';
import {
  countFittingItems,
  formatBytes,
  pluralize,
  SightlineError,
  toToolError,
} from '@sightline/core';
import { isSecretFile, printablePath } from '../repository/content.js';
import { loadGitignore, VENDORED_DIRS } from '../repository/files.js';
import { isInside, resolveInRoot, resolveRoot, toPosix } from '../repository/sandbox.js';
import { gateFile } from '../repository/secret-gate.js';
import { type CodeToolLimits, DEFAULT_LIMITS } from './limits.js';
import type { CodeToolResult, CodeToolSuccess } from './tool-result.js';
import { integerInRange } from './validate-input.js';

/** Options of {@link listDir}. */
export interface ListDirOptions
  extends Pick<CodeToolLimits, 'maxOutputTokens' | 'maxListEntries' | 'maxListDepth'> {
  /** Levels to show: 1 lists the folder's own entries. Lowered to `maxListDepth`. Default 2. */
  depth?: number;
  /** Do not mark secret-looking files as unreadable. Default false. */
  allowSecrets?: boolean;
}

/** One listed entry. */
export interface ListDirEntry {
  /** Repository-relative path, `/` separators. */
  path: string;
  type: 'directory' | 'file' | 'symlink' | 'other';
  /** 1 for the folder's own entries, 2 for theirs, … */
  depth: number;
  /** Size in bytes (files). */
  size?: number;
  /** Lines (text files up to 1 MiB that are not secret). */
  lineCount?: number;
  /**
   * Why a file has no line count, or where a symlink leads: `symlink-broken` when its target does
   * not exist, `symlink-loop` when its links lead back to each other (ELOOP); `name-not-utf8` when
   * its name is not UTF-8, so the name Node gives it (with U+FFFD) opens no file; `hard-link`
   * when it has more than one hard link, which read_file refuses (`PATH_OUTSIDE_ROOT`: it may be a
   * file outside the repository).
   */
  note?:
    | 'binary'
    | 'secret'
    | 'hard-link'
    | 'unreadable'
    | 'name-not-utf8'
    | 'large'
    | 'symlink-outside-root'
    | 'symlink-broken'
    | 'symlink-loop';
  /** Repository-relative target of a symlink that stays inside the repository. */
  target?: string;
}

/** Result of {@link listDir}. */
export interface ListDirResult extends CodeToolSuccess {
  /** Repository-relative path of the listed folder (`.` for the root). */
  path: string;
  /** Entries shown, breadth first (all of depth 1 before depth 2). */
  entries: ListDirEntry[];
  /** True when entries were left out because of the entry cap or the token budget. */
  truncated: boolean;
}

/** Files up to this size get a line count, in bytes. */
const LINE_COUNT_MAX_BYTES = 1_048_576;

function byKindThenName(left: Dirent, right: Dirent): number {
  const leftDir = left.isDirectory() ? 0 : 1;
  const rightDir = right.isDirectory() ? 0 : 1;
  if (leftDir !== rightDir) return leftDir - rightDir;
  return left.name < right.name ? -1 : left.name > right.name ? 1 : 0;
}

/** How a file the secret gate refuses is listed. */
const NOTE_OF_REFUSAL = {
  BINARY_FILE: 'binary',
  SECRET_FILE: 'secret',
  FILE_UNREADABLE: 'unreadable',
} as const;

async function describeFile(absolute: string, relative: string, allowSecrets: boolean) {
  // One file that cannot be looked at (removed meanwhile, or a name in another encoding than
  // UTF-8) is listed as such; it failed the whole listing (fresh-user trial 28).
  const stats = await lstat(absolute).catch(() => undefined);
  if (!stats) {
    return {
      note: relative.includes('\uFFFD') ? ('name-not-utf8' as const) : ('unreadable' as const),
    };
  }
  const { size, nlink } = stats;
  // Named as read_file names it (fresh-user trial 30: listed as a secret, refused as a link).
  if (!allowSecrets && nlink > 1) return { size, note: 'hard-link' as const };
  if (!allowSecrets && isSecretFile(relative, '')) return { size, note: 'secret' as const };
  if (size > LINE_COUNT_MAX_BYTES) return { size, note: 'large' as const };
  // The secret gate's verdict, so a file read_file refuses (a KEY=value file with a secret, a
  // token file) is marked so here too.
  const gated = await gateFile(absolute, relative, { allowSecrets });
  if (!gated.ok) return { size, note: NOTE_OF_REFUSAL[gated.code] };
  return { size, lineCount: gated.lines.length };
}

async function describeSymlink(root: string, absolute: string) {
  const real = await realpath(absolute).catch((error: NodeJS.ErrnoException) =>
    error.code === 'ELOOP' ? ('loop' as const) : null,
  );
  if (real === 'loop') return { note: 'symlink-loop' as const };
  if (real === null) return { note: 'symlink-broken' as const };
  if (!isInside(root, real)) return { note: 'symlink-outside-root' as const };
  return { target: toPosix(path.relative(root, real)) || '.' };
}

async function describe(
  root: string,
  dir: string,
  entry: Dirent,
  depth: number,
  allowSecrets: boolean,
) {
  const absolute = path.join(root, dir, entry.name);
  const relative = dir ? `${dir}/${entry.name}` : entry.name;
  if (entry.isDirectory()) return { path: relative, type: 'directory' as const, depth };
  if (entry.isSymbolicLink()) {
    return {
      path: relative,
      type: 'symlink' as const,
      depth,
      ...(await describeSymlink(root, absolute)),
    };
  }
  if (entry.isFile()) {
    return {
      path: relative,
      type: 'file' as const,
      depth,
      ...(await describeFile(absolute, relative, allowSecrets)),
    };
  }
  return { path: relative, type: 'other' as const, depth };
}

function label(entry: ListDirEntry, expanded: ReadonlySet<string>): string {
  const name = printablePath(path.posix.basename(entry.path));
  switch (entry.type) {
    case 'directory':
      return expanded.has(entry.path) ? `${name}/` : `${name}/ …`;
    case 'symlink':
      if (entry.note === 'symlink-broken') return `${name} -> (broken symlink)`;
      if (entry.note === 'symlink-loop') return `${name} -> (symlink loop)`;
      if (entry.note === 'symlink-outside-root')
        return `${name} -> (symlink out of the repository; not readable)`;
      return `${name} -> ${printablePath(entry.target ?? '')} (symlink)`;
    case 'other':
      return `${name} (not a regular file)`;
    default: {
      const size = formatBytes(entry.size ?? 0);
      if (entry.note === 'secret') return `${name}  ${size}, secret: read_file refuses it`;
      if (entry.note === 'hard-link')
        return `${name}  ${size}, hard link: read_file refuses it (it may be a file outside the repository)`;
      if (entry.note === 'binary') return `${name}  ${size}, binary`;
      if (entry.note === 'name-not-utf8') return `${name}  name not in UTF-8: no tool can open it`;
      if (entry.note === 'unreadable') {
        return entry.size === undefined
          ? `${name}  unreadable (removed, or permissions)`
          : `${name}  ${size}, unreadable (permissions)`;
      }
      if (entry.note === 'large') return `${name}  ${size}`;
      return `${name}  ${size}, ${pluralize(entry.lineCount ?? 0, 'line')}`;
    }
  }
}

function renderTree(
  base: string,
  entries: ListDirEntry[],
  expanded: ReadonlySet<string>,
): string[] {
  const children = new Map<string, ListDirEntry[]>();
  for (const entry of entries) {
    const parent = path.posix.dirname(entry.path);
    const key = parent === '.' ? '' : parent;
    children.set(key, [...(children.get(key) ?? []), entry]);
  }
  const lines: string[] = [];
  const visit = (dir: string) => {
    for (const entry of children.get(dir) ?? []) {
      lines.push(`${'  '.repeat(entry.depth - 1)}${label(entry, expanded)}`);
      if (entry.type === 'directory') visit(entry.path);
    }
  };
  visit(base);
  return lines;
}

/**
 * Lists a repository folder as a tree.
 * @param root repository root (any path; its real path is used).
 * @param dirPath repository-relative folder. Default the root.
 * @returns the tree and its entries, or `INVALID_ARGUMENT`, `PATH_OUTSIDE_ROOT`, `PATH_NOT_FOUND`,
 *   `NOT_A_DIRECTORY` as a {@link ToolError}; never throws.
 * @example await listDir('.', 'packages/core/src', { depth: 1 })
 */
export async function listDir(
  root: string,
  dirPath = '.',
  {
    depth,
    allowSecrets = false,
    maxOutputTokens = DEFAULT_LIMITS.maxOutputTokens,
    maxListEntries = DEFAULT_LIMITS.maxListEntries,
    maxListDepth = DEFAULT_LIMITS.maxListDepth,
  }: ListDirOptions = {},
): Promise<CodeToolResult<ListDirResult>> {
  try {
    const requestedDepth = integerInRange('depth', depth, { min: 1, fallback: 2 });
    const maxDepth = Math.min(requestedDepth, maxListDepth);
    const realRoot = await resolveRoot(root);
    const folder = await resolveInRoot(realRoot, dirPath);
    if (!folder.isDirectory) {
      throw new SightlineError({
        code: 'NOT_A_DIRECTORY',
        message: `"${dirPath}" is a file, not a folder. Use read_file to read it.`,
        details: { path: folder.relative },
      });
    }
    const isIgnored = await loadGitignore(realRoot);
    const entries: ListDirEntry[] = [];
    const expanded = new Set<string>();
    let leftOut = false;
    const queue: { dir: string; depth: number }[] = [{ dir: folder.relative, depth: 1 }];
    for (let next = queue.shift(); next && !leftOut; next = queue.shift()) {
      // An unreadable folder (permissions) lists as empty rather than failing the whole call.
      const listed = await readdir(path.join(realRoot, next.dir), { withFileTypes: true }).catch(
        () => [],
      );
      expanded.add(next.dir);
      const kept = listed
        .filter(
          (entry) =>
            !(VENDORED_DIRS.includes(entry.name) && (entry.isDirectory() || entry.name === '.git')),
        )
        .filter((entry) => {
          const relative = next.dir ? `${next.dir}/${entry.name}` : entry.name;
          return !isIgnored(entry.isDirectory() ? `${relative}/` : relative);
        })
        .sort(byKindThenName);
      for (const entry of kept) {
        if (entries.length >= maxListEntries) {
          leftOut = true;
          break;
        }
        const described = await describe(realRoot, next.dir, entry, next.depth, allowSecrets);
        entries.push(described);
        if (described.type === 'directory' && next.depth < maxDepth) {
          queue.push({ dir: described.path, depth: next.depth + 1 });
        }
      }
    }
    const shownPath = folder.relative || '.';
    const heading =
      folder.relative === '' ? '. (repository root)' : `${printablePath(folder.relative)}/`;
    const render = (count: number) => {
      const shown = entries.slice(0, count);
      const tally = (type: ListDirEntry['type'], noun: string) => {
        const found = shown.filter((entry) => entry.type === type).length;
        return type === 'directory' || type === 'file' || found > 0 ? [pluralize(found, noun)] : [];
      };
      const counts = [
        ...tally('directory', 'folder'),
        ...tally('file', 'file'),
        ...tally('symlink', 'symlink'),
        ...tally('other', 'special file'),
      ];
      const lines = [
        `${heading} — depth ${maxDepth}: ${counts.join(', ')}`,
        ...renderTree(folder.relative, shown, expanded),
      ];
      if (entries.length === 0) lines.push('(empty, or everything in it is ignored by .gitignore)');
      if (shown.some((entry) => entry.type === 'directory' && !expanded.has(entry.path))) {
        lines.push('[Folders marked … were not expanded; list them with list_dir and their path.]');
      }
      if (count < entries.length || leftOut) {
        lines.push(
          `[Listing capped at ${count} entries. List a subfolder with list_dir, or use a smaller depth.]`,
        );
      }
      if (requestedDepth > maxDepth) lines.push(`[depth was lowered to ${maxDepth}.]`);
      return lines.join('\n');
    };
    const shown = countFittingItems(entries.length, maxOutputTokens, render);
    return {
      text: render(shown),
      path: shownPath,
      entries: entries.slice(0, shown),
      truncated: shown < entries.length || leftOut,
    };
  } catch (error) {
    return toToolError(error);
  }
}
