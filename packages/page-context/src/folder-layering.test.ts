/**
 * Folder-level layering of this package: no folder imports a folder that (directly or through
 * others) imports it. `types.ts` sits in src/ itself (folder `.`) as the shared vocabulary. Left
 * out: the entry points (`index.ts`, `internal.ts` gather every folder) and test files (they may
 * build fixtures with higher layers).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.dirname(fileURLToPath(import.meta.url));
const ENTRY_POINTS = new Set(['index.ts', 'internal.ts']);
const IMPORT = /(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__fixtures__' ? [] : sourceFiles(full);
    if (dir === SRC && ENTRY_POINTS.has(entry.name)) return [];
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The top folder under src/ of a file, or `.` for files directly in src/. */
function folderOf(file: string): string {
  const relative = path.relative(SRC, file).split(path.sep);
  return relative.length > 1 ? (relative[0] as string) : '.';
}

function folderGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(SRC)) {
    const from = folderOf(file);
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const to = folderOf(path.resolve(path.dirname(file), match[1] as string));
      if (to === from) continue;
      const targets = graph.get(from) ?? new Set<string>();
      targets.add(to);
      graph.set(from, targets);
    }
  }
  return graph;
}

function folderCycles(graph: Map<string, Set<string>>): string[] {
  const cycles: string[] = [];
  const reaches = (from: string, target: string, seen = new Set<string>()): boolean => {
    for (const next of graph.get(from) ?? []) {
      if (next === target) return true;
      if (seen.has(next)) continue;
      seen.add(next);
      if (reaches(next, target, seen)) return true;
    }
    return false;
  };
  for (const [from, targets] of graph) {
    for (const to of targets) if (reaches(to, from)) cycles.push(`${from} → ${to} → … → ${from}`);
  }
  return cycles;
}

describe('folder layering', () => {
  it('finds the folders that name the mechanisms, importing one way only', () => {
    const graph = folderGraph();
    const edges = Object.fromEntries(
      [...graph].map(([from, targets]) => [from, [...targets].sort()]).sort(),
    );
    expect(edges).toEqual({
      actions: ['.', 'render'],
      diff: ['.', 'render'],
      fallback: ['.', 'render'],
      react: ['.', 'actions', 'diff', 'fallback', 'registry', 'render'],
      registry: ['.', 'actions', 'render'],
      render: ['.'],
    });
    expect(folderCycles(graph)).toEqual([]);
  });

  it('reports a cycle between two folders', () => {
    const graph = new Map([
      ['render', new Set(['actions'])],
      ['actions', new Set(['render'])],
    ]);
    expect(folderCycles(graph)).toEqual([
      'render → actions → … → render',
      'actions → render → … → actions',
    ]);
  });
});
