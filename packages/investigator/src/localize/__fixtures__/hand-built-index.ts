/**
 * Writes a small repository to a temporary folder with an index built by hand (definitions given
 * explicitly, references optional), so localizer tests do not depend on tree-sitter.
 */
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Definition, IndexedFile, Reference, RepositoryIndex } from '@sightline/codebase';

/** One file of a hand-built repository. */
export interface HandBuiltFile {
  content: string;
  /** Definitions: name, kind and lines (path and scope are filled in). */
  definitions?: (Pick<Definition, 'name' | 'kind' | 'lines'> & { scope?: string[] })[];
  /** Names referenced, each with its line. */
  references?: Omit<Reference, 'path'>[];
  /** Language id; default `javascript` for `.js`/`.mjs`, else `null`. */
  language?: string | null;
}

/** A hand-built repository on disk with its index. */
export interface HandBuiltRepository {
  root: string;
  index: RepositoryIndex;
  cleanup(): Promise<void>;
}

/**
 * Writes `files` under a new temporary folder and indexes them as given.
 * @param files repository-relative path → file.
 */
export async function createHandBuiltRepository(
  files: Record<string, HandBuiltFile>,
): Promise<HandBuiltRepository> {
  const root = await realpath(await mkdtemp(path.join(tmpdir(), 'sightline-localize-')));
  const indexed = new Map<string, IndexedFile>();
  for (const [relative, file] of Object.entries(files).sort(([a], [b]) => (a < b ? -1 : 1))) {
    const absolute = path.join(root, relative);
    await mkdir(path.dirname(absolute), { recursive: true });
    await writeFile(absolute, file.content);
    const lines = file.content.split('\n');
    indexed.set(relative, {
      path: relative,
      language: file.language === undefined ? (/\.m?js$/.test(relative) ? 'javascript' : null) : file.language,
      size: Buffer.byteLength(file.content),
      lineCount: file.content.endsWith('\n') ? lines.length - 1 : lines.length,
      mtimeMs: 0,
      definitions: (file.definitions ?? []).map((definition) => ({
        scope: [],
        ...definition,
        path: relative,
        signature: lines[definition.lines[0] - 1]?.trim().slice(0, 200) ?? '',
      })),
      references: (file.references ?? []).map((reference) => ({ ...reference, path: relative })),
    });
  }
  return {
    root,
    index: { root, files: indexed, skipped: [] },
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
}

/**
 * A Python file holding one class whose methods each take `value` and return it.
 * @param name the class name.
 * @param members its method names, in order.
 * @returns the file with its class and method definitions (methods scoped to the class).
 */
export function pythonClassFile(name: string, members: string[]): HandBuiltFile {
  return {
    language: 'python',
    content: [
      `class ${name}:`,
      ...members.flatMap((member) => [`    def ${member}(self, value):`, '        return value']),
      '',
    ].join('\n'),
    definitions: [
      { name, kind: 'class', lines: [1, 1 + 2 * members.length] },
      ...members.map((member, position) => ({
        name: member,
        kind: 'method' as const,
        lines: [2 + 2 * position, 3 + 2 * position] as [number, number],
        scope: [name],
      })),
    ],
  };
}
