/**
 * The lines of a rendered repository map: a file line, then one `line│ signature` per shown
 * definition, indented by how many of its enclosing definitions are shown above it.
 */
import type { Definition, RepositoryIndex } from './types.js';

/** Longest signature shown, in characters (aider cuts its lines at 100 too). */
export const MAP_SIGNATURE_CHARS = 100;

/** One file of a rendered map. */
export interface RepositoryMapFile {
  path: string;
  /** The file's PageRank score. */
  rank: number;
  /** Definitions shown, in line order (including enclosing scopes shown for context). */
  symbols: Definition[];
}

/** Definitions of the same file that enclose a definition and are named in its scope. */
export type Ancestry = (definition: Definition) => readonly Definition[];

/** Memoized {@link Ancestry} of an index (the binary search renders the same items many times). */
export function createAncestry(index: RepositoryIndex): Ancestry {
  const cache = new Map<Definition, readonly Definition[]>();
  return (definition) => {
    let ancestors = cache.get(definition);
    if (ancestors === undefined) {
      const scope = new Set(definition.scope);
      ancestors =
        scope.size === 0
          ? []
          : (index.files.get(definition.path)?.definitions ?? []).filter(
              (other) =>
                other !== definition && scope.has(other.name) && encloses(other, definition),
            );
      cache.set(definition, ancestors);
    }
    return ancestors;
  };
}

function encloses(outer: Definition, inner: Definition): boolean {
  return (
    outer.lines[0] <= inner.lines[0] &&
    inner.lines[1] <= outer.lines[1] &&
    outer.scope.length < inner.scope.length
  );
}

/**
 * `path:` (with its platform twins, if any) then one `line│ signature` per source line, indented
 * by the number of ancestors.
 */
export function formatFile(
  file: RepositoryMapFile,
  ancestry: Ancestry,
  twins: readonly string[] = [],
): string[] {
  const others = twins.filter((path) => path !== file.path).map((path) => path.split('/').at(-1));
  const name = others.length > 0 ? `${file.path} (twins: ${others.join(', ')})` : file.path;
  if (file.symbols.length === 0) return [name];
  const width = String(Math.max(...file.symbols.map((symbol) => symbol.lines[0]))).length;
  const lines = [`${name}:`];
  let previousLine = 0;
  for (const symbol of file.symbols) {
    // Several definitions on one line (a field and its type's members) show that line once.
    if (symbol.lines[0] === previousLine) continue;
    previousLine = symbol.lines[0];
    const indent = '  '.repeat(ancestry(symbol).length);
    lines.push(`${String(symbol.lines[0]).padStart(width)}│ ${indent}${compact(symbol.signature)}`);
  }
  return lines;
}

function compact(signature: string): string {
  const line = signature.replace(/\s+/g, ' ').trim();
  return line.length > MAP_SIGNATURE_CHARS ? `${line.slice(0, MAP_SIGNATURE_CHARS - 1)}…` : line;
}
