/**
 * Folder-level import cycles: within one package's `src/`, a top-level folder (`agent/`,
 * `localize/`, …) must not import a folder that imports it back, directly or through others (files
 * directly in `src/`, such as `index.ts`, count one by one: `./index`). madge finds cycles between
 * files; this finds the coarser loops between folders that keep a folder from being moved, read or
 * tested alone.
 * Run by `scripts/check-cycles.ts` (`npm run lint`).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** One import from a file in folder `from` of a file in folder `to` (`name/`, or `./file`). */
export interface FolderEdge {
  from: string;
  to: string;
  /** The importing file, relative to `src/`. */
  file: string;
  /** The import specifier as written. */
  specifier: string;
}

const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return SOURCE.test(entry.name) ? [full] : [];
  });
}

function folderOf(src: string, target: string): string | undefined {
  const relative = path.relative(src, target);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const [first = '', ...rest] = relative.split(path.sep);
  if (rest.length > 0 || (existsSync(target) && statSync(target).isDirectory())) return `${first}/`;
  return `./${first.replace(SOURCE, '')}`;
}

/**
 * Every import between two different top-level folders of `src`.
 * @param src a package's source folder.
 * @returns the edges, in file order.
 */
export function folderEdges(src: string): FolderEdge[] {
  const edges: FolderEdge[] = [];
  for (const file of sourceFiles(src)) {
    const from = folderOf(src, file);
    if (from === undefined) continue;
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName: specifier } of importedFiles) {
      if (!specifier.startsWith('.')) continue;
      const to = folderOf(src, path.resolve(path.dirname(file), specifier));
      if (to === undefined || to === from) continue;
      edges.push({ from, to, file: path.relative(src, file), specifier });
    }
  }
  return edges;
}

/**
 * The folder cycles of `src`: strongly connected components of the folder graph with two or more
 * folders (Tarjan's algorithm), each given as the edges inside it.
 * @param src a package's source folder.
 * @returns one list of edges (one per folder pair) for each cycle; empty when there is none.
 */
export function findFolderCycles(src: string): FolderEdge[][] {
  const edges = folderEdges(src);
  const next = new Map<string, Set<string>>();
  for (const edge of edges) {
    if (!next.has(edge.from)) next.set(edge.from, new Set());
    next.get(edge.from)?.add(edge.to);
  }
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const components: string[][] = [];
  const visit = (folder: string): void => {
    order.set(folder, order.size);
    low.set(folder, order.get(folder) ?? 0);
    stack.push(folder);
    for (const target of next.get(folder) ?? []) {
      if (!order.has(target)) {
        visit(target);
        low.set(folder, Math.min(low.get(folder) ?? 0, low.get(target) ?? 0));
      } else if (stack.includes(target)) {
        low.set(folder, Math.min(low.get(folder) ?? 0, order.get(target) ?? 0));
      }
    }
    if (low.get(folder) !== order.get(folder)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member !== undefined) component.push(member);
    } while (member !== undefined && member !== folder);
    if (component.length > 1) components.push(component.sort());
  };
  for (const folder of next.keys()) if (!order.has(folder)) visit(folder);
  return components.map((component) => {
    const inside = edges.filter(
      (edge) => component.includes(edge.from) && component.includes(edge.to),
    );
    return inside.filter(
      (edge, index) =>
        inside.findIndex((other) => other.from === edge.from && other.to === edge.to) === index,
    );
  });
}
