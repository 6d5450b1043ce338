/**
 * Renders the repository map: the most important definitions, ranked for a focus, fitted into a
 * token budget. Like aider (Aider-AI/aider `aider/repomap.py`, `get_ranked_tags_map_uncached`),
 * it binary-searches how many ranked definitions fit; unlike aider it counts tokens exactly, never
 * goes over the budget, shows line numbers, and says what it left out.
 */
import { countTokens, type Encoding } from '@sightline/core';
import { fileRole } from '../repository/file-role.js';
import { IDENTIFIER_WEIGHTS } from './graph.js';
import { type Ancestry, createAncestry, formatFile, type RepositoryMapFile } from './map-lines.js';
import { platformStem, platformTwinGroups } from './platform-twins.js';
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

/** A rendered repository map. */
export interface RepositoryMap {
  /** The map; empty when not even the summary line fits the budget. */
  text: string;
  /** Exact token count of `text` (≤ the budget). */
  tokens: number;
  /** Files shown: those of the focus (frames, then mentioned names) first, then by rank. */
  files: RepositoryMapFile[];
  shownFiles: number;
  omittedFiles: number;
  shownSymbols: number;
  omittedSymbols: number;
}

export { MAP_SIGNATURE_CHARS, type RepositoryMapFile } from './map-lines.js';

/** A definition to show (`focus` when a frame or a mentioned name chose it), or a bare file. */
type MapItem = { definition: Definition; focus?: true } | { path: string };

/**
 * Renders the repository map of an index within a token budget.
 *
 * Each file appears as `path:` followed by lines `42│ signature` (one per source line), indented
 * by scope depth, with the enclosing class or function line shown above a method for context;
 * files without definitions are listed by path when the budget allows; a last line counts what
 * was left out. Test files appear only when the focus points into them; platform twins
 * (`util_unix.go` / `util_windows.go`) show one copy of each definition, under a file line that
 * names the other twins. A long run of near-identical members (an object of lexer states, an
 * enum) shows its first two and a count with their lines, unless the focus names one of them.
 * Collapsed members count as shown.
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
  // What the focus named is never collapsed into a run of near-identical members.
  const focused = new Set(items.flatMap((item) => ('focus' in item ? [item.definition] : [])));
  const ancestry = createAncestry(index);
  const twins = new Map<string, string[]>();
  for (const group of platformTwinGroups(
    [...index.files.keys()].filter(isSource(index)),
  ).values()) {
    for (const path of group) twins.set(path, group);
  }
  const render = (count: number): RepositoryMap => {
    const files = selectFiles(items.slice(0, count), fileRanks, ancestry);
    const shownSymbols = files.reduce((sum, file) => sum + file.symbols.length, 0);
    const omittedFiles = totalFiles - files.length;
    const omittedSymbols = totalSymbols - shownSymbols;
    const lines = files.flatMap((file) =>
      formatFile(file, ancestry, twins.get(file.path), focused),
    );
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

/** Whether an indexed file is not a test (test helpers stay out of the map unless in focus). */
function isSource(index: RepositoryIndex): (path: string) => boolean {
  return (path) => fileRole(path, index.files.get(path)?.language ?? null) !== 'test';
}

/**
 * Frame definitions first (innermost frame first), then definitions of the focus identifiers
 * (unless more than 5 files define them), then the other ranked definitions outside test files
 * (one copy per set of platform twins), then bare files.
 */
function mapItems(index: RepositoryIndex, focus: Focus, ranking: RepositoryRanking): MapItem[] {
  const seen = new Set<Definition>();
  const twinKeys = new Set<string>();
  const items: MapItem[] = [];
  const source = isSource(index);
  const push = (definition: Definition, focus = false) => {
    if (seen.has(definition)) return;
    seen.add(definition);
    const stem = platformStem(definition.path);
    if (stem !== definition.path) {
      const key = `${stem}\0${definition.scope.join('.')}\0${definition.name}`;
      if (twinKeys.has(key) && !focus) return;
      twinKeys.add(key);
    }
    if (!focus && !source(definition.path)) return;
    items.push(focus ? { definition, focus: true } : { definition });
  };
  for (const frame of focus.frames ?? []) {
    if (frame.line === undefined) continue;
    const enclosing = innermostEnclosing(
      index.files.get(frame.path)?.definitions ?? [],
      frame.line,
    );
    if (enclosing !== undefined) push(enclosing, true);
  }
  const mentioned = new Set(
    (focus.identifiers ?? []).filter(
      (name) =>
        (ranking.graph.definers.get(name)?.size ?? 0) <= IDENTIFIER_WEIGHTS.commonDefinerCount,
    ),
  );
  for (const pair of ranking.definitions) {
    if (mentioned.has(pair.name)) {
      for (const definition of pair.definitions) push(definition, true);
    }
  }
  for (const pair of ranking.definitions)
    for (const definition of pair.definitions) push(definition);
  for (const { path } of ranking.files) {
    if ((index.files.get(path)?.definitions.length ?? 0) === 0 && source(path))
      items.push({ path });
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

/**
 * Groups chosen items by file, adds enclosing scopes, orders lines by number and files around the
 * focus: the files of the frames (innermost first) and of the mentioned names lead, in that
 * order, then the rest by rank.
 */
function selectFiles(
  items: readonly MapItem[],
  fileRanks: ReadonlyMap<string, { rank: number; order: number }>,
  ancestry: Ancestry,
): RepositoryMapFile[] {
  const chosen = new Map<string, Set<Definition>>();
  const focusOrder = new Map<string, number>();
  for (const item of items) {
    const path = 'definition' in item ? item.definition.path : item.path;
    if ('focus' in item && !focusOrder.has(path)) focusOrder.set(path, focusOrder.size);
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
    .sort(
      (a, b) =>
        (focusOrder.get(a.path) ?? focusOrder.size) - (focusOrder.get(b.path) ?? focusOrder.size) ||
        (fileRanks.get(a.path)?.order ?? 0) - (fileRanks.get(b.path)?.order ?? 0),
    );
}
