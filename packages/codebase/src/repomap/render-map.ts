/**
 * Renders the repository map: the most important definitions, ranked for a focus, fitted into a
 * token budget. Like aider (Aider-AI/aider `aider/repomap.py`, `get_ranked_tags_map_uncached`),
 * it binary-searches how many ranked definitions fit; unlike aider it counts tokens exactly, never
 * goes over the budget, shows line numbers, and says what it left out.
 */
import { countTokens, type Encoding } from '@sightline/core';
import { IDENTIFIER_WEIGHTS } from './graph.js';
import { type RankOptions, type RepositoryRanking, rankRepository } from './rank.js';
import type { Definition, Focus, RepositoryIndex } from './types.js';

/** Options of {@link renderRepositoryMap}. */
export interface RenderRepositoryMapOptions {
  /** What the map is for; ranks files around it and always shows the definitions around frames. */
  focus?: Focus;
  /** Budget of the whole text, in tokens. Default 1024. */
  tokens?: number;
  /** Encoding the budget is counted in. Default `o200k_base`. */
  encoding?: Encoding;
  /** PageRank options. */
  rank?: RankOptions;
}

/** One file of a rendered map. */
export interface RepositoryMapFile {
  path: string;
  /** The file's PageRank score. */
  rank: number;
  /** Definitions shown, in line order (including enclosing scopes shown for context). */
  symbols: Definition[];
}

/** A rendered repository map. */
export interface RepositoryMap {
  /** The map; empty when not even the summary line fits the budget. */
  text: string;
  /** Exact token count of `text` (≤ the budget). */
  tokens: number;
  /** Files shown, highest rank first. */
  files: RepositoryMapFile[];
  shownFiles: number;
  omittedFiles: number;
  shownSymbols: number;
  omittedSymbols: number;
}

/** Longest signature shown, in characters (aider cuts its lines at 100 too). */
export const MAP_SIGNATURE_CHARS = 100;

type MapItem = { definition: Definition } | { path: string };

/**
 * Renders the repository map of an index within a token budget.
 *
 * Each file appears as `path:` followed by lines `42│ signature` (one per source line), indented
 * by scope depth, with the enclosing class or function line shown above a method for context;
 * files without definitions are listed by path when the budget allows; a last line counts what
 * was left out.
 * With frames in the focus, the innermost definition enclosing each frame line comes first, then
 * the definitions of the identifiers the focus mentions.
 * @param index - the repository index.
 * @param options - see {@link RenderRepositoryMapOptions}.
 * @returns the map, its exact token count and what it shows; `tokens` never exceeds the budget.
 * @example renderRepositoryMap(index, { focus: { identifiers: ['stringify'] }, tokens: 512 }).text
 */
export function renderRepositoryMap(
  index: RepositoryIndex,
  {
    focus = {},
    tokens: budget = 1024,
    encoding = 'o200k_base',
    rank,
  }: RenderRepositoryMapOptions = {},
): RepositoryMap {
  const ranking = rankRepository(index, focus, rank);
  const fileRanks = new Map(
    ranking.files.map((file, order) => [file.path, { rank: file.rank, order }]),
  );
  const totalFiles = index.files.size;
  let totalSymbols = 0;
  for (const file of index.files.values()) totalSymbols += file.definitions.length;

  const items = mapItems(index, focus, ranking);
  const ancestry = createAncestry(index);
  const render = (count: number): RepositoryMap => {
    const files = selectFiles(items.slice(0, count), fileRanks, ancestry);
    const shownSymbols = files.reduce((sum, file) => sum + file.symbols.length, 0);
    const omittedFiles = totalFiles - files.length;
    const omittedSymbols = totalSymbols - shownSymbols;
    const lines = files.flatMap((file) => formatFile(file, ancestry));
    if (omittedFiles > 0 || omittedSymbols > 0) {
      lines.push(`(${omittedFiles} more files and ${omittedSymbols} more symbols not shown)`);
    }
    const text = lines.length > 0 ? `${lines.join('\n')}\n` : '';
    return {
      text,
      tokens: countTokens(text, { encoding }),
      files,
      shownFiles: files.length,
      omittedFiles,
      shownSymbols,
      omittedSymbols,
    };
  };

  // Each item adds at least one line, and a line at least one token: more than `budget` never fit.
  let low = 0;
  let high = Math.min(items.length, Math.max(0, Math.floor(budget)));
  let best = render(0);
  if (best.tokens > budget) {
    return { ...best, text: '', tokens: 0 };
  }
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    const candidate = render(middle);
    if (candidate.tokens <= budget) {
      best = candidate;
      low = middle;
    } else {
      high = middle - 1;
    }
  }
  return best;
}

