/**
 * The lines of a rendered repository map: a file line, then one `line│ signature` per shown
 * definition, indented by how many of its enclosing definitions are shown above it; long runs of
 * near-identical members (an object of 26 lexer states, an enum) collapse into a count.
 */
import { printablePath } from '../repository/content.js';
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
 * Members in a run of near-identical siblings from which the map collapses the rest (a lexer's
 * 26 states `comment ()`, `string ()`, …; an enum's values): it shows the first
 * {@link RUN_SHOWN} and one line counting the others with their lines.
 */
export const RUN_COLLAPSED_FROM = 5;
/** Members of a collapsed run still shown, one line each. */
const RUN_SHOWN = 2;

/** One line of a file's map: the definition, how deep it is, what is printed after the gutter. */
interface MapRow {
  symbol: Definition;
  depth: number;
  /** The innermost enclosing definition; undefined at the top level. */
  parent: Definition | undefined;
  text: string;
}

/**
 * `path:` (with its platform twins, if any) then one `line│ signature` per source line, indented
 * by the number of ancestors. A run of {@link RUN_COLLAPSED_FROM} or more consecutive members of
 * one parent whose signatures differ only in their name and numbers shows its first
 * {@link RUN_SHOWN} members, then `│ … N more like these (lines a–b)`; members in `keep` (what
 * the focus named) are always shown and break a run.
 * @param file - the file and the definitions chosen for it.
 * @param ancestry - the enclosing definitions of each definition.
 * @param twins - the file's platform twins, itself included. Default none.
 * @param keep - definitions never collapsed. Default none.
 * @returns the lines, without line breaks.
 */
export function formatFile(
  file: RepositoryMapFile,
  ancestry: Ancestry,
  twins: readonly string[] = [],
  keep: ReadonlySet<Definition> = new Set(),
): string[] {
  const others = twins
    .filter((path) => path !== file.path)
    .map((path) => printablePath(path.split('/').at(-1) ?? path));
  const shown = printablePath(file.path);
  const name = others.length > 0 ? `${shown} (twins: ${others.join(', ')})` : shown;
  if (file.symbols.length === 0) return [name];
  const width = String(Math.max(...file.symbols.map((symbol) => symbol.lines[0]))).length;
  const rows: MapRow[] = [];
  for (const symbol of file.symbols) {
    // Several definitions on one line (a field and its type's members) show that line once.
    if (symbol.lines[0] === rows.at(-1)?.symbol.lines[0]) continue;
    const ancestors = ancestry(symbol);
    const parent = ancestors.reduce<Definition | undefined>(
      (inner, other) => (inner && inner.scope.length >= other.scope.length ? inner : other),
      undefined,
    );
    rows.push({ symbol, depth: ancestors.length, parent, text: compact(symbol.signature) });
  }
  const gutter = (line: number | string) => String(line).padStart(width);
  const lines = [`${name}:`];
  for (const run of runsOfMembers(rows, keep)) {
    const indent = '  '.repeat(run[0]?.depth ?? 0);
    const shown = run.length >= RUN_COLLAPSED_FROM ? run.slice(0, RUN_SHOWN) : run;
    for (const row of shown) lines.push(`${gutter(row.symbol.lines[0])}│ ${indent}${row.text}`);
    const hidden = run.slice(shown.length);
    const [first, last] = [hidden[0]?.symbol.lines[0], hidden.at(-1)?.symbol.lines[1]];
    if (first !== undefined && last !== undefined) {
      lines.push(
        `${gutter('')}│ ${indent}… ${hidden.length} more like these (lines ${first}–${last})`,
      );
    }
  }
  return lines;
}

/**
 * Splits rows into runs: consecutive members (depth ≥ 1) of one parent with the same shape, never
 * a kept definition; every other row is a run of its own. The parent counts even when its own
 * row is not shown, so members of two objects left out of the map never share a run.
 */
function runsOfMembers(rows: readonly MapRow[], keep: ReadonlySet<Definition>): MapRow[][] {
  const runs: MapRow[][] = [];
  let previous: { shape: string; parent: Definition | undefined } | undefined;
  for (const row of rows) {
    const key =
      row.depth > 0 && !keep.has(row.symbol)
        ? { shape: `${row.depth}\0${shapeOf(row)}`, parent: row.parent }
        : undefined;
    const run = runs.at(-1);
    const same = key && previous && key.shape === previous.shape && key.parent === previous.parent;
    if (run && same) run.push(row);
    else runs.push([row]);
    previous = key;
  }
  return runs;
}

/** A signature without its own name and with every number as `0`: what near-identical rows share. */
function shapeOf({ symbol, text }: MapRow): string {
  return text.split(symbol.name).join('\u0001').replace(/\d+/g, '0');
}

function compact(signature: string): string {
  const line = printablePath(signature.replace(/\s+/g, ' ').trim());
  return line.length > MAP_SIGNATURE_CHARS ? `${line.slice(0, MAP_SIGNATURE_CHARS - 1)}…` : line;
}