/**
 * Frame definitions first (innermost frame first), then definitions of the focus identifiers
 * (unless more than 5 files define them), then the other ranked definitions, then bare files.
 */
function mapItems(index: RepositoryIndex, focus: Focus, ranking: RepositoryRanking): MapItem[] {
  const seen = new Set<Definition>();
  const items: MapItem[] = [];
  const push = (definition: Definition) => {
    if (seen.has(definition)) return;
    seen.add(definition);
    items.push({ definition });
  };
  for (const frame of focus.frames ?? []) {
    if (frame.line === undefined) continue;
    const enclosing = innermostEnclosing(
      index.files.get(frame.path)?.definitions ?? [],
      frame.line,
    );
    if (enclosing !== undefined) push(enclosing);
  }
  const mentioned = new Set(
    (focus.identifiers ?? []).filter(
      (name) =>
        (ranking.graph.definers.get(name)?.size ?? 0) <= IDENTIFIER_WEIGHTS.commonDefinerCount,
    ),
  );
  for (const pair of ranking.definitions) {
    if (mentioned.has(pair.name)) for (const definition of pair.definitions) push(definition);
  }
  for (const pair of ranking.definitions)
    for (const definition of pair.definitions) push(definition);
  for (const { path } of ranking.files) {
    if ((index.files.get(path)?.definitions.length ?? 0) === 0) items.push({ path });
  }
  return items;
}

function innermostEnclosing(
  definitions: readonly Definition[],
  line: number,
): Definition | undefined {
  let best: Definition | undefined;
  for (const definition of definitions) {
    const [start, end] = definition.lines;
    if (
      start <= line &&
      line <= end &&
      (best === undefined || end - start < best.lines[1] - best.lines[0])
    ) {
      best = definition;
    }
  }
  return best;
}

/** Groups chosen items by file, adds enclosing scopes, orders files by rank and lines by number. */
function selectFiles(
  items: readonly MapItem[],
  fileRanks: ReadonlyMap<string, { rank: number; order: number }>,
  ancestry: Ancestry,
): RepositoryMapFile[] {
  const chosen = new Map<string, Set<Definition>>();
  for (const item of items) {
    const path = 'definition' in item ? item.definition.path : item.path;
    let symbols = chosen.get(path);
    if (symbols === undefined) {
      symbols = new Set();
      chosen.set(path, symbols);
    }
    if ('definition' in item) {
      symbols.add(item.definition);
      for (const ancestor of ancestry(item.definition)) symbols.add(ancestor);
    }
  }
  return [...chosen]
    .map(([path, symbols]) => ({
      path,
      rank: fileRanks.get(path)?.rank ?? 0,
      symbols: [...symbols].sort((a, b) => a.lines[0] - b.lines[0] || b.lines[1] - a.lines[1]),
    }))
    .sort((a, b) => (fileRanks.get(a.path)?.order ?? 0) - (fileRanks.get(b.path)?.order ?? 0));
}

/** Definitions of the same file that enclose a definition and are named in its scope. */
type Ancestry = (definition: Definition) => readonly Definition[];

/** Memoized {@link Ancestry} of an index (the binary search renders the same items many times). */
function createAncestry(index: RepositoryIndex): Ancestry {
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

/** `path:` then one `line│ signature` per source line, indented by the number of ancestors. */
function formatFile(file: RepositoryMapFile, ancestry: Ancestry): string[] {
  if (file.symbols.length === 0) return [file.path];
  const width = String(Math.max(...file.symbols.map((symbol) => symbol.lines[0]))).length;
  const lines = [`${file.path}:`];
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
